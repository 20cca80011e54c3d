// A restart of the embedded database skips the migrator when the database already has every
// migration and every function file of this build; one that is behind (an upgrade) still gets what
// it lacks. (A changed function file alone: server/db/functions.test.ts.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations, expectedMigrations, openDatabase } from './client.ts';

/** The newest migration only creates this table, so it can be run again once the table is dropped. */
const NEWEST_MIGRATION_TABLE = 'db_function_files';

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
    const behind = await openDatabase({ dataDir });
    await behind.db.execute(sql.raw(`drop table ${NEWEST_MIGRATION_TABLE}`));
    await behind.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    expect(await appliedMigrations(behind.db)).toBe((await expectedMigrations()) - 1);
    await behind.close();

    const upgraded = await openDatabase({ dataDir });
    expect(await appliedMigrations(upgraded.db)).toBe(await expectedMigrations());
    expect(await functionsAppliedAt(upgraded.db)).toContain('rh_decide_payment@');
    await upgraded.close();
  });
});
