// Opens the database: embedded PGlite in DATA_DIR/db by default, a PostgreSQL server when
// DATABASE_URL is set. Both speak through the same drizzle schema; migrations run here at boot,
// then the database functions whose files changed (server/db/functions.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import * as schema from './schema.ts';
import { describeDbError } from './db-errors.ts';
import { applyFunctionFiles, functionsUpToDate, readFunctionFiles, type FunctionFile, type SqlRunner } from './functions.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services that only write inside a caller's transaction take this. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (null for the embedded database, which has one). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Timeouts on every PostgreSQL connection, so a stuck query or transaction cannot hold one forever. */
export const DB_TIMEOUTS = {
  connectMs: 5_000,
  statementMs: 15_000,
  lockMs: 10_000,
  idleInTransactionMs: 30_000,
  queryMs: 20_000,
} as const;

/** Any fixed number: the advisory lock that makes several starting processes migrate once. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** Called when a pooled connection is lost; defaults to a console line. */
  onPoolError?: (err: Error) => void;
  /** Connections in the PostgreSQL pool (default 20). */
  poolSize?: number;
  /** The database functions to hold (default: server/db/functions); tests change one. */
  functionFiles?: FunctionFile[];
}): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 20,
      keepAlive: true,
      // A connection that cannot be made in time fails the request (503) instead of queueing it forever.
      connectionTimeoutMillis: DB_TIMEOUTS.connectMs,
      // Server-side guards: no statement runs longer, no transaction sits idle holding its locks.
      statement_timeout: DB_TIMEOUTS.statementMs,
      lock_timeout: DB_TIMEOUTS.lockMs,
      idle_in_transaction_session_timeout: DB_TIMEOUTS.idleInTransactionMs,
      // Client-side guard for a server that stops answering altogether (a network partition).
      query_timeout: DB_TIMEOUTS.queryMs,
    });
    // A server connection can end at any moment (a restart, a failover, pg_terminate_backend). pg
    // reports it as an 'error' event on the client, idle or checked out; an 'error' event nobody
    // listens to ends the process. Every client gets a listener the moment it connects; the query
    // in flight fails on its own (and the request answers 503) and the pool drops the broken client.
    const onLost = opts.onPoolError ?? ((e: Error) => console.error(`database connection lost: ${describeDbError(e)}`));
    pool.on('connect', (client) => {
      client.on('error', onLost);
    });
    pool.on('error', onLost);
    const db = drizzle(pool, { schema }) as unknown as Db;
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrate(drizzle(lockClient, { schema }), { migrationsFolder });
      await applyFunctionFiles(lockClient, opts.functionFiles ?? readFunctionFiles());
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lockClient.release();
    }
    return { db, kind: 'postgres', close: () => pool.end(), poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataPath: string | undefined;
  if (!opts.inMemory) {
    if (!opts.dataDir) throw new Error('dataDir is required for the embedded database');
    dataPath = path.join(opts.dataDir, 'db');
    await mkdir(dataPath, { recursive: true });
    await initEmbeddedDataDir(dataPath);
  }
  // pg_trgm backs the part-of-a-number admin search; PGlite loads contrib extensions explicitly.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // shared_buffers: PGlite's default (128 MB, inside the WebAssembly heap) doubles an idle
  // process's memory for a cache the operating system's page cache already provides; 16 MB keeps
  // an idle server near 200 MB (bench row start.pglite-idle-rss).
  const options = { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };
  keepWasmOptimisationOffTheStartPath();
  const client = dataPath ? new PGlite(dataPath, options) : new PGlite(options);
  const db = drizzle(client, { schema }) as unknown as Db;
  // Read while PGlite compiles and starts in the background.
  const functionFiles = opts.functionFiles ?? readFunctionFiles();
  if (!(await embeddedUpToDate(client, functionFiles))) {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    await applyFunctionFiles(client, functionFiles);
  }
  return { db, kind: 'pglite', close: () => client.close(), poolStats: () => null };
}

/**
 * PGlite's postgres is 9 MB of WebAssembly. V8 runs each function first as baseline code and
 * recompiles it with its optimising compiler once it has run for its "tiering budget". At the
 * default budget, postgres's own start makes hundreds of functions due, and that background
 * recompilation (about 300 ms on two cores) held up the first request. Ten times the budget keeps
 * most of it off the start; what a running server keeps using is still optimised within seconds
 * (steady-state query speed measured the same after a few seconds of load; bench row
 * start.pglite). What does come due compiles on one background thread rather than one per core:
 * on two cores, several optimising threads took the CPU from start-up itself (a 20% slower
 * restart) while steady-state speed was the same. Set before PGlite compiles its module; the only
 * WebAssembly the server runs.
 */
function keepWasmOptimisationOffTheStartPath(): void {
  setFlagsFromString('--wasm-tiering-budget=18000000');
  setFlagsFromString('--wasm-num-compilation-tasks=1');
}

/**
 * Creates a new embedded data directory in a short-lived child process. PGlite's initdb runs in a
 * second WebAssembly instance whose memory (several hundred MB) stays referenced for the life of
 * the process that ran it; doing it elsewhere keeps a first start as lean as every later one.
 */
async function initEmbeddedDataDir(dataPath: string): Promise<void> {
  if (existsSync(path.join(dataPath, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)}); const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dataPath], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the embedded database failed (exit ${code}): ${stderr.trim()}`))));
  });
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

let journal: Promise<{ entries: unknown[] }> | undefined;
/** drizzle's list of this build's migrations (read once: the start and /readyz both count it). */
function readJournal(): Promise<{ entries: unknown[] }> {
  journal ??= readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8').then((text) => JSON.parse(text) as { entries: unknown[] });
  return journal;
}

/** How many migrations this build has (its journal), to compare with those the database applied. */
export async function expectedMigrations(): Promise<number> {
  return (await readJournal()).entries.length;
}

/**
 * Whether the embedded database already has every migration of this build, counted as /readyz
 * counts them, and every function file's version, so that the migrator (which reads and hashes
 * every migration file and runs four statements, a tenth of a restart) has nothing to do. One
 * query; before the first migration (or before 0020) a table is missing and the answer is no.
 */
async function embeddedUpToDate(client: SqlRunner, files: FunctionFile[]): Promise<boolean> {
  try {
    const { rows } = await client.query(
      `select (select count(*)::int from drizzle.__drizzle_migrations) as n,
              (select coalesce(json_agg(json_build_array(name, sha256)), '[]') from db_function_files)::text as f`,
    );
    const row = rows[0] as { n: number; f: string };
    return row.n >= (await expectedMigrations()) && functionsUpToDate(files, new Map(JSON.parse(row.f) as [string, string][]));
  } catch {
    return false;
  }
}

/** Migrations the database has applied (drizzle's own table). */
export async function appliedMigrations(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
