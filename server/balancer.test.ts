// Two server processes on one PostgreSQL behind Debian's HAProxy (round-robin per request), as
// DESIGN.md section 8 promises: a whole user journey goes through the balancer with consecutive
// steps answered by different processes, throttles are shared, and SIGKILL of one process under a
// bounded load fails no more requests than were in flight, loses nothing acknowledged and leaves
// the ledger whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './db/client.ts';
import { withdrawals } from './db/schema.ts';
import { checkLedgerInvariants } from './ledger/ledger-check.ts';
import { createApiClient, type ApiClient } from './test/api-client.ts';
import { createActivatedUser, createAdmin, nextPhone, nextUtr, PNG_1X1, pngFile, type RegisteredUser, type SignedIn } from './test/fixtures.ts';
import { HAPROXY, startHaproxy, type Balancer } from './test/haproxy.ts';
import { createPostgresDatabase, TEST_SECRETS_KEY } from './test/harness.ts';
import { withdraw } from './test/money-fixtures.ts';
import { startServerProcess, type ServerProcess } from './test/server-process.ts';
import { PRIVACY_POLICY_VERSION } from '../contract/constants.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!BASE_URL || !HAPROXY)('two processes behind HAProxy', () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let a: ServerProcess;
  let b: ServerProcess;
  let lb: Balancer;
  let client: ApiClient;
  let database: Database;
  let admin: SignedIn;

  /** Every SMS either process sent (each writes its own outbox), oldest first, with the sender. */
  async function outboxes() {
    const all = [...(await a.outbox()).map((m) => ({ ...m, sentBy: 'a' as const })), ...(await b.outbox()).map((m) => ({ ...m, sentBy: 'b' as const }))];
    return all.sort((x, y) => x.at.localeCompare(y.at));
  }

  /** The newest SMS code for a phone, from whichever process sent it (and which one it was). */
  async function codeFrom(phone: string): Promise<{ code: string; sentBy: 'a' | 'b' }> {
    // SMS leave through the queue, a moment after the request: wait for it.
    for (let waited = 0; waited < 10_000; waited += 50) {
      const last = (await outboxes()).filter((m) => m.to === phone && m.code).at(-1);
      if (last?.code) return { code: last.code, sentBy: last.sentBy };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no SMS to ${phone}`);
  }

  beforeAll(async () => {
    pgDb = await createPostgresDatabase(BASE_URL!);
    [a, b] = await Promise.all([startServerProcess({ databaseUrl: pgDb.url }), startServerProcess({ databaseUrl: pgDb.url })]);
    lb = await startHaproxy([
      { name: 'a', port: a.port },
      { name: 'b', port: b.port },
    ]);
    // Requests through the balancer; SMS codes read from both processes' outboxes.
    client = {
      ...createApiClient(lb.url, a.dataDir),
      outbox: outboxes,
      lastCode: async (phone: string) => (await codeFrom(phone)).code,
    };
    database = await openDatabase({ databaseUrl: pgDb.url, poolSize: 2, onPoolError: () => undefined });
    admin = await createAdmin(client);
    const limits = await client.api('PUT', '/api/admin/settings', {
      token: admin.token,
      body: { smsPerAddressPerHour: 100_000, signupsPerReferrerPerHour: 100_000, smsPerHour: 100_000, minWithdrawal: '1', referralsPerSpin: 1 },
    });
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await lb?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
    await pgDb?.drop();
  });

  it('alternates between the processes, request by request', async () => {
    const servedBy = [];
    for (let i = 0; i < 6; i++) servedBy.push((await client.api('GET', '/api/app-settings')).headers.get('x-served-by'));
    expect(new Set(servedBy)).toEqual(new Set(['a', 'b']));
    for (let i = 1; i < servedBy.length; i++) expect(servedBy[i]).not.toBe(servedBy[i - 1]);
  });

  it('a whole journey: sign-up verified on the other process, a proof seen from both, approval, spin, withdrawal', async () => {
    const phone = nextPhone();
    const reg = await client.api('POST', '/api/register', { body: { username: 'Balanced', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const { code, sentBy } = await codeFrom(phone);
    const verified = await client.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: code } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    // Verified by a process other than the one whose worker sent the SMS, or by the same one:
    // either way both processes took part (the request and the SMS may leave from different ones).
    expect(['a', 'b']).toContain(sentBy);
    expect(['a', 'b']).toContain(verified.headers.get('x-served-by'));
    expect(reg.headers.get('x-served-by')).not.toBe(verified.headers.get('x-served-by'));
    const token = verified.body.token as string;

    const form = new FormData();
    form.set('utrNumber', nextUtr());
    form.set('screenshot', pngFile('proof.png', PNG_1X1));
    const proof = await client.upload('POST', '/api/submit-manual-payment', form, { token });
    expect(proof.status, JSON.stringify(proof.body)).toBe(201);
    const seenBy = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const shot = await fetch(`${lb.url}/api/manual-payments/${proof.body.id}/screenshot`, { headers: { Authorization: `Bearer ${admin.token}` } });
      expect(shot.status).toBe(200);
      expect(Buffer.from(await shot.arrayBuffer()).equals(PNG_1X1)).toBe(true);
      seenBy.add(shot.headers.get('x-served-by') ?? '');
    }
    expect(seenBy).toEqual(new Set(['a', 'b']));
    expect((await client.api('PUT', `/api/admin/manual-payments/${proof.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);

    // One friend activates: ₹400 and (one referral per spin here) a spin.
    const friend = await createActivatedUser(client, admin.token, (await client.api('GET', '/api/user', { token })).body.referralCode);
    expect(friend.user.id).toBeTruthy();
    const spin = await client.api('POST', '/api/use-spin', { token });
    expect(spin.status, JSON.stringify(spin.body)).toBe(200);
    const out = await withdraw(client, token, { amount: '100' });
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    const ledger = (await checkLedgerInvariants(database.db, Buffer.from(TEST_SECRETS_KEY, 'hex'))).filter((r) => !r.ok);
    expect(ledger).toEqual([]);
  });

  it('shares the sign-in throttle: ten failures spread over both processes close the door on both', async () => {
    const phone = nextPhone();
    const reg = await client.api('POST', '/api/register', { body: { username: 'Throttled', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION } });
    await client.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: (await codeFrom(phone)).code } });
    const servedBy = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await client.api('POST', '/api/login', { body: { phone, password: `wrong-${i}` } });
      expect(res.status).toBe(401);
      servedBy.add(res.headers.get('x-served-by') ?? '');
    }
    expect(servedBy).toEqual(new Set(['a', 'b']));
    for (let i = 0; i < 2; i++) expect((await client.api('POST', '/api/login', { body: { phone, password: 'secret123' } })).status).toBe(429);
  });

  it('SIGKILL of one process under load: at most the requests in flight fail, nothing acknowledged is lost, the ledger holds', async () => {
    // Users with money, made through the balancer.
    const users: RegisteredUser[] = [];
    for (let i = 0; i < 4; i++) {
      const owner = await createActivatedUser(client, admin.token, admin.user.referralCode);
      for (let r = 0; r < 3; r++) await createActivatedUser(client, admin.token, owner.user.referralCode);
      users.push(owner);
    }
    const WORKERS = 8;
    const acknowledged = new Map<string, string>();
    const failed: string[] = [];
    let stop = false;
    let seq = 0;
    const run = Math.random().toString(36).slice(2, 8);
    const worker = async (w: number) => {
      while (!stop) {
        const user = users[w % users.length]!;
        const key = `lb-${run}-${w}-${seq++}`;
        try {
          const res = await withdraw(client, user.token, { amount: '1' }, { 'Idempotency-Key': key });
          if (res.status === 201) acknowledged.set(key, res.body.id);
          else failed.push(`${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        } catch (err) {
          failed.push(`connection: ${(err as Error).message}`);
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await new Promise((r) => setTimeout(r, 1500));
    const before = acknowledged.size;
    b.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 2500));
    stop = true;
    await load;

    console.log(`[balancer] SIGKILL of one of two processes under ${WORKERS} workers: ${acknowledged.size} withdrawals acknowledged (${before} before the kill), ${failed.length} failed: ${failed.join('; ') || 'none'}`);
    expect(before).toBeGreaterThan(10);
    expect(acknowledged.size).toBeGreaterThan(before); // the survivor kept serving
    // Each worker has one request in flight at a time: no more than that many can fail.
    expect(failed.length, failed.join('\n')).toBeLessThanOrEqual(WORKERS);
    const stored = new Set((await database.db.select({ id: withdrawals.id }).from(withdrawals)).map((r) => r.id));
    expect([...acknowledged.values()].filter((id) => !stored.has(id))).toEqual([]);
    expect((await checkLedgerInvariants(database.db, Buffer.from(TEST_SECRETS_KEY, 'hex'))).filter((r) => !r.ok)).toEqual([]);
  });
});
