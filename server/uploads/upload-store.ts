// Where uploaded screenshots (and the Android app package) live, behind one interface:
//   local  files under DATA_DIR/uploads (the embedded default: one process, one disk)
//   db     rows in PostgreSQL (the default with DATABASE_URL: every process reads them)
//   s3     objects in an S3-compatible bucket (server/uploads/s3-upload-store.ts)
// Keys are made by the server ("ab/<32 hex>.png"), never by a client, so no key can name a path.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

export interface UploadStore {
  readonly kind: 'local' | 'db' | 's3';
  /** Saves bytes under a fresh server-made key and returns the key. */
  put(bytes: Buffer, ext: string): Promise<string>;
  /** Saves bytes under a given key (copying from another store); a key already there is kept. */
  copyIn(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export const UPLOAD_KEY_RE = /^[0-9a-f]{2}\/[0-9a-f]{32}\.(png|jpg|webp|apk)$/;

export function newUploadKey(ext: string): string {
  const name = randomBytes(16).toString('hex');
  const key = `${name.slice(0, 2)}/${name}.${ext}`;
  if (!UPLOAD_KEY_RE.test(key)) throw new Error(`unsupported upload type: ${ext}`);
  return key;
}

export function createLocalUploadStore(dir: string): UploadStore {
  const write = async (key: string, bytes: Buffer, flag: 'wx') => {
    await mkdir(path.join(dir, key.slice(0, 2)), { recursive: true });
    await writeFile(path.join(dir, key), bytes, { flag });
  };
  return {
    kind: 'local',
    async put(bytes, ext) {
      const key = newUploadKey(ext);
      await write(key, bytes, 'wx');
      return key;
    },
    async copyIn(key, bytes) {
      if (!UPLOAD_KEY_RE.test(key)) throw new Error(`not an upload key: ${key}`);
      await write(key, bytes, 'wx').catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
    },
    async get(key) {
      if (!UPLOAD_KEY_RE.test(key)) return null;
      try {
        return await readFile(path.join(dir, key));
      } catch {
        return null;
      }
    },
    async delete(key) {
      if (!UPLOAD_KEY_RE.test(key)) return;
      await rm(path.join(dir, key), { force: true });
    },
  };
}

/** Uploads as rows of the `uploads` table (migration 0008): shared by every process on the database. */
export function createDbUploadStore(db: DbOrTx): UploadStore {
  const insert = async (key: string, bytes: Buffer) => {
    await db.execute(sql`insert into uploads (key, bytes, size_bytes) values (${key}, ${bytes}, ${bytes.length}) on conflict (key) do nothing`);
  };
  return {
    kind: 'db',
    async put(bytes, ext) {
      const key = newUploadKey(ext);
      await insert(key, bytes);
      return key;
    },
    async copyIn(key, bytes) {
      if (!UPLOAD_KEY_RE.test(key)) throw new Error(`not an upload key: ${key}`);
      await insert(key, bytes);
    },
    async get(key) {
      if (!UPLOAD_KEY_RE.test(key)) return null;
      const [row] = await queryRows<{ bytes: Uint8Array }>(db, sql`select bytes from uploads where key = ${key}`);
      return row ? Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength) : null;
    },
    async delete(key) {
      if (!UPLOAD_KEY_RE.test(key)) return;
      await db.execute(sql`delete from uploads where key = ${key}`);
    },
  };
}
