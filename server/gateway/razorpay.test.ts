import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRazorpay, type FakePayment, type FakeRazorpay, type SendWebhookOptions } from '../test/fake-razorpay.ts';
import { GatewayError, type PaymentGateway } from './payment-gateway.ts';
import { createRazorpayGateway } from './razorpay.ts';

const WEBHOOK_SECRET = 'webhook-secret-for-tests';
const FEE = 50_000n;

/** Our side of a webhook: keeps each delivery's raw bytes and headers, as a route would see them. */
async function startWebhookReceiver() {
  const received: { body: Buffer; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/razorpay`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const sign = (body: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(body).digest('hex');

describe('Razorpay gateway against a fake Razorpay', () => {
  let fake: FakeRazorpay;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  let gateway: PaymentGateway;
  const logs: string[] = [];

  const gatewayWith = (overrides: { keySecret?: string; baseUrl?: string } = {}) =>
    createRazorpayGateway({
      keyId: fake.keyId,
      keySecret: overrides.keySecret ?? fake.keySecret,
      webhookSecret: WEBHOOK_SECRET,
      baseUrl: overrides.baseUrl ?? `${fake.url}/`,
      timeoutMs: 300,
      log: (line) => logs.push(line),
    });

  beforeAll(async () => {
    fake = await startFakeRazorpay();
    receiver = await startWebhookReceiver();
    gateway = gatewayWith();
  });
  afterAll(async () => {
    await receiver.close();
    await fake.close();
  });

  async function deliver(eventName: string, payment: FakePayment, options: Partial<SendWebhookOptions> = {}) {
    const sent = await fake.sendWebhook(receiver.url, eventName, payment, { secret: WEBHOOK_SECRET, ...options });
    const delivery = receiver.received.at(-1)!;
    return { sent, verdict: gateway.verifyWebhook(delivery.body, delivery.headers) };
  }

  describe('checkout', () => {
    it('creates an order for the fee in paise and INR, with the receipt and the user in its notes', async () => {
      const checkout = await gateway.createCheckout({ userId: 'user-1', amountPaise: FEE, receipt: 'act-user-1-1' });
      expect(checkout).toEqual({ gatewayOrderId: expect.stringMatching(/^order_\w{14}$/), kind: 'order', amountPaise: FEE, currency: 'INR' });
      expect(fake.orders.get(checkout.gatewayOrderId)).toMatchObject({
        amount: 50_000,
        currency: 'INR',
        receipt: 'act-user-1-1',
        status: 'created',
        notes: { user_id: 'user-1', purpose: 'activation_fee' },
      });
    });

    it('creates a single-use, fixed-amount UPI QR whose expiry is the close_by Razorpay answered', async () => {
      const before = Date.now();
      const checkout = await gateway.createCheckout({ userId: 'user-2', amountPaise: FEE, receipt: 'act-user-2-1', kind: 'upi_qr' });
      const qr = fake.qrCodes.get(checkout.gatewayOrderId)!;
      expect(qr).toMatchObject({
        type: 'upi_qr',
        usage: 'single_use',
        fixed_amount: true,
        payment_amount: 50_000,
        status: 'active',
        notes: { user_id: 'user-2', purpose: 'activation_fee', receipt: 'act-user-2-1' },
      });
      expect(checkout).toMatchObject({ kind: 'upi_qr', qrImageUrl: qr.image_url, amountPaise: FEE, currency: 'INR' });
      expect(checkout.expiresAt!.getTime()).toBe(qr.close_by! * 1000);
      // Thirty minutes by default, to the second.
      expect(checkout.expiresAt!.getTime() - before).toBeGreaterThan(30 * 60_000 - 2_000);
      expect(checkout.expiresAt!.getTime() - before).toBeLessThanOrEqual(30 * 60_000 + 1_000);
    });

    it("a refused request is a GatewayError with Razorpay's code and description", async () => {
      const err = await gateway.createCheckout({ userId: 'u', amountPaise: 50n, receipt: 'r' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayError);
      expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR', description: 'The amount must be at least INR 1.00', retryable: false });
    });

    it('wrong API keys are refused with 401 and not retryable', async () => {
      const err = await gatewayWith({ keySecret: 'not-the-secret' })
        .createCheckout({ userId: 'u', amountPaise: FEE, receipt: 'r' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayError);
      expect(err).toMatchObject({ status: 401, code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid', retryable: false });
      expect(fake.requests.at(-1)).toMatchObject({ url: '/v1/orders', authorized: false });
    });
  });

  describe('webhooks', () => {
    it('accepts a signed payment.captured and reads it: amount as bigint paise, event id from the header', async () => {
      const { gatewayOrderId } = await gateway.createCheckout({ userId: 'user-3', amountPaise: FEE, receipt: 'act-user-3-1' });
      const payment = fake.pay(gatewayOrderId);
      const { sent, verdict } = await deliver('payment.captured', payment);
      expect(sent.status).toBe(200);
      expect(verdict).toEqual({
        ok: true,
        event: {
          eventId: sent.eventId,
          type: 'payment_captured',
          gatewayPaymentId: payment.id,
          gatewayOrderId,
          amountPaise: 50_000n,
          currency: 'INR',
          rrn: payment.acquirer_data.rrn,
          status: 'captured',
          // Razorpay sends empty notes as [].
          notes: {},
          occurredAt: expect.any(Date),
        },
      });
    });

    it('reads qr_code.credited with the QR code as the checkout and its notes', async () => {
      const checkout = await gateway.createCheckout({ userId: 'user-4', amountPaise: FEE, receipt: 'act-user-4-1', kind: 'upi_qr' });
      const payment = fake.pay(checkout.gatewayOrderId);
      expect(fake.qrCodes.get(checkout.gatewayOrderId)).toMatchObject({ status: 'closed', close_reason: 'paid' });

      const credited = await deliver('qr_code.credited', payment);
      expect(credited.verdict).toEqual({
        ok: true,
        event: {
          eventId: credited.sent.eventId,
          type: 'qr_credited',
          gatewayPaymentId: payment.id,
          gatewayOrderId: checkout.gatewayOrderId,
          amountPaise: 50_000n,
          currency: 'INR',
          rrn: payment.acquirer_data.rrn,
          status: 'captured',
          notes: { user_id: 'user-4', purpose: 'activation_fee', receipt: 'act-user-4-1' },
          occurredAt: expect.any(Date),
        },
      });
      // The same payment also arrives as payment.captured, which names no order for a QR payment.
      const captured = await deliver('payment.captured', payment);
      expect(captured.verdict).toMatchObject({ ok: true, event: { type: 'payment_captured', gatewayPaymentId: payment.id, gatewayOrderId: null } });
    });

    it('an event we do not act on is still verified, as type other', async () => {
      const { gatewayOrderId } = await gateway.createCheckout({ userId: 'user-5', amountPaise: FEE, receipt: 'act-user-5-1' });
      const { sent, verdict } = await deliver('payment.failed', fake.pay(gatewayOrderId, { status: 'failed' }));
      expect(verdict).toEqual({ ok: true, event: { eventId: sent.eventId, type: 'other', name: 'payment.failed', occurredAt: expect.any(Date) } });
    });

    it('refuses a body signed with another secret, and a body changed after signing', async () => {
      const { gatewayOrderId } = await gateway.createCheckout({ userId: 'user-6', amountPaise: FEE, receipt: 'act-user-6-1' });
      const payment = fake.pay(gatewayOrderId, { amountPaise: 500n });
      expect((await deliver('payment.captured', payment, { secret: 'someone-else' })).verdict).toEqual({ ok: false, reason: 'bad_signature' });

      const tampered = await deliver('payment.captured', payment, { tamper: true });
      expect(JSON.parse(receiver.received.at(-1)!.body.toString()).payload.payment.entity.amount).toBe(50_000);
      expect(tampered.verdict).toEqual({ ok: false, reason: 'bad_signature' });
    });

    it('refuses a missing or malformed signature, a missing event id and a signed body that is not an event', () => {
      const body = '{"entity":"event"}';
      const refusal = (raw: string, headers: Record<string, string>) => gateway.verifyWebhook(Buffer.from(raw), headers);
      expect(refusal(body, { 'x-razorpay-event-id': 'e1' })).toEqual({ ok: false, reason: 'missing_signature' });
      expect(refusal(body, { 'x-razorpay-signature': 'zz', 'x-razorpay-event-id': 'e1' })).toEqual({ ok: false, reason: 'bad_signature' });
      expect(refusal(body, { 'x-razorpay-signature': sign(body) })).toEqual({ ok: false, reason: 'missing_event_id' });
      expect(refusal(body, { 'x-razorpay-signature': sign(body), 'x-razorpay-event-id': 'e1' })).toEqual({ ok: false, reason: 'unparseable' });
      expect(refusal('not json', { 'x-razorpay-signature': sign('not json'), 'x-razorpay-event-id': 'e1' })).toEqual({ ok: false, reason: 'unparseable' });
    });
  });

  describe('listing payments for the sweep', () => {
    it('pages through every captured payment in the window, and only those', async () => {
      const start = new Date('2024-03-01T00:00:00Z');
      const end = new Date('2024-03-01T23:59:59Z');
      const paid: string[] = [];
      for (let i = 0; i < 150; i += 1) {
        const { gatewayOrderId } = await gateway.createCheckout({ userId: `bulk-${i}`, amountPaise: FEE, receipt: `bulk-${i}` });
        paid.push(fake.pay(gatewayOrderId, { at: new Date(start.getTime() + i * 60_000) }).id);
      }
      const { gatewayOrderId: failedOrder } = await gateway.createCheckout({ userId: 'bulk-f', amountPaise: FEE, receipt: 'bulk-f' });
      fake.pay(failedOrder, { status: 'failed', at: new Date(start.getTime() + 5_000) });
      const { gatewayOrderId: lateOrder } = await gateway.createCheckout({ userId: 'bulk-l', amountPaise: FEE, receipt: 'bulk-l' });
      fake.pay(lateOrder, { at: new Date(end.getTime() + 1_000) });

      const listed = await gateway.listCapturedPayments({ from: start, to: end });
      expect(listed.map((p) => p.gatewayPaymentId).sort()).toEqual([...paid].sort());
      expect(listed[0]).toMatchObject({ amountPaise: FEE, currency: 'INR', status: 'captured', createdAt: expect.any(Date) });
      const pages = fake.requests.filter((r) => r.url.startsWith('/v1/payments?')).map((r) => new URL(r.url, 'http://x').searchParams);
      expect(pages.map((q) => [q.get('count'), q.get('skip')])).toEqual([
        ['100', '0'],
        ['100', '100'],
      ]);
    });

    it("lists a QR code's attempts under the QR code's id", async () => {
      const { gatewayOrderId } = await gateway.createCheckout({ userId: 'user-7', amountPaise: FEE, receipt: 'act-user-7-1', kind: 'upi_qr' });
      const failed = fake.pay(gatewayOrderId, { status: 'failed' });
      const captured = fake.pay(gatewayOrderId);
      const listed = await gateway.listCheckoutPayments({ gatewayOrderId, kind: 'upi_qr' });
      expect(listed.map((p) => [p.gatewayPaymentId, p.status, p.gatewayOrderId]).sort()).toEqual(
        [
          [failed.id, 'failed', gatewayOrderId],
          [captured.id, 'captured', gatewayOrderId],
        ].sort(),
      );
    });

    it("lists an order's attempts", async () => {
      const { gatewayOrderId } = await gateway.createCheckout({ userId: 'user-8', amountPaise: FEE, receipt: 'act-user-8-1' });
      const payment = fake.pay(gatewayOrderId);
      expect(await gateway.listCheckoutPayments({ gatewayOrderId, kind: 'order' })).toEqual([
        expect.objectContaining({ gatewayPaymentId: payment.id, gatewayOrderId, amountPaise: FEE, status: 'captured' }),
      ]);
    });
  });

  describe('a failing Razorpay', () => {
    it('a 5xx is a retryable GatewayError, and the next call goes through', async () => {
      fake.failNext(1);
      const err = await gateway.listCapturedPayments({ from: new Date(0), to: new Date() }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayError);
      expect(err).toMatchObject({ status: 500, code: 'SERVER_ERROR', retryable: true });
      await expect(gateway.createCheckout({ userId: 'u', amountPaise: FEE, receipt: 'after-outage' })).resolves.toMatchObject({ kind: 'order' });
    });

    it('a Razorpay that never answers is a TIMEOUT after the configured wait', async () => {
      fake.failNext(1, 'hang');
      const started = Date.now();
      const err = await gateway.createCheckout({ userId: 'u', amountPaise: FEE, receipt: 'r' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GatewayError);
      expect(err).toMatchObject({ status: null, code: 'TIMEOUT', retryable: true });
      expect(Date.now() - started).toBeLessThan(3_000);
    });

    it('a Razorpay that cannot be reached is a NETWORK_ERROR', async () => {
      const err = await gatewayWith({ baseUrl: 'http://127.0.0.1:1' })
        .createCheckout({ userId: 'u', amountPaise: FEE, receipt: 'r' })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ name: 'GatewayError', status: null, code: 'NETWORK_ERROR', retryable: true });
    });

    it('what was logged names the failures and never a key secret, the webhook secret or the auth header', () => {
      expect(logs.some((line) => line.includes('HTTP 401 BAD_REQUEST_ERROR'))).toBe(true);
      expect(logs.some((line) => line.includes('TIMEOUT'))).toBe(true);
      const basic = Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64');
      for (const secret of [fake.keySecret, 'not-the-secret', WEBHOOK_SECRET, basic]) {
        expect(logs.join('\n')).not.toContain(secret);
      }
    });
  });
});
