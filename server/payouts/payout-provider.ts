// A payouts API as the rest of the server sees it: make one payout (with a key that makes every
// retry of it the same payout), read a payout, find the payouts made for one withdrawal, and turn
// the provider's signed webhook into what it says about a payout. razorpayx.ts is the one
// implementation; nothing outside it names RazorpayX's fields.

/** Where the money goes: a UPI ID, or a bank account (name on it, IFSC, number). */
export type PayoutDestination = { kind: 'vpa'; address: string } | { kind: 'bank'; name: string; ifsc: string; accountNumber: string };

export interface PayoutRequest {
  /** Our withdrawal's id: the payout's reference at the provider, and how its news finds us. */
  referenceId: string;
  amountPaise: bigint;
  destination: PayoutDestination;
  /** The person paid, as the provider's contact (their own id as its reference). */
  contact: { name: string; phone: string | null; referenceId: string };
  /** A few words on the payee's bank statement. */
  narration: string;
}

/** What a provider says about one payout, wherever it came from (an answer, a webhook, a fetch). */
export interface PayoutFacts {
  payoutId: string;
  /** The reference we gave (the withdrawal id), when the provider says it. */
  referenceId: string | null;
  /** The provider's word: queued, pending, processing, processed, reversed, failed, rejected, cancelled... */
  status: string;
  amountPaise: bigint;
  currency: string;
  mode: string | null;
  utr: string | null;
  /** Why it is in this state (e.g. low_balance), and the provider's sentence about it. */
  reason: string | null;
  description: string | null;
}

/** A verified webhook about a payout; `occurredAt` orders news about one payout. */
export interface PayoutEvent {
  eventId: string;
  /** The provider's event name (payout.processed...). */
  name: string;
  occurredAt: Date;
  /** Null for events about something other than a payout (acknowledged, not applied). */
  payout: PayoutFacts | null;
}

export type PayoutWebhookRefusal = 'missing_signature' | 'bad_signature' | 'unparseable' | 'missing_event_id';
export type PayoutWebhookVerdict = { ok: true; event: PayoutEvent } | { ok: false; reason: PayoutWebhookRefusal };

/** Request headers as Node and Fastify hand them over (names in lower case). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PayoutProvider {
  readonly name: string;
  /**
   * The request as this provider takes it. It is stored with the job before the first try and
   * sent as stored on every retry: a provider refuses a key it saw with a different body, and the
   * person's phone or the app's name may change in between.
   */
  requestBody(request: PayoutRequest): Record<string, unknown>;
  /** Makes the payout; the same `idempotencyKey` with the same body answers the payout made the first time. */
  createPayout(body: Record<string, unknown>, idempotencyKey: string, expected: { referenceId: string; amountPaise: bigint }): Promise<PayoutFacts>;
  fetchPayout(payoutId: string): Promise<PayoutFacts>;
  /** The payouts made with this reference (our withdrawal id), newest first. */
  findPayouts(referenceId: string): Promise<PayoutFacts[]>;
  /** `rawBody` must be the bytes as received: the signature covers them. */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): PayoutWebhookVerdict;
}

/**
 * A provider call without an answer we can use. `status` is null when no HTTP answer came (timeout,
 * network); `code` is then TIMEOUT or NETWORK_ERROR, BAD_RESPONSE for an answer we could not read,
 * else the provider's own error code.
 */
export class PayoutProviderError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number | null,
    readonly code: string,
    readonly description: string,
  ) {
    super(`${operation} failed: ${status === null ? 'no answer' : `HTTP ${status}`} ${code} ${description}`.trim());
    this.name = 'PayoutProviderError';
  }

  /**
   * Worth trying again with the same key: no answer, the provider failing or overloaded, or the
   * same key still being worked on (409). Any other 4xx is a refusal that will not change by itself.
   */
  get retryable(): boolean {
    return this.status === null || this.status === 409 || this.status === 429 || this.status >= 500 || this.code === 'BAD_RESPONSE';
  }
}

/** Final states: the money is paid, or back in the business account. */
export const PAID_STATUSES = new Set(['processed']);
export const RETURNED_STATUSES = new Set(['reversed', 'failed', 'rejected', 'cancelled']);
