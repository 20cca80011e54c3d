// A reversal racing the money it claws back, on PostgreSQL (PGlite is one connection: requests
// queue). Whatever wins, no wallet goes below zero, no debt above it, and the ledger holds: a
// withdrawal that reserved the reward first leaves the reversal a debt; a reversal first leaves the
// withdrawal refused for want of balance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, registerUser, submitPaymentProof, type SignedIn } from '../test/fixtures.ts';
import { withdraw } from '../test/money-fixtures.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('reversal races (postgres)', () => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver: 'postgres' });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('reversal against withdrawals of the same ₹400, twelve times: never negative, every rupee accounted for', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
      const payer = await registerUser(s, referrer.user.referralCode);
      const proof = await submitPaymentProof(s, payer.token);
      expect((await s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);

      const [reversal, ...withdrawals] = await Promise.all([
        s.api('POST', `/api/admin/manual-payments/${proof.id}/reverse`, { token: admin.token, body: { reason: `race round ${round}` } }),
        withdraw(s, referrer.token, { amount: '400' }),
        withdraw(s, referrer.token, { amount: '250' }),
        withdraw(s, referrer.token, { amount: '150' }),
      ]);
      expect(reversal.status, JSON.stringify(reversal.body)).toBe(200);
      for (const w of withdrawals) expect([201, 400]).toContain(w.status);
      const reserved = withdrawals.filter((w) => w.status === 201).reduce((sum, w) => sum + Math.round(Number(w.body.amount) * 100), 0);
      const debt = Math.round(Number(reversal.body.recordedAsDebt) * 100);
      // The reward was either reserved by withdrawals (and owed back) or taken from the wallet.
      expect(reserved).toBe(debt);
      expect((await s.api('GET', '/api/user', { token: referrer.token })).body.walletBalance).toBe('0.00');
      outcomes.add(debt === 0 ? 'reversal first' : debt === 40000 ? 'withdrawals first' : 'interleaved');
    }
    await expectLedgerHolds(s);
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
