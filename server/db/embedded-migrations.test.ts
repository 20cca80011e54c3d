// A restart of the embedded database skips the migrator when the database already has every
// migration and every function file of this build; one that is behind (an upgrade) still gets what
// it lacks. (A changed function file alone: server/db/functions.test.ts.)
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations, expectedMigrations, openDatabase } from './client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('embedded database migrations at start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rh-migrations-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  /** When each function file was last applied (empty when the newest migration's table is missing). */
  async function functionsAppliedAt(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<string> {
    const result = await db.execute(sql`select coalesce(string_agg(name || '@' || applied_at::text, ',' order by name), '') as s from db_function_files`);
    return (result as unknown as { rows: { s: string }[] }).rows[0]!.s;
  }

  it('a first start applies every migration and a restart finds nothing to do', async () => {
    const first = await openDatabase({ dataDir });
    expect(await appliedMigrations(first.db)).toBe(await expectedMigrations());
    const applied = await functionsAppliedAt(first.db);
    expect(applied).toContain('rh_decide_payment@');
    await first.close();

    const again = await openDatabase({ dataDir });
    expect(await appliedMigrations(again.db)).toBe(await expectedMigrations());
    expect(await functionsAppliedAt(again.db)).toBe(applied);
    await again.close();
  });

  it('a database one migration behind gets that migration at the next start', async () => {
    // A database the previous build migrated: every migration but the newest.
    const behindDir = await mkdtemp(path.join(tmpdir(), 'rh-migrations-behind-'));
    const migrations = await mkdtemp(path.join(tmpdir(), 'rh-migrations-copy-'));
    try {
      await cp(path.join(here, 'migrations'), migrations, { recursive: true });
      const journalFile = path.join(migrations, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
      journal.entries = journal.entries.slice(0, -1);
      await writeFile(journalFile, JSON.stringify(journal));
      await mkdir(path.join(behindDir, 'db'), { recursive: true });
      const previous = new PGlite(path.join(behindDir, 'db'), { extensions: { pg_trgm } });
      await migrate(drizzle(previous), { migrationsFolder: migrations });
      await previous.close();

      const upgraded = await openDatabase({ dataDir: behindDir });
      expect(await appliedMigrations(upgraded.db)).toBe(await expectedMigrations());
      expect(await functionsAppliedAt(upgraded.db)).toContain('rh_decide_payment@');
      await upgraded.close();
    } finally {
      await rm(behindDir, { recursive: true, force: true });
      await rm(migrations, { recursive: true, force: true });
    }
  });
});
