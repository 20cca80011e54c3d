// A server process killed with SIGKILL between RazorpayX making the payout and the process writing
// down that it did (the fake holds its answer while the test kills the caller): after a restart on
// the same PostgreSQL, the worker tries the job again with the same X-Payout-Idempotency key and the
// same body, RazorpayX answers with the payout it already made, and there is still one payout. The
// webhook then completes the withdrawal, and the ledger holds. Real processes, PostgreSQL only.
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { checkLedgerInvariants } from '../ledger/ledger-check.ts';
import { createAdmin } from '../test/fixtures.ts';
import { createPostgresDatabase, TEST_SECRETS_KEY } from '../test/harness.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { startFakeRazorpayX, type FakeRazorpayX } from '../test/fake-razorpayx.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;
const WEBHOOK_SECRET = 'whsec-crash-test-0123456789';

describe.skipIf(!BASE_URL)('a payout across a kill -9 (PostgreSQL, real processes)', () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let fake: FakeRazorpayX;
  let proc: ServerProcess;
  let database: Database;
  let sqlClient: pg.Client;
  /** The first process's folder, which the restarted one keeps using. */
  let dataDir: string | undefined;

  const env = () => ({
    PAYOUT_PROVIDER: 'razorpayx',
    RAZORPAYX_KEY_ID: fake.keyId,
    RAZORPAYX_KEY_SECRET: fake.keySecret,
    RAZORPAYX_ACCOUNT_NUMBER: fake.accountNumber,
    RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RAZORPAYX_BASE_URL: fake.url,
  });

  beforeAll(async () => {
    fake = await startFakeRazorpayX();
    pgDb = await createPostgresDatabase(BASE_URL!);
    proc = await startServerProcess({ databaseUrl: pgDb.url, env: env() });
    database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 2, onPoolError: () => undefined });
    sqlClient = new pg.Client({ connectionString: pgDb.url });
    await sqlClient.connect();
  }, 120_000);

  afterAll(async () => {
    await proc?.stop();
    await sqlClient?.end();
    await database?.close();
    await pgDb?.drop();
    await fake?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const job = async (id: string) =>
    (await sqlClient.query<{ status: string; provider_payout_id: string | null; attempts: number }>('select status, provider_payout_id, attempts from payout_jobs where withdrawal_id = $1', [id])).rows[0]!;

  it('no second payout after a kill -9 between the provider call and the commit; the ledger holds', async () => {
    const admin = await createAdmin(proc);
    const user = await createFundedUser(proc, admin.token, admin.user.referralCode);
    const w = await withdraw(proc, user.token, { amount: '750', method: 'upi', upiId: 'meera.iyer@okicici' });
    expect(w.status, JSON.stringify(w.body)).toBe(201);

    // The fake makes the payout, then holds its answer until the process that asked is dead.
    let answered!: () => void;
    const approvalAnswered = new Promise<void>((resolve) => (answered = resolve));
    const killed = new Promise<void>((resolve) => {
      fake.onNextCreate(async () => {
        await approvalAnswered;
        proc.kill('SIGKILL');
        await proc.exited;
        resolve();
      });
    });
    const approval = await proc.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(approval.body.status).toBe('paying');
    answered();
    await killed;
    expect(fake.payouts).toHaveLength(1);
    expect(await job(w.body.id)).toMatchObject({ status: 'sending', provider_payout_id: null, attempts: 1 });

    // The restarted process takes the job up when the dead process's claim runs out (a minute; moved
    // forward here rather than waited for).
    dataDir = proc.dataDir;
    proc = await startServerProcess({ databaseUrl: pgDb.url, dataDir, env: env() });
    await sqlClient.query(`update payout_jobs set locked_until = now() - interval '1 second' where withdrawal_id = $1`, [w.body.id]);
    const deadline = Date.now() + 20_000;
    while ((await job(w.body.id)).status !== 'sent') {
      if (Date.now() > deadline) throw new Error(`the job was not sent again: ${JSON.stringify(await job(w.body.id))}\n${proc.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const calls = fake.createRequests();
    expect(calls).toHaveLength(2);
    expect(calls.map((c) => c.idempotencyKey)).toEqual([w.body.id, w.body.id]);
    expect(JSON.stringify(calls[1]!.body)).toBe(JSON.stringify(calls[0]!.body));
    expect(fake.payouts).toHaveLength(1);
    expect(await job(w.body.id)).toMatchObject({ status: 'sent', provider_payout_id: fake.payouts[0]!.id, attempts: 2 });

    const processed = fake.settle(fake.payouts[0]!.id, 'processed');
    const hook = await fake.sendWebhook(`http://127.0.0.1:${proc.port}/api/payouts/webhook/razorpayx`, 'payout.processed', processed, { secret: WEBHOOK_SECRET });
    expect(hook.status).toBe(200);
    const mine = (await proc.api('GET', '/api/withdrawal-requests', { token: user.token })).body[0];
    expect(mine).toMatchObject({ id: w.body.id, status: 'approved', payoutReference: processed.utr });
    const broken = (await checkLedgerInvariants(database.db, Buffer.from(TEST_SECRETS_KEY, 'hex'))).filter((r) => !r.ok);
    expect(broken.map((b) => `${b.name}: ${JSON.stringify(b.violations.slice(0, 3))}`)).toEqual([]);
  }, 180_000);
});
