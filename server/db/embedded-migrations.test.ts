// A restart of the embedded database skips the migrator when the database already has every
// migration of this build; one that is behind (an upgrade) still gets what it lacks.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations, expectedMigrations, openDatabase } from './client.ts';

/** The newest migration only replaces a function, so it can be run again on the same database. */
const NEWEST_MIGRATION_FUNCTION = 'rh_flag_payout_shared';

describe('embedded database migrations at start', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rh-migrations-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function functionExists(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<boolean> {
    const result = await db.execute(sql`select count(*)::int as n from pg_proc where proname = ${NEWEST_MIGRATION_FUNCTION}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n > 0;
  }

  it('a first start applies every migration and a restart finds nothing to do', async () => {
    const first = await openDatabase({ dataDir });
    expect(await appliedMigrations(first.db)).toBe(await expectedMigrations());
    await first.close();

    const again = await openDatabase({ dataDir });
    expect(await appliedMigrations(again.db)).toBe(await expectedMigrations());
    expect(await functionExists(again.db)).toBe(true);
    await again.close();
  });

  it('a database one migration behind gets that migration at the next start', async () => {
    const behind = await openDatabase({ dataDir });
    await behind.db.execute(sql.raw(`drop function ${NEWEST_MIGRATION_FUNCTION}`));
    await behind.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    expect(await appliedMigrations(behind.db)).toBe((await expectedMigrations()) - 1);
    await behind.close();

    const upgraded = await openDatabase({ dataDir });
    expect(await appliedMigrations(upgraded.db)).toBe(await expectedMigrations());
    expect(await functionExists(upgraded.db)).toBe(true);
    await upgraded.close();
  });
});
