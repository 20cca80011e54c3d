// Faults on real PostgreSQL, against the real server process: every connection of the app's
// database terminated mid-load (as a restart or a failover would), and the process killed with
// SIGKILL mid-load. What must hold: the process stays up and serves again by itself, requests in
// flight answer 503 DB_UNAVAILABLE (never a 500), every acknowledged operation is in the database,
// a retry under the same Idempotency-Key never answers "still processing", and the ledger holds.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { checkLedgerInvariants } from './ledger/ledger-check.ts';
import { withdrawals } from './db/schema.ts';
import { createPostgresDatabase, TEST_SECRETS_KEY } from './test/harness.ts';
import { startServerProcess, waitForHealthy, type ServerProcess } from './test/server-process.ts';
import { createAdmin, createActivatedUser, type RegisteredUser } from './test/fixtures.ts';
import { withdraw } from './test/money-fixtures.ts';
import type { ApiClient } from './test/api-client.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;

interface LoadResult {
  statuses: Map<string, number>;
  /** Withdrawals answered 201: Idempotency-Key -> withdrawal id. */
  acknowledged: Map<string, string>;
  /** Withdrawals sent but not answered 201 (a 503, a dropped connection): their outcome is unknown. */
  unanswered: { key: string; user: RegisteredUser }[];
  /** Tokens of sign-ins answered 200. */
  sessions: string[];
  /** Answers of 500 or more other than 503 DB_UNAVAILABLE: must stay empty. */
  serverErrors: string[];
}

/**
 * `workers` loops until `until()` says stop, each picking reads (60%), withdrawals of ₹1 under a
 * fresh Idempotency-Key (30%) and sign-ins (10%). A refused connection counts as unanswered.
 */
async function runLoad(client: ApiClient, users: RegisteredUser[], workers: number, until: () => boolean): Promise<LoadResult> {
  const result: LoadResult = { statuses: new Map(), acknowledged: new Map(), unanswered: [], sessions: [], serverErrors: [] };
  let seq = 0;
  const run = Math.random().toString(36).slice(2, 8);
  const count = (label: string) => result.statuses.set(label, (result.statuses.get(label) ?? 0) + 1);
  const note = (what: string, res: { status: number; body: { code?: string } }) => {
    count(`${what} ${res.status}`);
    if (res.status >= 500 && !(res.status === 503 && res.body?.code === 'DB_UNAVAILABLE')) {
      result.serverErrors.push(`${what} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
  };
  async function worker(w: number) {
    while (!until()) {
      const user = users[(seq + w) % users.length]!;
      const pick = seq++ % 10;
      try {
        if (pick < 6) {
          note('read', await client.api('GET', pick % 2 ? '/api/user' : '/api/transactions', { token: user.token }));
        } else if (pick < 9) {
          const key = `load-${run}-${w}-${seq}`;
          try {
            const res = await withdraw(client, user.token, { amount: '1' }, { 'Idempotency-Key': key });
            note('withdraw', res);
            if (res.status === 201) result.acknowledged.set(key, res.body.id);
            else result.unanswered.push({ key, user });
          } catch (err) {
            result.unanswered.push({ key, user });
            throw err;
          }
        } else {
          const res = await client.api('POST', '/api/login', { body: { phone: user.phone, password: user.password } });
          note('login', res);
          if (res.status === 200) result.sessions.push(res.body.token);
        }
      } catch {
        count('connection error');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return result;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!BASE_URL)('faults on PostgreSQL', () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let proc: ServerProcess;
  let database: Database;
  let killer: pg.Client;
  let dataDir: string;
  const users: RegisteredUser[] = [];

  /** A second process's view of the database: what is really there, and the ledger's invariants. */
  async function expectLedgerHolds() {
    const broken = (await checkLedgerInvariants(database.db, Buffer.from(TEST_SECRETS_KEY, 'hex'))).filter((r) => !r.ok);
    expect(broken.map((b) => `${b.name}: ${JSON.stringify(b.violations.slice(0, 3))}`)).toEqual([]);
  }

  async function existingWithdrawalIds(): Promise<Set<string>> {
    const rows = await database.db.select({ id: withdrawals.id }).from(withdrawals);
    return new Set(rows.map((r) => r.id));
  }

  beforeAll(async () => {
    pgDb = await createPostgresDatabase(BASE_URL!);
    proc = await startServerProcess({ databaseUrl: pgDb.url });
    dataDir = proc.dataDir;
    database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 2, onPoolError: () => undefined });
    // The terminator works from another database, so it is never among the connections it ends.
    killer = new pg.Client({ connectionString: BASE_URL });
    await killer.connect();
    const admin = await createAdmin(proc);
    const limits = await proc.api('PUT', '/api/admin/settings', { token: admin.token, body: { smsPerAddressPerHour: 100_000, signupsPerReferrerPerHour: 100_000, smsPerHour: 100_000, minWithdrawal: '1' } });
    expect(limits.status).toBe(200);
    // 6 users with ₹2,000 each: withdrawals of ₹1 never run them dry during a test.
    for (let i = 0; i < 6; i++) {
      const owner = await createActivatedUser(proc, admin.token, admin.user.referralCode);
      for (let r = 0; r < 5; r++) await createActivatedUser(proc, admin.token, owner.user.referralCode);
      users.push(owner);
    }
  }, 240_000);

  afterAll(async () => {
    await proc?.stop();
    await database?.close();
    await killer?.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [new URL(pgDb.url).pathname.slice(1)]).catch(() => undefined);
    await killer?.end();
    await pgDb?.drop();
  });

  /** After a fault: every unanswered key retried; none may answer 409, and money moved once per key. */
  async function settleUnanswered(client: ApiClient, load: LoadResult) {
    const retried: string[] = [];
    for (const { key, user } of load.unanswered) {
      const res = await withdraw(client, user.token, { amount: '1' }, { 'Idempotency-Key': key });
      expect(res.status, `${key}: ${res.status} ${JSON.stringify(res.body)}`).toBe(201);
      if (res.status === 201) {
        load.acknowledged.set(key, res.body.id);
        if (res.headers.get('idempotent-replayed') === 'true') retried.push(key);
      }
    }
    return retried.length;
  }

  it('every backend terminated mid-load: the process stays up, answers 503, serves again within 10 s, loses nothing', async () => {
    const dbName = new URL(pgDb.url).pathname.slice(1);
    const before = (await existingWithdrawalIds()).size;
    let stop = false;
    const load = runLoad(proc, users, 16, () => stop);
    await sleep(1_500);
    // An outage of ~3 s, as a restart looks from the app: the database refuses new connections and
    // every connection it has is ended as soon as it is seen.
    let terminated = 0;
    await killer.query(`alter database ${dbName} with allow_connections false`);
    const outageEnds = Date.now() + 3_000;
    try {
      while (Date.now() < outageEnds) {
        const res = await killer.query(`select count(*) filter (where pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1`, [dbName]);
        terminated += res.rows[0].n;
        await sleep(50);
      }
    } finally {
      await killer.query(`alter database ${dbName} with allow_connections true`);
    }
    const recoveredInMs = await waitForHealthy(proc.url, 10_000);
    await sleep(1_500);
    stop = true;
    const result = await load;

    expect(proc.alive(), proc.output()).toBe(true);
    expect(terminated).toBeGreaterThan(0);
    expect(recoveredInMs).toBeLessThan(10_000);
    expect(result.serverErrors).toEqual([]);
    expect(proc.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);

    const replayed = await settleUnanswered(proc, result);
    const present = await existingWithdrawalIds();
    const missing = [...result.acknowledged.values()].filter((id) => !present.has(id));
    expect(missing).toEqual([]);
    // Every new withdrawal in the database belongs to exactly one acknowledged key: nothing moved twice.
    expect(present.size - before).toBe(new Set(result.acknowledged.values()).size);
    for (const token of result.sessions) {
      expect((await proc.api('GET', '/api/user', { token })).status).toBe(200);
    }
    await expectLedgerHolds();
    console.log(
      `[faults] terminate: ${terminated} backends ended, healthy again after ${recoveredInMs} ms; ` +
        `withdrawals acknowledged ${result.acknowledged.size} (of which ${replayed} only on retry), present ${present.size}; ` +
        `sign-ins acknowledged ${result.sessions.length}, all valid; answers ${JSON.stringify(Object.fromEntries(result.statuses))}`,
    );
  }, 120_000);

  it('kill -9 mid-load: after a restart every acknowledged withdrawal is there and every key retries cleanly', async () => {
    let stop = false;
    const before = (await existingWithdrawalIds()).size;
    const load = runLoad(proc, users, 16, () => stop);
    await sleep(1_500);
    proc.kill('SIGKILL');
    await proc.exited;
    stop = true;
    const result = await load;
    expect(result.serverErrors).toEqual([]);

    proc = await startServerProcess({ databaseUrl: pgDb.url, dataDir });
    const replayed = await settleUnanswered(proc, result);
    const present = await existingWithdrawalIds();
    const missing = [...result.acknowledged.values()].filter((id) => !present.has(id));
    expect(missing).toEqual([]);
    expect(present.size - before).toBe(new Set(result.acknowledged.values()).size);
    await expectLedgerHolds();
    console.log(
      `[faults] kill -9: withdrawals acknowledged ${result.acknowledged.size} (of which ${replayed} replayed on retry after the restart), ` +
        `new in the database ${present.size - before}; answers ${JSON.stringify(Object.fromEntries(result.statuses))}`,
    );
  }, 120_000);
});
