// Razorpay behind the PaymentGateway interface: an Orders API order or a single-use, fixed-amount
// UPI QR code for the activation fee, the webhook check (hex HMAC-SHA256 of the raw body keyed
// with the webhook secret, event id from x-razorpay-event-id), and the payment listings, read in
// pages of 100 (count/skip) for the daily sweep. Every call has a timeout; every failure is a
// GatewayError that names Razorpay's error code and description, never a key or secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { redactText } from '../logging.ts';
import {
  GatewayError,
  type Checkout,
  type GatewayEvent,
  type GatewayPayment,
  type PaymentFacts,
  type PaymentGateway,
  type WebhookHeaders,
} from './payment-gateway.ts';

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** https://api.razorpay.com in production; tests point it at fake-razorpay.ts. */
  baseUrl: string;
  /** Per call, body included. */
  timeoutMs?: number;
  /** How long a UPI QR takes payment; Razorpay accepts 2 minutes to 2 hours and caps longer ones. */
  qrLifetimeMs?: number;
  now?: () => Date;
  log?: (line: string) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_QR_LIFETIME_MS = 30 * 60_000;
/** The most items Razorpay's listings return at once. */
const PAGE_SIZE = 100;

const EVENT_TYPES: Record<string, 'payment_captured' | 'qr_credited'> = {
  'payment.captured': 'payment_captured',
  'qr_code.credited': 'qr_credited',
};

export function createRazorpayGateway(options: RazorpayGatewayOptions): PaymentGateway {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const qrLifetimeMs = options.qrLifetimeMs ?? DEFAULT_QR_LIFETIME_MS;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((line: string) => console.error(line));

  /** One API call; `read` turns the JSON answer into what the caller wants or throws Unreadable. */
  async function call<T>(method: 'GET' | 'POST', path: string, read: (answer: Json) => T, body?: object): Promise<T> {
    // Query strings stay out of errors and logs: the path is enough to know which call failed.
    const operation = `${method} ${path.split('?')[0]}`;
    const failed = (status: number | null, code: string, description: string): GatewayError => {
      const err = new GatewayError(operation, status, code, description);
      log(redactText(`[gateway] razorpay ${err.message}`));
      return err;
    };
    let status: number;
    let text: string;
    try {
      const res = await fetch(baseUrl + path, {
        method,
        headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      if (err instanceof Error && err.name === 'TimeoutError') throw failed(null, 'TIMEOUT', `no answer within ${timeoutMs} ms`);
      throw failed(null, 'NETWORK_ERROR', networkReason(err));
    }
    const answer = parseJson(text);
    if (status < 200 || status >= 300) {
      const error = isJson(answer) && isJson(answer.error) ? answer.error : {};
      const code = typeof error.code === 'string' ? error.code : 'HTTP_ERROR';
      throw failed(status, code, typeof error.description === 'string' ? error.description : '');
    }
    try {
      if (!isJson(answer)) throw new Unreadable('the answer is not a JSON object');
      return read(answer);
    } catch (err) {
      if (err instanceof Unreadable) throw failed(status, 'BAD_RESPONSE', err.message);
      throw err;
    }
  }

  /** Reads a count/skip listing to its end. */
  async function listAllPages(path: string, filters: Record<string, string>): Promise<GatewayPayment[]> {
    // Keyed by id: a payment landing mid-walk shifts later pages by one and would repeat an item.
    const byId = new Map<string, GatewayPayment>();
    for (let skip = 0; ; skip += PAGE_SIZE) {
      const query = new URLSearchParams({ ...filters, count: String(PAGE_SIZE), skip: String(skip) });
      const page = await call('GET', `${path}?${query}`, readPaymentList);
      for (const payment of page) byId.set(payment.gatewayPaymentId, payment);
      if (page.length < PAGE_SIZE) return [...byId.values()];
    }
  }

  return {
    name: 'razorpay',

    async createCheckout({ userId, amountPaise, receipt, kind = 'order' }): Promise<Checkout> {
      const amount = toApiAmount(amountPaise);
      const notes = { user_id: userId, purpose: 'activation_fee' };
      const sameAmount = (answered: number): bigint => {
        if (answered !== amount) throw new Unreadable(`amount ${answered} differs from the ${amount} asked for`);
        return amountPaise;
      };
      if (kind === 'order') {
        return call(
          'POST',
          '/v1/orders',
          (order) => {
            if (text(order, 'currency') !== 'INR') throw new Unreadable('currency is not INR');
            return { gatewayOrderId: text(order, 'id'), kind, amountPaise: sameAmount(integer(order, 'amount')), currency: 'INR' };
          },
          { amount, currency: 'INR', receipt, notes },
        );
      }
      return call(
        'POST',
        '/v1/payments/qr_codes',
        (qr) => ({
          gatewayOrderId: text(qr, 'id'),
          kind,
          qrImageUrl: text(qr, 'image_url'),
          // Only accounts with Razorpay's "image content" feature get the upi:// link itself.
          upiUrl: textOrNull(qr, 'image_content') ?? undefined,
          amountPaise: sameAmount(integer(qr, 'payment_amount')),
          currency: 'INR',
          // Razorpay may shorten close_by (to at most 2 hours); its answer is the expiry that holds.
          expiresAt: fromUnix(integer(qr, 'close_by')),
        }),
        {
          type: 'upi_qr',
          name: 'Activation fee',
          usage: 'single_use',
          fixed_amount: true,
          payment_amount: amount,
          description: `Activation fee ${receipt}`,
          close_by: toUnix(new Date(now().getTime() + qrLifetimeMs)),
          // A QR code has no receipt field: the notes carry it to the dashboard and the webhook.
          notes: { ...notes, receipt },
        },
      );
    },

    verifyWebhook(rawBody, headers) {
      const signature = singleHeader(headers, 'x-razorpay-signature');
      if (!signature) return { ok: false, reason: 'missing_signature' };
      if (!signatureMatches(rawBody, signature, options.webhookSecret)) return { ok: false, reason: 'bad_signature' };
      const eventId = singleHeader(headers, 'x-razorpay-event-id');
      if (!eventId) return { ok: false, reason: 'missing_event_id' };
      const body = parseJson(rawBody.toString('utf8'));
      try {
        if (!isJson(body)) throw new Unreadable('the body is not a JSON object');
        return { ok: true, event: readEvent(body, eventId) };
      } catch (err) {
        if (err instanceof Unreadable) return { ok: false, reason: 'unparseable' };
        throw err;
      }
    },

    async listCapturedPayments({ from, to }) {
      // The listing has no status filter: it returns failed and refunded attempts too.
      const payments = await listAllPages('/v1/payments', { from: String(toUnix(from)), to: String(toUnix(to)) });
      return payments.filter((payment) => payment.status === 'captured');
    },

    async listCheckoutPayments({ gatewayOrderId, kind }) {
      const id = encodeURIComponent(gatewayOrderId);
      // An order's payments come in one answer; a QR code's are a count/skip listing.
      const payments =
        kind === 'order'
          ? await call('GET', `/v1/orders/${id}/payments`, readPaymentList)
          : await listAllPages(`/v1/payments/qr_codes/${id}/payments`, {});
      // Payments on a QR code carry order_id null: name the QR code, as the webhook does.
      return payments.map((payment) => ({ ...payment, gatewayOrderId }));
    },
  };
}

/** Razorpay's webhook signature: hex HMAC-SHA256 of the exact body bytes, compared in constant time. */
function signatureMatches(rawBody: Buffer, signature: string, secret: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** A header sent once; a repeated signature or event id is not something Razorpay sends. */
function singleHeader(headers: WebhookHeaders, name: string): string | null {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return typeof value === 'string' && value !== '' ? value : null;
}

function readEvent(envelope: Json, eventId: string): GatewayEvent {
  if (envelope.entity !== 'event') throw new Unreadable('not an event');
  const name = text(envelope, 'event');
  const occurredAt = fromUnix(integer(envelope, 'created_at'));
  const type = EVENT_TYPES[name];
  if (!type) return { eventId, type: 'other', name, occurredAt };
  const payload = object(envelope, 'payload');
  const payment = readPaymentFacts(object(object(payload, 'payment'), 'entity'));
  if (type === 'payment_captured') return { eventId, type, occurredAt, ...payment };
  const qr = object(object(payload, 'qr_code'), 'entity');
  // The notes we set live on the QR code; the payment may carry a copy or nothing.
  return { eventId, type, occurredAt, ...payment, gatewayOrderId: text(qr, 'id'), notes: { ...payment.notes, ...readNotes(qr.notes) } };
}

function readPaymentList(collection: Json): GatewayPayment[] {
  const items = collection.items;
  if (!Array.isArray(items)) throw new Unreadable('items is not a list');
  return items.map((item: unknown) => {
    if (!isJson(item)) throw new Unreadable('a listed payment is not an object');
    return readPayment(item);
  });
}

function readPayment(entity: Json): GatewayPayment {
  return { ...readPaymentFacts(entity), createdAt: fromUnix(integer(entity, 'created_at')) };
}

function readPaymentFacts(entity: Json): PaymentFacts {
  return {
    gatewayPaymentId: text(entity, 'id'),
    gatewayOrderId: textOrNull(entity, 'order_id'),
    amountPaise: BigInt(integer(entity, 'amount')),
    currency: text(entity, 'currency'),
    rrn: isJson(entity.acquirer_data) ? textOrNull(entity.acquirer_data, 'rrn') : null,
    status: text(entity, 'status'),
    notes: readNotes(entity.notes),
  };
}

/** Notes as strings; Razorpay writes empty notes as `[]`. */
function readNotes(notes: unknown): Record<string, string> {
  if (!isJson(notes)) return {};
  const read: Record<string, string> = {};
  for (const [key, value] of Object.entries(notes)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') read[key] = String(value);
  }
  return read;
}

function toApiAmount(paise: bigint): number {
  if (paise <= 0n || paise > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount out of range: ${paise} paise`);
  return Number(paise);
}

function networkReason(err: unknown): string {
  // fetch says only "fetch failed"; the cause names what happened (ECONNREFUSED, ENOTFOUND...).
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return err instanceof Error ? err.message : String(err);
}

const toUnix = (date: Date): number => Math.floor(date.getTime() / 1000);
const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

// Reading JSON we did not write: each reader names the field that let us down.
type Json = Record<string, unknown>;

class Unreadable extends Error {}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function object(from: Json, key: string): Json {
  const value = from[key];
  if (!isJson(value)) throw new Unreadable(`${key} is not an object`);
  return value;
}

function text(from: Json, key: string): string {
  const value = from[key];
  if (typeof value !== 'string' || value === '') throw new Unreadable(`${key} is not a string`);
  return value;
}

function textOrNull(from: Json, key: string): string | null {
  const value = from[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

function integer(from: Json, key: string): number {
  const value = from[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new Unreadable(`${key} is not a whole number`);
  return value;
}
