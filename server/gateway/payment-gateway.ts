// The payment gateway as the rest of the server sees it: open a checkout for the activation fee,
// turn a gateway's signed webhook into one normalized event, and list payments for the sweep that
// catches what webhooks missed. Nothing here names Razorpay; razorpay.ts is one implementation.

/** `order`: the browser opens the gateway's checkout for this id. `upi_qr`: we show a QR to scan. */
export type CheckoutKind = 'order' | 'upi_qr';

export interface CheckoutRequest {
  userId: string;
  amountPaise: bigint;
  /** Our reference for this attempt (at most 40 characters), shown on the gateway's dashboard. */
  receipt: string;
  /** Defaults to `order`: a UPI QR must be switched on for the merchant account first. */
  kind?: CheckoutKind;
}

export interface Checkout {
  /** The id every later payment and webhook names: an order id, or a QR code id for `upi_qr`. */
  gatewayOrderId: string;
  kind: CheckoutKind;
  qrImageUrl?: string;
  /** The `upi://pay?...` link behind the QR, when the gateway hands it out. */
  upiUrl?: string;
  amountPaise: bigint;
  currency: 'INR';
  /** After this the QR takes no payment and a new checkout is needed. */
  expiresAt?: Date;
}

/** What a gateway says about one payment, wherever it came from (a webhook or a listing). */
export interface PaymentFacts {
  gatewayPaymentId: string;
  /**
   * The checkout the payment belongs to. Null when the gateway does not say: a payment made on a
   * QR code names no order in `payment.captured` or in the all-payments listing; the
   * `qr_credited` event and `listCheckoutPayments` name the QR code.
   */
  gatewayOrderId: string | null;
  amountPaise: bigint;
  currency: string;
  /** The UPI reference (RRN) the payer's bank gave the transfer, when the gateway says: a proof's UTR. */
  rrn: string | null;
  /** The gateway's own status word (`captured`, `failed`, `refunded`...). */
  status: string;
  notes: Record<string, string>;
}

export interface GatewayPayment extends PaymentFacts {
  createdAt: Date;
}

/**
 * A verified webhook about money arriving. One payment can arrive as several events (a QR payment
 * sends both `payment_captured` and `qr_credited`, and every event may be delivered again), so
 * crediting must be idempotent on `gatewayPaymentId`, not only on `eventId`.
 */
export interface GatewayPaymentEvent extends PaymentFacts {
  /** Unique per event, the same on every redelivery: the key for deduplicating deliveries. */
  eventId: string;
  type: 'payment_captured' | 'qr_credited';
  occurredAt: Date;
}

/** A verified webhook we do not act on; answer it 2xx so the gateway stops retrying. */
export interface GatewayOtherEvent {
  eventId: string;
  type: 'other';
  /** The gateway's event name, for the log. */
  name: string;
  occurredAt: Date;
}

export type GatewayEvent = GatewayPaymentEvent | GatewayOtherEvent;

export type WebhookRefusal = 'missing_signature' | 'bad_signature' | 'unparseable' | 'missing_event_id';

export type WebhookVerdict = { ok: true; event: GatewayEvent } | { ok: false; reason: WebhookRefusal };

/** Request headers as Node and Fastify hand them over (names in lower case). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  readonly name: string;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** `rawBody` must be the bytes as received: the signature covers them, not a re-serialized JSON. */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): WebhookVerdict;
  /** Every captured payment created in the window (both ends included, to the second), all pages. */
  listCapturedPayments(window: { from: Date; to: Date }): Promise<GatewayPayment[]>;
  /** Every payment attempt on one checkout, whatever its status. */
  listCheckoutPayments(checkout: { gatewayOrderId: string; kind: CheckoutKind }): Promise<GatewayPayment[]>;
}

/**
 * A gateway call that did not give an answer we can use. `status` is null when no HTTP answer came
 * (timeout, network); `code` is then TIMEOUT or NETWORK_ERROR, BAD_RESPONSE for an answer we could
 * not read, else the gateway's own error code.
 */
export class GatewayError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number | null,
    readonly code: string,
    readonly description: string,
  ) {
    super(`${operation} failed: ${status === null ? 'no answer' : `HTTP ${status}`} ${code} ${description}`.trim());
    this.name = 'GatewayError';
  }

  /** Worth trying again later: the gateway was unreachable, overloaded or failing, not refusing us. */
  get retryable(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}
