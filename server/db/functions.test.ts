// The database functions have one live definition each, in server/db/functions: a fresh database
// and one migrated by the code before the files existed both end with exactly the files'
// definitions; a changed file is applied at the next start, once, even when two processes start
// together on one PostgreSQL; a changed signature or a removed file leaves no old function behind.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, drivers, type Driver } from '../test/harness.ts';
import { openDatabase } from './client.ts';
import { functionCalls, functionsFolder, inDependencyOrder, readFunctionFiles, type FunctionFile, type SqlRunner } from './functions.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.join(here, 'migrations');
/** The last migration before function files existed: the state today's databases are in. */
const BEFORE_FUNCTION_FILES = 20;

interface Opened {
  runner: SqlRunner;
  close(): Promise<void>;
}

/**
 * Starts the app's database (openDatabase: migrations, then function files) on `target` holding
 * `files`, closes it, and opens a plain connection to look inside.
 */
async function openWith(driver: Driver, target: { url?: string; dataDir?: string }, files?: FunctionFile[]): Promise<Opened> {
  await (await openDatabase({ databaseUrl: target.url, dataDir: target.dataDir, functionFiles: files })).close();
  if (driver === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    return { runner: { query: (text, params) => client.query(text, params) }, close: () => client.end() };
  }
  const client = new PGlite(path.join(target.dataDir!, 'db'), { extensions: { pg_trgm } });
  return { runner: { query: (text, params) => client.query<Record<string, unknown>>(text, params) }, close: () => client.close() };
}

/** Every rh_ function the database holds: its full definition, by signature. */
async function liveDefinitions(runner: SqlRunner): Promise<Map<string, string>> {
  const { rows } = await runner.query(
    `select p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as def
     from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname like 'rh\\_%' order by 1`,
  );
  return new Map(rows.map((r) => [String(r.signature), String(r.def)]));
}

/**
 * The database's functions are exactly the files': one function per file, nothing else named rh_,
 * and running every file again (in a transaction rolled back) changes no definition.
 */
async function expectDefinitionsMatchFiles(runner: SqlRunner, files: FunctionFile[]): Promise<void> {
  const live = await liveDefinitions(runner);
  const liveNames = [...live.keys()].map((sig) => sig.slice(0, sig.indexOf('('))).sort();
  expect(liveNames).toEqual(files.map((f) => f.name).sort());
  await runner.query('begin');
  try {
    for (const f of files) await runner.query(f.sql);
    expect(await liveDefinitions(runner)).toEqual(live);
  } finally {
    await runner.query('rollback');
  }
  const { rows } = await runner.query('select name, sha256 from db_function_files order by name');
  expect(rows).toEqual([...files].sort((a, b) => a.name.localeCompare(b.name)).map((f) => ({ name: f.name, sha256: f.sha256 })));
}

/** A copy of the function folder with `edit` applied to one file's text. */
async function editedFolder(name: string, edit: (sql: string) => string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rh-functions-'));
  await cp(functionsFolder, dir, { recursive: true });
  const file = path.join(dir, `${name}.sql`);
  await writeFile(file, edit(await readFile(file, 'utf8')));
  return dir;
}

/** The migrations folder as it was before function files: its journal cut at 0019. */
async function migrationsBeforeFunctionFiles(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rh-migrations-'));
  await cp(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < BEFORE_FUNCTION_FILES);
  await writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

const files = readFunctionFiles();

describe('function files', () => {
  it('name every function of the money rules once, with callees before callers', () => {
    expect(files.length).toBeGreaterThanOrEqual(26);
    expect(new Set(files.map((f) => f.name)).size).toBe(files.length);
    const calls = functionCalls(files);
    const position = new Map(inDependencyOrder(files).map((f, i) => [f.name, i]));
    for (const f of files) {
      for (const callee of calls.get(f.name)!) expect(position.get(callee)!, `${f.name} calls ${callee}`).toBeLessThan(position.get(f.name)!);
    }
    expect(calls.get('rh_decide_payment')).toEqual(expect.arrayContaining(['rh_post_entry', 'rh_activate']));
  });

  it('each starts with a comment saying what it decides and who calls it', () => {
    for (const f of files) {
      expect(f.sql.startsWith('-- '), f.name).toBe(true);
      expect(f.sql.slice(0, f.sql.indexOf('CREATE OR REPLACE FUNCTION')), f.name).toMatch(/(Called by|Used by|Fired by)/);
    }
  });

  it('no migration after 0020 defines a function (migrations change tables; functions change in their file)', async () => {
    const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
    for (const e of journal.entries.filter((x) => x.idx >= BEFORE_FUNCTION_FILES)) {
      const text = await readFile(path.join(migrationsFolder, `${e.tag}.sql`), 'utf8');
      expect(text, e.tag).not.toMatch(/CREATE (OR REPLACE )?FUNCTION/i);
    }
  });
});

describe.each(drivers)('database functions on %s', (driver) => {
  const base = process.env.TEST_DATABASE_URL;
  let cleanups: (() => Promise<void>)[] = [];
  beforeAll(() => {
    cleanups = [];
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A new empty database of this driver (a PostgreSQL database, or an embedded data folder). */
  async function newTarget(): Promise<{ url?: string; dataDir?: string }> {
    if (driver === 'postgres') {
      const pg = await createPostgresDatabase(base!);
      cleanups.push(() => pg.drop());
      return { url: pg.url };
    }
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rh-fn-db-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return { dataDir };
  }

  it('a fresh database ends with definitions identical to the files', async () => {
    const db = await openWith(driver, await newTarget());
    try {
      await expectDefinitionsMatchFiles(db.runner, files);
    } finally {
      await db.close();
    }
  });

  it('a database migrated by the code before function files ends with definitions identical to the files', async () => {
    const target = await newTarget();
    const oldMigrations = await migrationsBeforeFunctionFiles();
    cleanups.push(() => rm(oldMigrations, { recursive: true, force: true }));
    if (driver === 'postgres') {
      const { default: pg } = await import('pg');
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      await migrate(drizzle(client), { migrationsFolder: oldMigrations });
      await client.end();
    } else {
      const client = new PGlite(path.join(target.dataDir!, 'db'), { extensions: { pg_trgm } });
      await migratePglite(drizzlePglite(client), { migrationsFolder: oldMigrations });
      await client.close();
    }
    const db = await openWith(driver, target);
    try {
      await expectDefinitionsMatchFiles(db.runner, files);
    } finally {
      await db.close();
    }
  });

  it('a changed file is applied at the next start, once; an unchanged one is left alone', async () => {
    const target = await newTarget();
    await (await openWith(driver, target)).close();
    const dir = await editedFolder('rh_wallet_line_type', (s) => s.replace("WHEN 'hold_release' THEN 'release'", "WHEN 'hold_release' THEN 'release'\n    WHEN 'tax_refund' THEN 'refund'"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const changed = readFunctionFiles(dir);
    const db = await openWith(driver, target, changed);
    try {
      await expectDefinitionsMatchFiles(db.runner, changed);
      const { rows } = await db.runner.query(`select rh_wallet_line_type('tax_refund', 5) as t`);
      expect(rows[0]!.t).toBe('refund');
      const counts = await db.runner.query('select name, applied_count from db_function_files where applied_count <> 1');
      expect(counts.rows).toEqual([{ name: 'rh_wallet_line_type', applied_count: 2 }]);
    } finally {
      await db.close();
    }
    // Started again with the same files: nothing to apply.
    const again = await openWith(driver, target, changed);
    try {
      const counts = await again.runner.query('select name, applied_count from db_function_files where applied_count <> 1');
      expect(counts.rows).toEqual([{ name: 'rh_wallet_line_type', applied_count: 2 }]);
    } finally {
      await again.close();
    }
  });

  it('new parameters, a new result type and a removed file leave no old function behind', async () => {
    const target = await newTarget();
    await (await openWith(driver, target)).close();
    const dir = await editedFolder('rh_rupees_short', (s) =>
      s
        .replace('rh_rupees_short(paise bigint) RETURNS text', 'rh_rupees_short(paise bigint, p_symbol text DEFAULT \'₹\') RETURNS text')
        .replace("SELECT '₹' ||", 'SELECT p_symbol ||'),
    );
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(
      path.join(dir, 'rh_wallet_line_type.sql'),
      (await readFile(path.join(dir, 'rh_wallet_line_type.sql'), 'utf8')).replace('amount bigint) RETURNS text', 'amount bigint) RETURNS varchar'),
    );
    await rm(path.join(dir, 'rh_held_account.sql'));
    await writeFile(path.join(dir, 'rh_use_spin.sql'), (await readFile(path.join(dir, 'rh_use_spin.sql'), 'utf8')).replace('rh_held_account(p_user, p_at)', 'p_user'));
    const changed = readFunctionFiles(dir);
    const db = await openWith(driver, target, changed);
    try {
      await expectDefinitionsMatchFiles(db.runner, changed);
      const { rows } = await db.runner.query(`select rh_rupees_short(40000) as a, rh_rupees_short(40050, 'Rs ') as b, pg_typeof(rh_wallet_line_type('x', 1))::text as t`);
      expect(rows[0]).toEqual({ a: '₹400', b: 'Rs 400.50', t: 'character varying' });
    } finally {
      await db.close();
    }
  });

  it.runIf(driver === 'postgres')('two processes starting together on one PostgreSQL apply a changed file once', async () => {
    const target = await newTarget();
    await (await openWith(driver, target)).close();
    const dir = await editedFolder('rh_rupees', (s) => s.replace("SELECT CASE WHEN paise < 0", "SELECT /* two processes */ CASE WHEN paise < 0"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const script = `
      const { openDatabase } = await import(${JSON.stringify(path.join(here, 'client.ts'))});
      const { readFunctionFiles } = await import(${JSON.stringify(path.join(here, 'functions.ts'))});
      const d = await openDatabase({ databaseUrl: process.argv[1], functionFiles: readFunctionFiles(process.argv[2]) });
      await d.close();`;
    const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, target.url!, dir], { cwd: path.join(here, '..', '..') });
    await Promise.all([run(), run()]);
    const db = await openWith(driver, target, readFunctionFiles(dir));
    try {
      await expectDefinitionsMatchFiles(db.runner, readFunctionFiles(dir));
      const counts = await db.runner.query('select name, applied_count from db_function_files where applied_count <> 1');
      expect(counts.rows).toEqual([{ name: 'rh_rupees', applied_count: 2 }]);
    } finally {
      await db.close();
    }
  });
});
