// RazorpayX Payouts behind the PayoutProvider interface: the composite POST /v1/payouts (contact and
// fund account inline, so no ids to keep), with Basic auth and X-Payout-Idempotency; GET
// /v1/payouts/:id and the listing by reference_id; and the webhook check (hex HMAC-SHA256 of the raw
// body keyed with the webhook secret, event id from x-razorpay-event-id). Every call has a timeout;
// every failure is a PayoutProviderError naming RazorpayX's error code and description, never a key.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { redactText } from '../logging.ts';
import {
  PayoutProviderError,
  type PayoutEvent,
  type PayoutFacts,
  type PayoutProvider,
  type PayoutRequest,
  type WebhookHeaders,
} from './payout-provider.ts';

export interface RazorpayXOptions {
  keyId: string;
  keySecret: string;
  /** The business account the money leaves (its number, or the RazorpayX Lite customer identifier). */
  accountNumber: string;
  webhookSecret: string;
  /** https://api.razorpay.com in production; tests point it at fake-razorpayx.ts. */
  baseUrl: string;
  /** Per call, body included. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** IMPS carries at most ₹5 lakh; above it a bank payout goes by NEFT. */
export const IMPS_LIMIT_PAISE = 5_00_000_00n;
/** RazorpayX takes at most 30 letters, digits and spaces as a narration, and at most 50 characters as a contact name. */
const NARRATION_MAX = 30;
const CONTACT_NAME_MAX = 50;

/** UPI for a UPI ID; a bank account by IMPS, or NEFT above IMPS's limit. */
export function payoutMode(request: Pick<PayoutRequest, 'destination' | 'amountPaise'>): 'UPI' | 'IMPS' | 'NEFT' {
  if (request.destination.kind === 'vpa') return 'UPI';
  return request.amountPaise > IMPS_LIMIT_PAISE ? 'NEFT' : 'IMPS';
}

/** The composite request body RazorpayX documents for a payout to a VPA or a bank account. */
export function razorpayXPayoutBody(request: PayoutRequest, accountNumber: string): Record<string, unknown> {
  const contact: Record<string, unknown> = {
    name: request.contact.name.slice(0, CONTACT_NAME_MAX),
    ...(request.contact.phone ? { contact: request.contact.phone } : {}),
    type: 'customer',
    reference_id: request.contact.referenceId,
  };
  const destination = request.destination;
  const fundAccount =
    destination.kind === 'vpa'
      ? { account_type: 'vpa', vpa: { address: destination.address }, contact }
      : { account_type: 'bank_account', bank_account: { name: destination.name, ifsc: destination.ifsc, account_number: destination.accountNumber }, contact };
  const narration = request.narration.replace(/[^A-Za-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, NARRATION_MAX).trim();
  return {
    account_number: accountNumber,
    amount: toApiAmount(request.amountPaise),
    currency: 'INR',
    mode: payoutMode(request),
    purpose: 'payout',
    fund_account: fundAccount,
    // With too little in the business account the payout waits at RazorpayX (status queued) and
    // goes out when money is added, rather than failing.
    queue_if_low_balance: true,
    reference_id: request.referenceId,
    ...(narration ? { narration } : {}),
  };
}

export function createRazorpayXProvider(options: RazorpayXOptions): PayoutProvider {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.log ?? ((line: string) => console.error(line));

  async function call<T>(method: 'GET' | 'POST', path: string, read: (answer: Json) => T, body?: object, extraHeaders: Record<string, string> = {}): Promise<T> {
    // Query strings stay out of errors and logs: they carry the business account number.
    const operation = `${method} ${path.split('?')[0]}`;
    const failed = (status: number | null, code: string, description: string): PayoutProviderError => {
      const err = new PayoutProviderError(operation, status, code, description);
      log(redactText(`[payouts] razorpayx ${err.message}`));
      return err;
    };
    let status: number;
    let text: string;
    try {
      const res = await fetch(baseUrl + path, {
        method,
        headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...extraHeaders },
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
      throw failed(status, code, typeof error.description === 'string' ? error.description.slice(0, 300) : '');
    }
    try {
      if (!isJson(answer)) throw new Unreadable('the answer is not a JSON object');
      return read(answer);
    } catch (err) {
      if (err instanceof Unreadable) throw failed(status, 'BAD_RESPONSE', err.message);
      throw err;
    }
  }

  return {
    name: 'razorpayx',

    requestBody: (request) => razorpayXPayoutBody(request, options.accountNumber),

    async createPayout(body, idempotencyKey, expected) {
      return call(
        'POST',
        '/v1/payouts',
        (payout) => {
          const facts = readPayout(payout);
          // An answer about another payout (a key reused for another request) must not settle this one.
          if (facts.referenceId !== null && facts.referenceId !== expected.referenceId) throw new Unreadable(`reference_id ${facts.referenceId} is not ${expected.referenceId}`);
          if (facts.amountPaise !== expected.amountPaise) throw new Unreadable(`amount ${facts.amountPaise} differs from the ${expected.amountPaise} asked for`);
          return facts;
        },
        body,
        { 'x-payout-idempotency': idempotencyKey },
      );
    },

    async fetchPayout(payoutId) {
      return call('GET', `/v1/payouts/${encodeURIComponent(payoutId)}`, readPayout);
    },

    async findPayouts(referenceId) {
      const query = new URLSearchParams({ account_number: options.accountNumber, reference_id: referenceId, count: '100' });
      const payouts = await call('GET', `/v1/payouts?${query}`, (collection) => {
        if (!Array.isArray(collection.items)) throw new Unreadable('items is not a list');
        return collection.items.map((item: unknown) => {
          if (!isJson(item)) throw new Unreadable('a listed payout is not an object');
          return readPayout(item);
        });
      });
      // Filtered here too: the listing is the account's, and only this reference's payouts count.
      return payouts.filter((payout) => payout.referenceId === referenceId);
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
  };
}

/** RazorpayX's webhook signature: hex HMAC-SHA256 of the exact body bytes, compared in constant time. */
function signatureMatches(rawBody: Buffer, signature: string, secret: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

function singleHeader(headers: WebhookHeaders, name: string): string | null {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** `{entity: "event", event: "payout.processed", payload: {payout: {entity: {...}}}, created_at}`. */
function readEvent(envelope: Json, eventId: string): PayoutEvent {
  if (envelope.entity !== 'event') throw new Unreadable('not an event');
  const name = text(envelope, 'event');
  const occurredAt = new Date(integer(envelope, 'created_at') * 1000);
  if (!name.startsWith('payout.')) return { eventId, name, occurredAt, payout: null };
  const payout = readPayout(object(object(object(envelope, 'payload'), 'payout'), 'entity'));
  return { eventId, name, occurredAt, payout };
}

function readPayout(entity: Json): PayoutFacts {
  if (entity.entity !== undefined && entity.entity !== 'payout') throw new Unreadable('not a payout');
  const details = isJson(entity.status_details) ? entity.status_details : {};
  return {
    payoutId: text(entity, 'id'),
    referenceId: textOrNull(entity, 'reference_id'),
    status: text(entity, 'status'),
    amountPaise: BigInt(integer(entity, 'amount')),
    currency: text(entity, 'currency'),
    mode: textOrNull(entity, 'mode'),
    utr: textOrNull(entity, 'utr'),
    reason: textOrNull(details, 'reason'),
    // failure_reason is the older field RazorpayX still sends beside status_details.
    description: textOrNull(details, 'description') ?? textOrNull(entity, 'failure_reason'),
  };
}

function toApiAmount(paise: bigint): number {
  if (paise <= 0n || paise > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`amount out of range: ${paise} paise`);
  return Number(paise);
}

function networkReason(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return err instanceof Error ? err.message : String(err);
}

// Reading JSON we did not write: each reader names the field that let us down.
type Json = Record<string, unknown>;

class Unreadable extends Error {}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
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
