// Every PostgreSQL connection the app opens carries its guards: a statement, a lock wait and an
// idle transaction each have a time limit, so a stuck query cannot hold a connection for ever.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/harness.ts';
import { openDatabase, type Database } from './client.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!BASE_URL)('PostgreSQL connection guards', () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let database: Database;
  beforeAll(async () => {
    pgDb = await createPostgresDatabase(BASE_URL!);
    database = await openDatabase({ databaseUrl: pgDb.url });
  });
  afterAll(async () => {
    await database?.close();
    await pgDb?.drop();
  });

  it('sets statement, lock and idle-in-transaction timeouts on every connection', async () => {
    const result = await database.db.execute(
      sql`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock, current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect((result as unknown as { rows: unknown[] }).rows[0]).toEqual({ statement: '15s', lock: '10s', idle: '30s' });
  });

  it('a statement past the limit fails with a statement timeout, and the pool serves on', async () => {
    const started = Date.now();
    await expect(database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = '200ms'`);
      await tx.execute(sql`select pg_sleep(5)`);
    })).rejects.toMatchObject({ cause: { code: '57014' } });
    expect(Date.now() - started).toBeLessThan(3_000);
    await database.db.execute(sql`select 1`);
  });
});
