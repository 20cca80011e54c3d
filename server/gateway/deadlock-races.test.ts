// Deadlocks answer no 500 (issue 24): money calls that meet on the same rows in opposite orders can
// deadlock in PostgreSQL (40P01), which ends one of them; the money call is tried again inside the
// server, and only if that keeps failing does the caller get 503 with Retry-After. Run on
// PostgreSQL (PGlite is one connection): 50 gateway webhooks each racing an admin's approval of the
// same person's proof, and 50 withdrawal requests each racing a decision on the same wallet. No
// answer is a 500, nothing is counted twice, and the ledger holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { startFakeRazorpay, type FakeRazorpay } from '../test/fake-razorpay.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';

const WEBHOOK_SECRET = 'whsec-race-0123456789';
const PAIRS = 50;

describe.skipIf(!process.env.TEST_DATABASE_URL)('deadlocks are tried again, never a 500 (postgres)', () => {
  let fake: FakeRazorpay;
  let s: TestServer;
  let admin: SignedIn;
  let referrer: RegisteredUser;

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    s = await startTestServer({
      driver: 'postgres',
      env: { PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, RAZORPAY_BASE_URL: fake.url },
    });
    admin = await createAdmin(s);
    referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it(`${PAIRS} webhooks each racing an approval of the same person's proof: one activation each, no 500`, async () => {
    const payers = [];
    for (let i = 0; i < PAIRS; i++) {
      const payer = await registerUser(s, referrer.user.referralCode);
      const proof = await submitPaymentProof(s, payer.token);
      const checkout = await s.api('POST', '/api/payments/checkout', { token: payer.token });
      expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
      const qr = [...fake.qrCodes.values()].find((q) => !Array.isArray(q.notes) && q.notes.receipt === checkout.body.id)!;
      payers.push({ payer, proof, payment: fake.pay(qr.id) });
    }
    const answers = await Promise.all(
      payers.flatMap(({ proof, payment }) => [
        fake.sendWebhook(`${s.origin}/api/payments/webhook/razorpay`, 'qr_code.credited', payment, { secret: WEBHOOK_SECRET }).then((r) => r.status),
        s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } }).then((r) => r.status),
      ]),
    );
    expect(answers.filter((status) => status >= 500)).toEqual([]);
    for (const { payer } of payers) expect((await s.api('GET', '/api/user', { token: payer.token })).body.isActivated).toBe(true);
    // One reward per payer, however the race went.
    expect((await s.api('GET', '/api/user', { token: referrer.token })).body.successfulReferrals).toBe(PAIRS);
    await expectLedgerHolds(s);
  });

  it(`${PAIRS} withdrawal requests each racing a decision on the same wallet: no 500`, async () => {
    const owner = await createFundedUser(s, admin.token, admin.user.referralCode, 30);
    const pending: string[] = [];
    for (let i = 0; i < PAIRS; i++) pending.push((await withdraw(s, owner.token, { amount: '100' })).body.id as string);
    const answers = await Promise.all(
      pending.flatMap((id, i) => [
        withdraw(s, owner.token, { amount: '100' }).then((r) => r.status),
        s.api('PUT', `/api/admin/withdrawals/${id}`, { token: admin.token, body: { status: i % 2 === 0 ? 'approved' : 'rejected' } }).then((r) => r.status),
      ]),
    );
    expect(answers.filter((status) => status >= 500)).toEqual([]);
    expect(answers.filter((status) => status === 201)).toHaveLength(PAIRS);
    expect(answers.filter((status) => status === 200)).toHaveLength(PAIRS);
    // 30 rewards of ₹400, less the 100 withdrawals of ₹100 reserved, plus the 25 rejected ones back.
    expect((await s.api('GET', '/api/user', { token: owner.token })).body.walletBalance).toBe(`${12_000 - 100 * 2 * PAIRS + 100 * (PAIRS / 2)}.00`);
    await expectLedgerHolds(s);
  });
});
