// Concurrency: many requests at once must give the same answers as one at a time. PGlite is a single
// connection (requests queue), so these run on PostgreSQL only (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, pngFile, registerUser, uniquePng, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('money races (postgres)', () => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver: 'postgres' });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('50 parallel withdrawals of ₹100 against ₹500: exactly 5 succeed', async () => {
    const a = await createFundedUser(s, admin.token, admin.user.referralCode, 5);
    const spend = await withdraw(s, a.token, { amount: '1500' });
    expect(spend.status).toBe(201);
    expect((await s.api('GET', '/api/user', { token: a.token })).body.walletBalance).toBe('500.00');

    const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(s, a.token, { amount: '100' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 201)).toHaveLength(5);
    expect(statuses.filter((x) => x === 400)).toHaveLength(45);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.code === 'INSUFFICIENT_BALANCE')).toBe(true);
    expect((await s.api('GET', '/api/user', { token: a.token })).body.walletBalance).toBe('0.00');
    expect((await s.api('GET', '/api/withdrawal-requests', { token: a.token })).body).toHaveLength(6);
    await expectLedgerHolds(s);
  });

  it('20 parallel spins with 1 spin: exactly one prize', async () => {
    const a = await createFundedUser(s, admin.token, admin.user.referralCode, 5);
    const results = await Promise.all(Array.from({ length: 20 }, () => s.api('POST', '/api/use-spin', { token: a.token })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400 && r.body.code === 'NO_SPINS')).toHaveLength(19);
    const me = await s.api('GET', '/api/user', { token: a.token });
    expect(me.body).toMatchObject({ walletBalance: '2200.00', spinsAvailable: 0 });
    await expectLedgerHolds(s);
  });

  it('approve and reject of the same withdrawal at once: exactly one wins', async () => {
    const a = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    for (let round = 0; round < 3; round++) {
      const w = await withdraw(s, a.token, { amount: '100' });
      expect(w.status).toBe(201);
      const url = `/api/admin/withdrawals/${w.body.id}`;
      const [approve, reject] = await Promise.all([
        s.api('PUT', url, { token: admin.token, body: { status: 'approved' } }),
        s.api('PUT', url, { token: admin.token, body: { status: 'rejected' } }),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const winner = approve.status === 200 ? 'approved' : 'rejected';
      const list = await s.api('GET', '/api/withdrawal-requests', { token: a.token });
      expect(list.body[0].status).toBe(winner);
    }
    await expectLedgerHolds(s);
  });

  it('the same Idempotency-Key sent 10 times at once moves money once', async () => {
    const a = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    const headers = { 'Idempotency-Key': 'burst' };
    const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(s, a.token, { amount: '100' }, headers)));
    // The twins wait on the first one's claim, then replay its answer: every copy gets the same 201.
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect((await s.api('GET', '/api/withdrawal-requests', { token: a.token })).body).toHaveLength(1);
    expect((await s.api('GET', '/api/user', { token: a.token })).body.walletBalance).toBe('300.00');
    await expectLedgerHolds(s);
  });

  it('the same Idempotency-Key on 10 parallel payment proofs: one proof, and every copy gets its 201', async () => {
    const payer = await registerUser(s, admin.user.referralCode);
    const screenshot = uniquePng();
    const form = () => {
      const f = new FormData();
      f.set('screenshot', pngFile('proof.png', screenshot));
      f.set('utrNumber', '556677889900');
      return f;
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => s.upload('POST', '/api/submit-manual-payment', form(), { token: payer.token, headers: { 'Idempotency-Key': 'proof-burst' } })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await s.api('GET', '/api/manual-payments', { token: payer.token })).body).toHaveLength(1);
  });
});
