// Backups: one file holding a consistent dump of the database and the uploads that live outside
// it, and the way back. PostgreSQL is dumped with pg_dump (custom format, a consistent snapshot
// while the servers keep running) and restored with pg_restore; the embedded database is PGlite's
// own dump of its data directory, refused while a server holds it (PGlite is one process's
// database: data-dir-lock.ts). An embedded backup restores into a new DATA_DIR, or into an empty
// PostgreSQL database: the move off the embedded default (move-to-postgres.ts, decision 033).
// Uploads kept on local disk travel in the file; with STORAGE=db they are inside the dump; an S3
// bucket is backed up by its own means (the manifest says so). By default a backup goes to
// DATA_DIR/backups/, readable by its owner only: it holds every person's data and the secrets key.
//
// File format: gzip of "REFERRALHUB-BACKUP 1\n", one line of JSON (the manifest, listing the
// sections and their sizes), then the sections' bytes in that order.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Config } from '../env.ts';
import { listLocalFiles } from '../uploads/copy-local-uploads.ts';
import { UPLOAD_KEY_RE, type UploadStore } from '../uploads/upload-store.ts';
import { loadSecretsKey } from '../secrets-key.ts';
import { refuseWhileServerHolds } from './data-dir-lock.ts';
import { moveEmbeddedToPostgres, type MoveResult } from './move-to-postgres.ts';

const MAGIC = 'REFERRALHUB-BACKUP 1\n';
/** The generated secrets key of an embedded install (server/secrets-key.ts). */
const SECRETS_KEY_FILE = 'secrets.key';

export interface BackupManifest {
  createdAt: string;
  database: 'postgres' | 'pglite';
  storage: Config['storage']['kind'];
  sections: { name: string; bytes: number }[];
}

/** The database URL as libpq's environment, so no password shows in the process list. */
function pgEnv(url: string): NodeJS.ProcessEnv {
  const u = new URL(url);
  const sslmode = u.searchParams.get('sslmode');
  return {
    ...process.env,
    PGHOST: u.hostname,
    PGPORT: u.port || '5432',
    PGUSER: decodeURIComponent(u.username),
    PGPASSWORD: decodeURIComponent(u.password),
    PGDATABASE: decodeURIComponent(u.pathname.slice(1)),
    ...(sslmode ? { PGSSLMODE: sslmode } : {}),
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (e) => reject(new Error(`${command} could not run (${e.message}); install the PostgreSQL client tools`)));
    child.on('exit', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`${command} failed (exit ${code}): ${err.trim()}`))));
  });
}

async function openEmbedded(dataPath: string, loadDataDir?: Blob) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(dataPath, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

/** Where `npm run backup` writes when no file is named: DATA_DIR/backups/, stamped with the time. */
export function defaultBackupFile(config: Config, now: Date = new Date()): string {
  return path.join(config.dataDir, 'backups', `referralhub-${now.toISOString().replace(/[:.]/g, '-')}.backup`);
}

/** Writes a backup of the database `config` names (and its local uploads) to `file`. */
export async function writeBackup(config: Config, file: string): Promise<BackupManifest> {
  const sections: { name: string; data: Buffer }[] = [];
  let database: BackupManifest['database'];
  if (config.databaseUrl) {
    database = 'postgres';
    sections.push({ name: 'database', data: await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges'], pgEnv(config.databaseUrl)) });
  } else {
    database = 'pglite';
    const dataPath = path.join(config.dataDir, 'db');
    if (!existsSync(dataPath)) throw new Error(`no embedded database in ${dataPath}`);
    // Opening it beside a running server would copy pages the server has not written yet.
    refuseWhileServerHolds(config.dataDir, 'back it up');
    const pg = await openEmbedded(dataPath);
    try {
      sections.push({ name: 'database', data: Buffer.from(await (await pg.dumpDataDir('gzip')).arrayBuffer()) });
    } finally {
      await pg.close();
    }
  }
  // An embedded install's generated secrets key seals its TOTP secrets: it travels with the data.
  const keyFile = path.join(config.dataDir, SECRETS_KEY_FILE);
  if (!config.secretsKey && existsSync(keyFile)) sections.push({ name: SECRETS_KEY_FILE, data: await readFile(keyFile) });
  if (config.storage.kind === 'local') {
    for (const upload of await listLocalFiles(path.join(config.dataDir, 'uploads'))) {
      if (UPLOAD_KEY_RE.test(upload.key)) sections.push({ name: `uploads/${upload.key}`, data: await readFile(upload.path) });
    }
  }
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database,
    storage: config.storage.kind,
    sections: sections.map((s) => ({ name: s.name, bytes: s.data.length })),
  };
  // The folder and the file for their owner only: the file is every person's data and the key.
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, gzipSync(Buffer.concat([Buffer.from(MAGIC + JSON.stringify(manifest) + '\n'), ...sections.map((s) => s.data)])), { mode: 0o600 });
  return manifest;
}

/** Reads a backup file: its manifest and its sections by name. */
export async function readBackup(file: string): Promise<{ manifest: BackupManifest; sections: Map<string, Buffer> }> {
  const raw = gunzipSync(await readFile(file));
  if (!raw.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) throw new Error(`${file} is not a backup made by npm run backup`);
  const end = raw.indexOf(0x0a, MAGIC.length);
  const manifest = JSON.parse(raw.subarray(MAGIC.length, end).toString('utf8')) as BackupManifest;
  const sections = new Map<string, Buffer>();
  let offset = end + 1;
  for (const s of manifest.sections) {
    sections.set(s.name, raw.subarray(offset, offset + s.bytes));
    offset += s.bytes;
  }
  if (offset !== raw.length) throw new Error(`${file} is damaged: its sections do not add up`);
  return { manifest, sections };
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** The key the restored data is sealed with (the ledger check needs it). */
  secretsKey: Buffer;
  /**
   * After the move to PostgreSQL with SECRETS_KEY unset: the embedded install's generated key
   * (64 hex), which every process must now be started with. Null when nothing is to be set anew.
   */
  secretsKeyToSet: string | null;
  /** What the move to PostgreSQL copied (embedded backup into PostgreSQL only). */
  moved: MoveResult | null;
}

/**
 * The key the data of a backup restored into PostgreSQL is sealed with: the embedded install's
 * generated key when the backup carries one (SECRETS_KEY, if set, must be that key), else the
 * SECRETS_KEY the environment gives.
 */
function keyForPostgres(config: Config, fromBackup: Buffer | undefined): { key: Buffer; toSet: string | null } {
  if (fromBackup) {
    const hex = fromBackup.toString('utf8').trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error('the secrets key in the backup is damaged (not 64 hex characters)');
    if (config.secretsKey && config.secretsKey.toLowerCase() !== hex) {
      throw new Error(
        'SECRETS_KEY differs from the key this embedded install generated, which its data (two-factor secrets, the ledger seal) is sealed with: ' +
          'unset SECRETS_KEY and the restore prints the key to set (to change keys, move first, then npm run secrets:rotate)',
      );
    }
    return { key: Buffer.from(hex, 'hex'), toSet: config.secretsKey ? null : hex };
  }
  if (!config.secretsKey) {
    throw new Error('this backup carries no secrets key (the install ran with SECRETS_KEY set): set SECRETS_KEY to that key');
  }
  return { key: Buffer.from(config.secretsKey, 'hex'), toSet: null };
}

/**
 * Restores a backup into the database `config` names, which must be empty (a new PostgreSQL
 * database, or a DATA_DIR without a database), and its uploads into the configured store. An
 * embedded backup goes into either; a PostgreSQL backup only into PostgreSQL.
 */
export async function restoreBackup(config: Config, file: string, uploads: () => Promise<UploadStore>): Promise<RestoreResult> {
  const { manifest, sections } = await readBackup(file);
  const dump = sections.get('database');
  if (!dump) throw new Error('the backup has no database section');
  const key = sections.get(SECRETS_KEY_FILE);
  let secretsKey: Buffer;
  let secretsKeyToSet: string | null = null;
  let moved: MoveResult | null = null;
  if (manifest.database === 'postgres') {
    if (!config.databaseUrl) throw new Error('this backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into');
    if (!config.secretsKey) throw new Error('set SECRETS_KEY to the key the servers of this database use');
    secretsKey = Buffer.from(config.secretsKey, 'hex');
    const dir = await mkdtemp(path.join(tmpdir(), 'restore-'));
    try {
      const dumpFile = path.join(dir, 'database.dump');
      await writeFile(dumpFile, dump);
      const env = pgEnv(config.databaseUrl);
      await run('pg_restore', ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${env.PGDATABASE}`, dumpFile], env);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  } else if (config.databaseUrl) {
    // The move off the embedded default. The generated key is not written anywhere here: a
    // PostgreSQL install takes SECRETS_KEY from its environment, every process the same.
    const chosen = keyForPostgres(config, key);
    secretsKey = chosen.key;
    secretsKeyToSet = chosen.toSet;
    moved = await moveEmbeddedToPostgres(dump, config.databaseUrl, secretsKey);
  } else {
    const dataPath = path.join(config.dataDir, 'db');
    if (existsSync(dataPath) && (await readdir(dataPath)).length > 0) throw new Error(`${dataPath} is not empty: restore into a new DATA_DIR`);
    await mkdir(dataPath, { recursive: true });
    const pg = await openEmbedded(dataPath, new Blob([new Uint8Array(dump)]));
    await pg.close();
    if (key && !config.secretsKey) {
      await writeFile(path.join(config.dataDir, SECRETS_KEY_FILE), key, { flag: 'wx', mode: 0o600 }).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
        throw new Error(`${path.join(config.dataDir, SECRETS_KEY_FILE)} already exists: restore into a new DATA_DIR`);
      });
    }
    secretsKey = await loadSecretsKey(config.secretsKey, config.dataDir);
  }
  // Into whatever store this install uses, under the keys they had.
  const files = [...sections.entries()].filter(([name]) => name.startsWith('uploads/'));
  if (files.length > 0) {
    const store = await uploads();
    for (const [name, bytes] of files) await store.copyIn(name.slice('uploads/'.length), bytes);
  }
  return { manifest, secretsKey, secretsKeyToSet, moved };
}
