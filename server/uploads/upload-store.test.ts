// One contract for every upload store: local disk, PostgreSQL rows (PGlite and a PostgreSQL
// server) and an S3-compatible bucket (s3rver, a local S3 implementation started here).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { createPostgresDatabase } from '../test/harness.ts';
import { uploads } from '../db/schema.ts';
import { copyLocalUploads } from './copy-local-uploads.ts';
import { createS3UploadStore } from './s3-upload-store.ts';
import { createDbUploadStore, createLocalUploadStore, UPLOAD_KEY_RE, type UploadStore } from './upload-store.ts';

interface Subject {
  store: UploadStore;
  close(): Promise<void>;
}

const subjects: [string, () => Promise<Subject>][] = [
  [
    'local',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'uploads-'));
      return { store: createLocalUploadStore(dir), close: () => rm(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'db on PGlite',
    async () => {
      const database: Database = await openDatabase({ inMemory: true });
      return { store: createDbUploadStore(database.db), close: () => database.close() };
    },
  ],
  [
    's3 (s3rver)',
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 's3-'));
      const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'uploads', configs: [] }] });
      const { port } = await server.run();
      const store = createS3UploadStore({
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        bucket: 'uploads',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      });
      return {
        store,
        close: async () => {
          await server.close();
          await rm(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];
if (process.env.TEST_DATABASE_URL) {
  subjects.push([
    'db on PostgreSQL',
    async () => {
      const pg = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const database = await openDatabase({ databaseUrl: pg.url });
      return {
        store: createDbUploadStore(database.db),
        close: async () => {
          await database.close();
          await pg.drop();
        },
      };
    },
  ]);
}

describe.each(subjects)('upload store: %s', (_name, open) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await open();
  });
  afterAll(() => subject?.close());

  it('stores bytes under a fresh server-made key and gives them back unchanged', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const key = await subject.store.put(bytes, 'png');
    expect(key).toMatch(UPLOAD_KEY_RE);
    expect(await subject.store.get(key)).toEqual(bytes);
    expect(await subject.store.put(bytes, 'png')).not.toBe(key);
  });

  it('keeps a 5 MB file whole', async () => {
    const bytes = Buffer.alloc(5 * 1024 * 1024, 7);
    bytes[bytes.length - 1] = 9;
    const key = await subject.store.put(bytes, 'apk');
    expect((await subject.store.get(key))?.equals(bytes)).toBe(true);
  });

  it('answers null for a key it does not hold or that is not a key', async () => {
    expect(await subject.store.get('ab/00000000000000000000000000000000.png')).toBeNull();
    for (const bad of ['../../etc/passwd', 'ab/x.png', '', 'AB/00000000000000000000000000000000.png']) expect(await subject.store.get(bad)).toBeNull();
  });

  it('deletes, twice without complaint', async () => {
    const key = await subject.store.put(Buffer.from('x'), 'jpg');
    await subject.store.delete(key);
    await subject.store.delete(key);
    expect(await subject.store.get(key)).toBeNull();
  });

  it('copies a file in under its key once: a second copy keeps the first', async () => {
    const key = 'cd/cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd.webp';
    await subject.store.copyIn(key, Buffer.from('first'));
    await subject.store.copyIn(key, Buffer.from('second'));
    expect((await subject.store.get(key))?.toString()).toBe('first');
    await expect(subject.store.copyIn('../x.png', Buffer.from('x'))).rejects.toThrow(/not an upload key/);
  });

  it('takes 20 parallel uploads, each under its own key', async () => {
    const keys = await Promise.all(Array.from({ length: 20 }, (_, i) => subject.store.put(Buffer.from(`file ${i}`), 'png')));
    expect(new Set(keys).size).toBe(20);
    const back = await Promise.all(keys.map((k) => subject.store.get(k)));
    expect(back.map((b) => b?.toString())).toEqual(keys.map((_, i) => `file ${i}`));
  });
});

describe('copying local uploads into a shared store', () => {
  it('copies every upload under its key, leaves other files, and copies nothing twice', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'uploads-'));
    const database = await openDatabase({ inMemory: true });
    try {
      const local = createLocalUploadStore(dir);
      const keys = [await local.put(Buffer.from('proof one'), 'png'), await local.put(Buffer.from('proof two'), 'jpg'), await local.put(Buffer.from('app'), 'apk')];
      await writeFile(path.join(dir, 'notes.txt'), 'not an upload');
      const target = createDbUploadStore(database.db);
      expect(await copyLocalUploads(dir, target)).toEqual({ copied: 3, skipped: ['notes.txt'] });
      for (const key of keys) expect(await target.get(key)).toEqual(await local.get(key));
      expect((await copyLocalUploads(dir, target)).copied).toBe(3);
      expect((await database.db.select().from(uploads)).length).toBe(3);
      expect(await copyLocalUploads(path.join(dir, 'missing'), target)).toEqual({ copied: 0, skipped: [] });
    } finally {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
