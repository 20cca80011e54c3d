// Parallel approvals for one referrer on PostgreSQL (PGlite is one connection: requests queue):
// the referrer's tax year is one row the approvals take turns on, so the threshold is crossed
// exactly once, the year's amount is taxed once, and every later reward once, whatever the order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, inviteAdmin, registerUser, submitPaymentProof, type SignedIn } from '../test/fixtures.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('tax at source races (postgres)', () => {
  let s: TestServer;
  let admin: SignedIn;
  let second: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver: 'postgres' });
    admin = await createAdmin(s);
    // Approvals by two admins at once, as a busy team would make them.
    second = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true });
    const res = await s.api('PUT', '/api/admin/settings', {
      token: admin.token,
      body: { tdsEnabled: true, tdsReferralYearlyThreshold: '1000', tdsReferralRatePercent: '2', tdsNoPanRatePercent: '20' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
  afterAll(() => s.close());

  it('ten approvals at once for one referrer, five rounds: the year is taxed once, whole', async () => {
    for (let round = 0; round < 5; round++) {
      const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
      if (round % 2 === 0) {
        const pan = await s.api('PUT', '/api/me/pan', { token: referrer.token, body: { pan: `ZZ${'ABCDE'[round]}PR${1000 + round}Q`, nameOnPan: `Racer ${round}` } });
        expect(pan.status, JSON.stringify(pan.body)).toBe(200);
      }
      const proofs = [];
      for (let i = 0; i < 10; i++) {
        const payer = await registerUser(s, referrer.user.referralCode);
        proofs.push(await submitPaymentProof(s, payer.token));
      }
      const answers = await Promise.all(
        proofs.map((p, i) => s.api('PUT', `/api/admin/manual-payments/${p.id}`, { token: (i % 2 ? second : admin).token, body: { status: 'approved' } })),
      );
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);

      // ₹4,000 this year: the crossing credit taxes ₹1,200, each of the seven after it ₹400.
      const rows = (await s.database.db.execute(
        `select amount_paise::text as amount, tax_paise::text as tax, rate_bp from tax_withholdings where user_id = '${referrer.user.id}' order by created_at`,
      )) as unknown as { rows: { amount: string; tax: string; rate_bp: number }[] };
      const rate = round % 2 === 0 ? 200 : 2000;
      // (Sorted: each row's time is when its request began, not when it took its turn.)
      expect(rows.rows.map((r) => r.amount).sort()).toEqual(['120000', ...Array(7).fill('40000')]);
      expect(rows.rows.every((r) => r.rate_bp === rate)).toBe(true);
      const tax = rows.rows.reduce((sum, r) => sum + Number(r.tax), 0);
      expect(tax).toBe((400_000 * rate) / 10_000);
      const me = (await s.api('GET', '/api/user', { token: referrer.token })).body;
      expect(me.walletBalance).toBe(((400_000 - tax) / 100).toFixed(2));
      expect((await s.api('GET', '/api/me/tax', { token: referrer.token })).body.year).toMatchObject({ rewards: '4000.00', taxWithheld: (tax / 100).toFixed(2) });
    }
    await expectLedgerHolds(s);
  });
});
