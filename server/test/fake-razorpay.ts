// A stand-in for Razorpay in tests: a real HTTP server on 127.0.0.1 that checks basic auth, keeps
// orders, UPI QR codes and payments in memory and answers the calls razorpay.ts makes in
// Razorpay's shapes (errors as `{error:{code,description,...}}`, empty notes as `[]`). Test
// controls stand in for the customer (pay), for Razorpay's webhooks (sendWebhook) and for an
// outage (failNext). QR images are served by the fake itself (GET /qr-images/<id>.png), and a test
// may run something before the fake answers the next create (onNextCreate): a webhook that
// overtakes the gateway's own answer.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import QRCode from 'qrcode';

/** Razorpay writes empty notes as a JSON array. */
type Notes = Record<string, string> | [];

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Notes;
  created_at: number;
}

export interface FakeQrCode {
  id: string;
  entity: 'qr_code';
  created_at: number;
  name: string | null;
  usage: 'single_use' | 'multiple_use';
  type: 'upi_qr';
  image_url: string;
  payment_amount: number | null;
  status: 'active' | 'closed';
  description: string | null;
  fixed_amount: boolean;
  payments_amount_received: number;
  payments_count_received: number;
  notes: Notes;
  customer_id: string | null;
  close_by: number | null;
  closed_at: number | null;
  close_reason: 'paid' | 'on_demand' | null;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'authorized' | 'failed';
  order_id: string | null;
  invoice_id: null;
  international: false;
  method: 'upi';
  amount_refunded: 0;
  refund_status: null;
  captured: boolean;
  description: string | null;
  vpa: string;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  acquirer_data: { rrn: string };
  created_at: number;
  upi: { payer_account_type: 'bank_account'; vpa: string };
}

export interface FakeRequest {
  method: string;
  /** Path with its query string. */
  url: string;
  authorized: boolean;
}

export interface PayOptions {
  /** Defaults to the order's or QR code's amount; a different one simulates a wrong payment. */
  amountPaise?: bigint;
  currency?: string;
  status?: FakePayment['status'];
  /** When the payment was made (its created_at); now by default. */
  at?: Date;
}

export interface SendWebhookOptions {
  secret: string;
  /** The x-razorpay-event-id header; a fresh one by default. Reuse one to simulate a redelivery. */
  eventId?: string;
  /** Sign the genuine body, then send one whose amount was changed afterwards. */
  tamper?: boolean;
}

export interface FakeRazorpay {
  url: string;
  keyId: string;
  keySecret: string;
  orders: ReadonlyMap<string, FakeOrder>;
  qrCodes: ReadonlyMap<string, FakeQrCode>;
  payments: readonly FakePayment[];
  requests: readonly FakeRequest[];
  /** A customer pays an order or QR code: records the payment and updates what it paid. */
  pay(orderOrQrId: string, options?: PayOptions): FakePayment;
  /** POSTs a Razorpay-shaped, signed event about `payment` to `targetUrl`. */
  sendWebhook(
    targetUrl: string,
    eventName: string,
    payment: FakePayment,
    options: SendWebhookOptions,
  ): Promise<{ status: number; body: string; eventId: string }>;
  /** The next `count` API requests answer 500 (`error`) or never answer (`hang`). */
  failNext(count: number, mode?: 'error' | 'hang'): void;
  /** Runs `before` after the next order or QR code is created and before the fake answers the call. */
  onNextCreate(before: (created: FakeOrder | FakeQrCode) => Promise<void>): void;
  close(): Promise<void>;
}

const ACCOUNT_ID = 'acc_FakeRazorpay01';
/** Razorpay takes a single-use QR's close_by from 2 minutes to 2 hours ahead, and caps it at 2 hours. */
const QR_MIN_LIFETIME_S = 120;
const QR_MAX_LIFETIME_S = 2 * 60 * 60;
const MAX_PAGE = 100;

type Answer = { status: number; body: unknown };

export async function startFakeRazorpay(keys: { keyId?: string; keySecret?: string } = {}): Promise<FakeRazorpay> {
  const keyId = keys.keyId ?? 'rzp_test_FakeKeyId001';
  const keySecret = keys.keySecret ?? 'fake-key-secret';
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const orders = new Map<string, FakeOrder>();
  const qrCodes = new Map<string, FakeQrCode>();
  const payments: FakePayment[] = [];
  const qrOfPayment = new Map<string, string>();
  const requests: FakeRequest[] = [];
  const faults = { remaining: 0, mode: 'error' as 'error' | 'hang' };
  let beforeCreateAnswer: ((created: FakeOrder | FakeQrCode) => Promise<void>) | null = null;
  let baseUrl = '';

  function createOrder(body: Record<string, unknown>): Answer {
    const refused =
      unexpectedFields(body, ['amount', 'currency', 'receipt', 'notes', 'partial_payment']) ??
      (!isWhole(body.amount) || body.amount < 100 ? razorpayBadRequest('The amount must be at least INR 1.00', 'amount') : null) ??
      (body.currency !== 'INR' ? razorpayBadRequest('The selected currency is invalid.', 'currency') : null) ??
      (body.receipt !== undefined && (typeof body.receipt !== 'string' || body.receipt.length > 40)
        ? razorpayBadRequest('The receipt may not be greater than 40 characters.', 'receipt')
        : null) ??
      invalidNotes(body.notes);
    if (refused) return refused;
    const amount = body.amount as number;
    const order: FakeOrder = {
      id: newId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: 'INR',
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: toNotes(body.notes),
      created_at: unixNow(),
    };
    orders.set(order.id, order);
    return { status: 200, body: order };
  }

  function createQrCode(body: Record<string, unknown>): Answer {
    const allowed = ['type', 'name', 'usage', 'fixed_amount', 'payment_amount', 'description', 'customer_id', 'close_by', 'notes'];
    const singleUse = body.usage === 'single_use';
    const refused =
      unexpectedFields(body, allowed) ??
      (body.type !== 'upi_qr' ? razorpayBadRequest('The selected type is invalid.', 'type') : null) ??
      (body.usage !== 'single_use' && body.usage !== 'multiple_use' ? razorpayBadRequest('The selected usage is invalid.', 'usage') : null) ??
      (singleUse && body.fixed_amount !== true ? razorpayBadRequest('fixed_amount must be true for a single use QR code', 'fixed_amount') : null) ??
      (body.fixed_amount === true && (!isWhole(body.payment_amount) || body.payment_amount < 1)
        ? razorpayBadRequest('The payment amount must be at least 1.', 'payment_amount')
        : null) ??
      (body.close_by !== undefined && (!singleUse || !isWhole(body.close_by) || body.close_by < unixNow() + QR_MIN_LIFETIME_S)
        ? razorpayBadRequest('close_by should be at least 2 minutes after the current time, on a single use QR code', 'close_by')
        : null) ??
      invalidNotes(body.notes);
    if (refused) return refused;
    const createdAt = unixNow();
    const qr: FakeQrCode = {
      id: newId('qr'),
      entity: 'qr_code',
      created_at: createdAt,
      name: typeof body.name === 'string' ? body.name : null,
      usage: singleUse ? 'single_use' : 'multiple_use',
      type: 'upi_qr',
      image_url: '',
      payment_amount: body.fixed_amount === true ? (body.payment_amount as number) : null,
      status: 'active',
      description: typeof body.description === 'string' ? body.description : null,
      fixed_amount: body.fixed_amount === true,
      payments_amount_received: 0,
      payments_count_received: 0,
      notes: toNotes(body.notes),
      customer_id: typeof body.customer_id === 'string' ? body.customer_id : null,
      close_by: singleUse ? Math.min(isWhole(body.close_by) ? body.close_by : Infinity, createdAt + QR_MAX_LIFETIME_S) : null,
      closed_at: null,
      close_reason: null,
    };
    qr.image_url = `${baseUrl}/qr-images/${qr.id}.png`;
    qrCodes.set(qr.id, qr);
    return { status: 200, body: qr };
  }

  /** Newest first, as Razorpay lists; from/to in unix seconds, count at most 100. */
  function listPayments(list: FakePayment[], query: URLSearchParams): Answer {
    const count = query.has('count') ? Number(query.get('count')) : 10;
    const skip = query.has('skip') ? Number(query.get('skip')) : 0;
    if (!Number.isInteger(count) || count < 1) return razorpayBadRequest('The count must be at least 1.', 'count');
    if (count > MAX_PAGE) return razorpayBadRequest(`The count may not be greater than ${MAX_PAGE}.`, 'count');
    if (!Number.isInteger(skip) || skip < 0) return razorpayBadRequest('The skip must be at least 0.', 'skip');
    const from = query.has('from') ? Number(query.get('from')) : -Infinity;
    const to = query.has('to') ? Number(query.get('to')) : Infinity;
    const items = list
      .map((payment, index) => ({ payment, index }))
      .filter(({ payment }) => payment.created_at >= from && payment.created_at <= to)
      .sort((a, b) => b.payment.created_at - a.payment.created_at || b.index - a.index)
      .slice(skip, skip + count)
      .map(({ payment }) => payment);
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  }

  function route(method: string, url: URL, body: Record<string, unknown>): Answer {
    const path = url.pathname.replace(/\/$/, '');
    if (method === 'POST' && path === '/v1/orders') return createOrder(body);
    if (method === 'POST' && path === '/v1/payments/qr_codes') return createQrCode(body);
    if (method === 'GET' && path === '/v1/payments') return listPayments(payments, url.searchParams);
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && orderPayments) {
      const id = decodeURIComponent(orderPayments[1]!);
      if (!orders.has(id)) return razorpayBadRequest('The id provided does not exist');
      const items = payments.filter((payment) => payment.order_id === id);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    const qrPayments = /^\/v1\/payments\/qr_codes\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && qrPayments) {
      const id = decodeURIComponent(qrPayments[1]!);
      if (!qrCodes.has(id)) return razorpayBadRequest(`${id} is not a valid id`);
      return listPayments(payments.filter((payment) => qrOfPayment.get(payment.id) === id), url.searchParams);
    }
    return razorpayBadRequest('The requested URL was not found on the server.');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    // A QR code's image, public as Razorpay's image links are.
    const image = /^\/qr-images\/([^/]+)\.png$/.exec(req.url ?? '');
    if (req.method === 'GET' && image) {
      const qr = qrCodes.get(decodeURIComponent(image[1]!));
      if (!qr) return send(res, errorAnswer(404, 'NOT_FOUND', 'No such image'));
      const png = await QRCode.toBuffer(`upi://pay?pa=fake.merchant@razorpay&am=${(qr.payment_amount ?? 0) / 100}&tr=${qr.id}`, { width: 240, margin: 2 });
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
      return;
    }
    const authorized = req.headers.authorization === expectedAuth;
    requests.push({ method: req.method ?? '', url: req.url ?? '', authorized });
    if (faults.remaining > 0) {
      faults.remaining -= 1;
      // A hung request keeps its socket open until the client gives up or close() ends it.
      if (faults.mode === 'hang') return;
      return send(res, errorAnswer(500, 'SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins'));
    }
    if (!authorized) {
      return send(res, errorAnswer(401, 'BAD_REQUEST_ERROR', 'The api key provided is invalid'));
    }
    let body: unknown = {};
    if (raw.length > 0) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return send(res, razorpayBadRequest('The request body is not valid JSON'));
      }
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(res, razorpayBadRequest('The request body must be an object'));
    const answer = route(req.method ?? 'GET', new URL(req.url ?? '/', 'http://fake'), body as Record<string, unknown>);
    const created = answer.status === 200 && req.method === 'POST' && /^\/v1\/(orders|payments\/qr_codes)\/?$/.test(req.url ?? '');
    if (created && beforeCreateAnswer) {
      const before = beforeCreateAnswer;
      beforeCreateAnswer = null;
      await before(answer.body as FakeOrder | FakeQrCode);
    }
    send(res, answer);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, errorAnswer(500, 'SERVER_ERROR', String(err))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = url;

  return {
    url,
    keyId,
    keySecret,
    orders,
    qrCodes,
    payments,
    requests,

    pay(orderOrQrId, options = {}) {
      const order = orders.get(orderOrQrId);
      const qr = qrCodes.get(orderOrQrId);
      if (!order && !qr) throw new Error(`the fake knows no order or QR code ${orderOrQrId}`);
      if (order?.status === 'paid' || qr?.status === 'closed') throw new Error(`${orderOrQrId} takes no more payments`);
      const fixed = order ? order.amount : qr!.payment_amount;
      const amount = options.amountPaise !== undefined ? Number(options.amountPaise) : fixed;
      if (amount === null) throw new Error('a QR code without a fixed amount needs amountPaise');
      const status = options.status ?? 'captured';
      const captured = status === 'captured';
      const vpa = 'customer@okhdfcbank';
      const payment: FakePayment = {
        id: newId('pay'),
        entity: 'payment',
        amount,
        currency: options.currency ?? 'INR',
        status,
        order_id: order ? order.id : null,
        invoice_id: null,
        international: false,
        method: 'upi',
        amount_refunded: 0,
        refund_status: null,
        captured,
        description: qr ? 'QRv2 Payment' : null,
        vpa,
        email: 'customer@example.com',
        contact: '+919000090000',
        // Order payments carry the checkout's notes (none here); QR payments a copy of the QR's.
        notes: qr ? structuredClone(qr.notes) : [],
        fee: captured ? 0 : null,
        tax: captured ? 0 : null,
        error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
        error_description: status === 'failed' ? 'Payment failed' : null,
        acquirer_data: { rrn: String(100_000_000_000 + payments.length) },
        created_at: options.at ? Math.floor(options.at.getTime() / 1000) : unixNow(),
        upi: { payer_account_type: 'bank_account', vpa },
      };
      payments.push(payment);
      if (order) {
        order.attempts += 1;
        order.status = captured ? 'paid' : 'attempted';
        if (captured) Object.assign(order, { amount_paid: amount, amount_due: Math.max(0, order.amount - amount) });
      }
      if (qr) {
        qrOfPayment.set(payment.id, qr.id);
        if (captured) {
          qr.payments_amount_received += amount;
          qr.payments_count_received += 1;
          if (qr.usage === 'single_use') Object.assign(qr, { status: 'closed', closed_at: unixNow(), close_reason: 'paid' });
        }
      }
      return structuredClone(payment);
    },

    async sendWebhook(targetUrl, eventName, payment, options) {
      const contains = ['payment'];
      const payload: Record<string, { entity: object }> = { payment: { entity: payment } };
      if (eventName.startsWith('qr_code.')) {
        const qr = qrCodes.get(qrOfPayment.get(payment.id) ?? '');
        if (!qr) throw new Error(`${payment.id} was not paid on a QR code`);
        contains.push('qr_code');
        payload.qr_code = { entity: qr };
      }
      if (eventName.startsWith('order.')) {
        const order = orders.get(payment.order_id ?? '');
        if (!order) throw new Error(`${payment.id} was not paid on an order`);
        contains.push('order');
        payload.order = { entity: order };
      }
      const envelope = { entity: 'event', account_id: ACCOUNT_ID, event: eventName, contains, payload, created_at: unixNow() };
      const body = JSON.stringify(envelope);
      const signature = createHmac('sha256', options.secret).update(body).digest('hex');
      // The forgery a payer would try: the same signed event, for a hundred times the money.
      const sent = options.tamper
        ? JSON.stringify({ ...envelope, payload: { ...payload, payment: { entity: { ...payment, amount: payment.amount * 100 } } } })
        : body;
      const eventId = options.eventId ?? randomId(14);
      const res = await fetch(targetUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': eventId,
        },
        body: sent,
        // Razorpay counts an answer slower than 5 seconds as a failed delivery.
        signal: AbortSignal.timeout(5_000),
      });
      return { status: res.status, body: await res.text(), eventId };
    },

    onNextCreate(before) {
      beforeCreateAnswer = before;
    },

    failNext(count, mode = 'error') {
      faults.remaining = count;
      faults.mode = mode;
    },

    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

function send(res: ServerResponse, answer: Answer): void {
  res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(answer.body));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Razorpay's error body; source, step and reason are "NA" when no payment step is involved. */
function errorAnswer(
  status: number,
  code: string,
  description: string,
  detail: Record<string, string> = { source: 'NA', step: 'NA', reason: 'NA' },
): Answer {
  return { status, body: { error: { code, description, ...detail, metadata: {} } } };
}

function razorpayBadRequest(description: string, field?: string): Answer {
  const detail = { source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', ...(field ? { field } : {}) };
  return errorAnswer(400, 'BAD_REQUEST_ERROR', description, detail);
}

/** Razorpay refuses fields it does not know rather than ignoring them. */
function unexpectedFields(body: Record<string, unknown>, allowed: string[]): Answer | null {
  const extra = Object.keys(body).filter((key) => !allowed.includes(key));
  return extra.length > 0 ? razorpayBadRequest(`${extra.join(', ')} is/are not required and should not be sent`) : null;
}

/** At most 15 notes of at most 256 characters each. */
function invalidNotes(notes: unknown): Answer | null {
  if (notes === undefined) return null;
  const valid =
    typeof notes === 'object' &&
    notes !== null &&
    !Array.isArray(notes) &&
    Object.keys(notes).length <= 15 &&
    Object.values(notes).every((value) => typeof value === 'string' && value.length <= 256);
  return valid ? null : razorpayBadRequest('notes must be at most 15 text values of up to 256 characters', 'notes');
}

function toNotes(notes: unknown): Notes {
  return notes && typeof notes === 'object' && Object.keys(notes).length > 0 ? { ...(notes as Record<string, string>) } : [];
}

function isWhole(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

const unixNow = (): number => Math.floor(Date.now() / 1000);

const ID_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Razorpay ids are a prefix and 14 letters or digits: order_DESlLckIVRkHWj. */
function randomId(length: number): string {
  return [...randomBytes(length)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

const newId = (prefix: string): string => `${prefix}_${randomId(14)}`;
