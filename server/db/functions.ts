// The database functions (the money rules, DESIGN.md section 17) live one per file in
// server/db/functions, each its single live definition. After the versioned migrations, every file
// whose content hash differs from the one recorded in db_function_files is applied (CREATE OR
// REPLACE, in dependency order) in one transaction, under the migrations' advisory lock; a function
// whose file is gone is dropped. Decision 030.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The functions folder beside this module: server/db/functions, or dist/server/functions in a build. */
export const functionsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');

export interface FunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  sql: string;
  sha256: string;
}

/** What the migrator needs of a connection: one statement at a time, with parameters. */
export interface SqlRunner {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const FILE_NAME = /^[a-z_][a-z0-9_]*\.sql$/;

/** Reads the folder's function files and their hashes (on every start: kept to reading and hashing). */
export function readFunctionFiles(folder: string = functionsFolder): FunctionFile[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      if (!FILE_NAME.test(f)) throw new Error(`function file ${f}: the name must be the function's name (lower case, digits, _)`);
      const sql = readFileSync(path.join(folder, f), 'utf8');
      return { name: f.slice(0, -'.sql'.length), sql, sha256: createHash('sha256').update(sql).digest('hex') };
    });
}

/** The other functions of `files` that each one calls, by name. */
export function functionCalls(files: FunctionFile[]): Map<string, string[]> {
  const names = new Set(files.map((f) => f.name));
  return new Map(
    files.map((f) => {
      const body = f.sql.replace(/--[^\n]*/g, '');
      const called = new Set([...body.matchAll(/\b([a-z_][a-z0-9_]*)\s*\(/g)].map((m) => m[1]!));
      return [f.name, [...called].filter((n) => n !== f.name && names.has(n))];
    }),
  );
}

/**
 * Callees first. PL/pgSQL bodies are only resolved when they run, but a SQL-language body is
 * checked at CREATE, so what it calls must exist already. A cycle (functions calling each other,
 * which only PL/pgSQL allows) keeps the name order among its members.
 */
export function inDependencyOrder(files: FunctionFile[]): FunctionFile[] {
  const calls = functionCalls(files);
  const byName = new Map(files.map((f) => [f.name, f]));
  const ordered: FunctionFile[] = [];
  const seen = new Set<string>();
  const visit = (f: FunctionFile): void => {
    if (seen.has(f.name)) return;
    seen.add(f.name);
    for (const callee of calls.get(f.name)!) visit(byName.get(callee)!);
    ordered.push(f);
  };
  files.forEach(visit);
  return ordered;
}

/** Each file must define the function it is named after, and nothing it is not named after. */
function checkDefinesItsName(f: FunctionFile): void {
  const defined = [...f.sql.matchAll(/^CREATE OR REPLACE FUNCTION ([a-z_][a-z0-9_]*)\(/gm)].map((m) => m[1]);
  if (defined.length !== 1 || defined[0] !== f.name) {
    throw new Error(`function file ${f.name}.sql must define ${f.name} (one CREATE OR REPLACE FUNCTION ${f.name}(), and no other function`);
  }
}

/** The hashes the database last applied, by function name (empty before migration 0020). */
export async function recordedFunctionHashes(runner: SqlRunner): Promise<Map<string, string>> {
  const { rows } = await runner.query('select name, sha256 from db_function_files');
  return new Map(rows.map((r) => [String(r.name), String(r.sha256)]));
}

/** Whether the database holds exactly these files' versions (nothing to apply, nothing to drop). */
export function functionsUpToDate(files: FunctionFile[], recorded: Map<string, string>): boolean {
  return files.length === recorded.size && files.every((f) => recorded.get(f.name) === f.sha256);
}

export interface FunctionSyncResult {
  applied: string[];
  dropped: string[];
}

/**
 * Applies what changed, in one transaction on `runner` (a connection of its own; on PostgreSQL the
 * caller holds the migrations' advisory lock, so of several processes starting together one
 * applies and the others find nothing to do).
 */
export async function applyFunctionFiles(runner: SqlRunner, files: FunctionFile[] = readFunctionFiles()): Promise<FunctionSyncResult> {
  // CREATE OR REPLACE cannot change a function's result type or its parameters' names (SQLSTATE
  // 42P13). Such a function is dropped and created anew: the transaction starts again with it
  // named here. (No savepoints: rows a savepoint writes carry another transaction id than the
  // one the stale-overload check below compares with.)
  const recreate = new Set<string>();
  for (;;) {
    await runner.query('begin');
    let current: FunctionFile | undefined;
    try {
      const recorded = await recordedFunctionHashes(runner);
      const changed = inDependencyOrder(files).filter((f) => recorded.get(f.name) !== f.sha256);
      changed.forEach(checkDefinesItsName);
      const present = new Set(files.map((f) => f.name));
      const gone = [...recorded.keys()].filter((name) => !present.has(name));
      for (const f of changed) {
        current = f;
        if (recreate.has(f.name)) await dropFunctions(runner, f.name, { staleOnly: false });
        await runner.query(f.sql);
      }
      current = undefined;
      // CREATE OR REPLACE with other parameters makes a second function of the same name beside
      // the old one (an overload, which would make calls ambiguous): what this transaction did not
      // write is an old definition. A function whose file is gone is dropped whole.
      for (const f of changed) await dropFunctions(runner, f.name, { staleOnly: true });
      for (const name of gone) {
        await dropFunctions(runner, name, { staleOnly: false });
        await runner.query('delete from db_function_files where name = $1', [name]);
      }
      for (const f of changed) {
        await runner.query(
          `insert into db_function_files (name, sha256, applied_at) values ($1, $2, now())
           on conflict (name) do update set sha256 = excluded.sha256, applied_at = excluded.applied_at,
             applied_count = db_function_files.applied_count + 1`,
          [f.name, f.sha256],
        );
      }
      await runner.query('commit');
      return { applied: changed.map((f) => f.name), dropped: gone };
    } catch (err) {
      await runner.query('rollback').catch(() => undefined);
      if (current && (err as { code?: string }).code === '42P13' && !recreate.has(current.name)) {
        recreate.add(current.name);
        continue;
      }
      if (current) throw new Error(`function file ${current.name}.sql: ${(err as Error).message}`, { cause: err });
      throw err;
    }
  }
}

/** Drops the public functions of this name: all of them, or those this transaction did not write. */
async function dropFunctions(runner: SqlRunner, name: string, opts: { staleOnly: boolean }): Promise<void> {
  // A row this transaction wrote carries its id as xmin; txid_current() is that id with an epoch above it.
  const { rows } = await runner.query(
    `select p.oid::regprocedure::text as signature from pg_proc p
     where p.pronamespace = 'public'::regnamespace and p.proname = $1
       and ($2::boolean is false or p.xmin::text::bigint <> txid_current() % 4294967296)`,
    [name, opts.staleOnly],
  );
  for (const r of rows) await runner.query(`drop function ${String(r.signature)}`);
}
