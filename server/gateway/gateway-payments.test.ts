// The activation fee through the payment gateway, end to end against a fake Razorpay over HTTP
// that signs its webhooks as Razorpay documents: "Pay now" opens a single-use QR, a signed
// qr_code.credited activates the account and pays the referrer within the request, and the same
// payment arriving again (payment.captured, a redelivery, the sweep) changes nothing. A wrong
// signature, a replayed event, a mismatched amount and a webhook that overtakes the gateway's own
// answer each get a test; the sweep finds a payment whose webhook never came.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { startFakeRazorpay, type FakeQrCode, type FakeRazorpay } from '../test/fake-razorpay.ts';
import { sweepGatewayPayments } from './gateway-payments.service.ts';

const WEBHOOK_SECRET = 'whsec-test-0123456789';

describe.each(drivers)('payment gateway (%s)', (driver) => {
  let fake: FakeRazorpay;
  let s: TestServer;
  let admin: SignedIn;
  let referrer: RegisteredUser;
  const webhookUrl = () => `${s.origin}/api/payments/webhook/razorpay`;
  const me = async (u: { token: string }) => (await s.api('GET', '/api/user', { token: u.token })).body;
  /** The fake's QR code for one of our checkouts (its receipt is our checkout id). */
  const qrOf = (checkoutId: string): FakeQrCode => {
    const qr = [...fake.qrCodes.values()].find((q) => !Array.isArray(q.notes) && q.notes.receipt === checkoutId);
    if (!qr) throw new Error(`no QR code for checkout ${checkoutId}`);
    return qr;
  };
  const openCheckout = async (u: { token: string }) => {
    const res = await s.api('POST', '/api/payments/checkout', { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    s = await startTestServer({
      driver,
      env: { PAYMENT_GATEWAY: 'razorpay', RAZORPAY_KEY_ID: fake.keyId, RAZORPAY_KEY_SECRET: fake.keySecret, RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET, RAZORPAY_BASE_URL: fake.url },
    });
    admin = await createAdmin(s);
    referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('activates on a signed qr_code.credited, once, however often the payment is reported', async () => {
    expect((await s.api('GET', '/api/app-settings')).body.paymentGateway).toEqual({ name: 'razorpay' });
    const payer = await registerUser(s, referrer.user.referralCode);
    const checkout = await openCheckout(payer);
    expect(checkout).toMatchObject({ gateway: 'razorpay', status: 'open', amount: '500.00', qrImage: `/api/payments/checkout/${checkout.id}/qr` });
    // Asked again before it expires: the same QR, not a new one at the gateway.
    expect((await openCheckout(payer)).id).toBe(checkout.id);
    const image = await fetch(`${s.origin}${checkout.qrImage}`, { headers: { authorization: `Bearer ${payer.token}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await s.api('GET', checkout.qrImage)).status).toBe(401);

    const before = (await me(referrer)).walletBalance;
    const payment = fake.pay(qrOf(checkout.id).id);
    const credited = await fake.sendWebhook(webhookUrl(), 'qr_code.credited', payment, { secret: WEBHOOK_SECRET });
    expect(credited.status).toBe(200);
    expect(await me(payer)).toMatchObject({ isActivated: true });
    expect(Number((await me(referrer)).walletBalance) - Number(before)).toBe(400);
    expect((await s.api('GET', `/api/payments/checkout/${checkout.id}`, { token: payer.token })).body.status).toBe('paid');
    const own = (await s.api('GET', '/api/manual-payments', { token: payer.token })).body;
    expect(own).toEqual([expect.objectContaining({ method: 'gateway', gateway: 'razorpay', status: 'approved', utrNumber: payment.acquirer_data.rrn })]);

    // The same payment as payment.captured, the same event again, and the sweep: nothing more.
    expect((await fake.sendWebhook(webhookUrl(), 'payment.captured', payment, { secret: WEBHOOK_SECRET })).status).toBe(200);
    const replay = await fake.sendWebhook(webhookUrl(), 'qr_code.credited', payment, { secret: WEBHOOK_SECRET, eventId: credited.eventId });
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toMatchObject({ outcome: 'redelivery' });
    await sweepGatewayPayments(s.ctx);
    expect(Number((await me(referrer)).walletBalance) - Number(before)).toBe(400);
    expect((await s.api('GET', '/api/manual-payments', { token: payer.token })).body).toHaveLength(1);
    // Paid: no new checkout.
    expect((await s.api('POST', '/api/payments/checkout', { token: payer.token })).body.code).toBe('ALREADY_ACTIVATED');
    await expectLedgerHolds(s);
  });

  it('refuses a wrong signature and a tampered body, and never activates on them', async () => {
    const payer = await registerUser(s, referrer.user.referralCode);
    const payment = fake.pay(qrOf((await openCheckout(payer)).id).id);
    const wrong = await fake.sendWebhook(webhookUrl(), 'qr_code.credited', payment, { secret: 'not-our-secret' });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body).code).toBe('INVALID_SIGNATURE');
    const tampered = await fake.sendWebhook(webhookUrl(), 'qr_code.credited', payment, { secret: WEBHOOK_SECRET, tamper: true });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(webhookUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"entity":"event"}' });
    expect(unsigned.status).toBe(400);
    expect((await me(payer)).isActivated).toBe(false);
    // The genuine one still works afterwards.
    expect((await fake.sendWebhook(webhookUrl(), 'qr_code.credited', payment, { secret: WEBHOOK_SECRET })).status).toBe(200);
    expect((await me(payer)).isActivated).toBe(true);
    await expectLedgerHolds(s);
  });

  it('never activates on a mismatched amount, and tells the admins once', async () => {
    const payer = await registerUser(s, referrer.user.referralCode);
    const qr = qrOf((await openCheckout(payer)).id);
    // A fixed-amount QR cannot take another amount at Razorpay; the fake lets the test pretend it did.
    const payment = fake.pay(qr.id, { amountPaise: 40_000n });
    expect((await fake.sendWebhook(webhookUrl(), 'qr_code.credited', payment, { secret: WEBHOOK_SECRET })).status).toBe(200);
    expect((await fake.sendWebhook(webhookUrl(), 'payment.captured', payment, { secret: WEBHOOK_SECRET })).status).toBe(200);
    expect((await me(payer)).isActivated).toBe(false);
    const refused = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items.filter(
      (a: { action: string; details: { gatewayPaymentId?: string } }) => a.action === 'gateway.payment_refused' && a.details.gatewayPaymentId === payment.id,
    );
    expect(refused).toHaveLength(1);
    expect(refused[0].details).toMatchObject({ amount: '400.00', reason: 'amount_mismatch' });
    await expectLedgerHolds(s);
  });

  it('settles a webhook that arrives before the gateway has answered our checkout', async () => {
    const payer = await registerUser(s, referrer.user.referralCode);
    let delivered: number | null = null;
    // The customer pays and Razorpay's webhook lands while our server still waits for the QR.
    fake.onNextCreate(async (created) => {
      const payment = fake.pay(created.id);
      delivered = (await fake.sendWebhook(webhookUrl(), 'qr_code.credited', payment, { secret: WEBHOOK_SECRET })).status;
    });
    const checkout = await openCheckout(payer);
    expect(delivered).toBe(200);
    expect(checkout.status).toBe('paid');
    expect((await me(payer)).isActivated).toBe(true);
    await expectLedgerHolds(s);
  });

  it('closes a proof the payer also sent, and the sweep finds a payment whose webhook never came', async () => {
    const payer = await registerUser(s, referrer.user.referralCode);
    const proof = await submitPaymentProof(s, payer.token);
    const checkout = await openCheckout(payer);
    fake.pay(qrOf(checkout.id).id);
    expect((await me(payer)).isActivated).toBe(false);
    const report = await sweepGatewayPayments(s.ctx);
    expect(report.activated).toBe(1);
    expect((await me(payer)).isActivated).toBe(true);
    const payments = (await s.api('GET', '/api/manual-payments', { token: payer.token })).body;
    expect(payments.find((p: { id: string }) => p.id === proof.id)).toMatchObject({ status: 'rejected', adminNotes: 'Not needed: the account was activated by a payment through razorpay' });
    expect((await sweepGatewayPayments(s.ctx)).activated).toBe(0);
    await expectLedgerHolds(s);
  });

  it('answers clearly when the gateway is down, and when there is none', async () => {
    const payer = await registerUser(s, referrer.user.referralCode);
    fake.failNext(1);
    const down = await s.api('POST', '/api/payments/checkout', { token: payer.token });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('GATEWAY_UNAVAILABLE');
    expect((await s.api('POST', '/api/payments/webhook/paypal', { body: {} })).status).toBe(404);
    expect((await s.api('GET', '/api/payments/checkout/not-a-uuid', { token: payer.token })).status).toBe(404);
  });
});

describe('without a payment gateway', () => {
  it('offers none and refuses checkouts with a clear message', async () => {
    const s = await startTestServer();
    try {
      const admin = await createAdmin(s);
      const u = await registerUser(s, admin.user.referralCode);
      expect((await s.api('GET', '/api/app-settings')).body.paymentGateway).toBeNull();
      const res = await s.api('POST', '/api/payments/checkout', { token: u.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('GATEWAY_NOT_CONFIGURED');
      expect((await s.api('POST', '/api/payments/webhook/razorpay', { body: {} })).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});
