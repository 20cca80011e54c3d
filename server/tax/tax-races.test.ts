// Parallel approvals for one referrer on PostgreSQL (PGlite is one connection: requests queue):
// the referrer's tax year is one row the approvals take turns on, so the threshold is crossed
// exactly once, the year's amount is taxed once, and every later reward once, whatever the order;
// reversals racing the approvals each undo their own reward's tax once, and the year stays in step.
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

  it('approvals and reversals at once for one referrer: each reward taxed once, each reversal undoes its own tax once', async () => {
    for (let round = 0; round < 3; round++) {
      const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
      if (round !== 1) {
        const pan = await s.api('PUT', '/api/me/pan', { token: referrer.token, body: { pan: `ZZ${'FGH'[round]}PR${2000 + round}Q`, nameOnPan: `Reverser ${round}` } });
        expect(pan.status, JSON.stringify(pan.body)).toBe(200);
      }
      const proofs = [];
      for (let i = 0; i < 9; i++) {
        const payer = await registerUser(s, referrer.user.referralCode);
        proofs.push(await submitPaymentProof(s, payer.token));
      }
      // Three rewards one after another: ₹1,200 crosses ₹1,000 at the third, taxed on the whole ₹1,200.
      for (const p of proofs.slice(0, 3)) {
        expect((await s.api('PUT', `/api/admin/manual-payments/${p.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
      }
      // Then at once: the first (untaxed) and the crossing reward reversed, six more approved.
      const answers = await Promise.all([
        ...[proofs[0]!, proofs[2]!].map((p) =>
          s.api('POST', `/api/admin/manual-payments/${p.id}/reverse`, { token: admin.token, body: { reason: 'No credit in the bank statement' } }),
        ),
        ...proofs.slice(3).map((p, i) => s.api('PUT', `/api/admin/manual-payments/${p.id}`, { token: (i % 2 ? second : admin).token, body: { status: 'approved' } })),
      ]);
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);

      const rows = (await s.database.db.execute(
        `select entry_id::text as entry, amount_paise::text as amount, tax_paise::text as tax, reverses_id is not null as reversal
         from tax_withholdings where user_id = '${referrer.user.id}'`,
      )) as unknown as { rows: { entry: string; amount: string; tax: string; reversal: boolean }[] };
      // One withholding per entry, and exactly one reversal (the crossing reward's; the first had none of its own).
      expect(new Set(rows.rows.map((r) => r.entry)).size).toBe(rows.rows.length);
      const reversals = rows.rows.filter((r) => r.reversal);
      expect(reversals.map((r) => r.amount)).toEqual(['-120000']);
      // The year: seven rewards stand; what it has taxed is exactly what its withholdings, less reversals, were on.
      const [year] = ((await s.database.db.execute(
        `select referral_credited_paise::text as credited, referral_taxed_paise::text as taxed from tax_years where user_id = '${referrer.user.id}'`,
      )) as unknown as { rows: { credited: string; taxed: string }[] }).rows;
      expect(year!.credited).toBe('280000');
      expect(Number(year!.taxed)).toBe(rows.rows.reduce((sum, r) => sum + Number(r.amount), 0));
      // The wallet holds the seven rewards less the tax that stands.
      const tax = rows.rows.reduce((sum, r) => sum + Number(r.tax), 0);
      const me = (await s.api('GET', '/api/user', { token: referrer.token })).body;
      expect(me).toMatchObject({ walletBalance: ((280_000 - tax) / 100).toFixed(2), debt: '0.00' });
    }
    await expectLedgerHolds(s);
  });
});
