// The activation fee through the payment gateway: opening a checkout (a single-use, fixed-amount
// UPI QR) for a user, taking the gateway's signed webhooks, settling each payment they report
// exactly once (server/db/functions/rh_confirm_gateway_payment.sql), and the sweep that asks the gateway
// for payments the webhooks missed. Decision 026.
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import { GATEWAY_NOT_CONFIGURED_MESSAGE, GATEWAY_UNAVAILABLE_MESSAGE, type Checkout, type CheckoutStatus } from '../../contract/gateway.ts';
import type { AppContext } from '../context.ts';
import { newId, isUuid } from '../db/ids.ts';
import { at, queryRows } from '../db/rows.ts';
import { retryOnConflict } from '../idempotency/idempotency.ts';
import { gatewayCheckouts, gatewayEvents, users } from '../db/schema.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getAppSettings } from '../settings/settings.service.ts';
import { GatewayError, type GatewayEvent, type PaymentFacts, type PaymentGateway, type WebhookHeaders } from './payment-gateway.ts';

type CheckoutRow = typeof gatewayCheckouts.$inferSelect;

/** A checkout this close to its expiry is not offered again: the payer would not finish in time. */
const REUSE_MARGIN_MS = 5 * 60_000;

function requireGateway(ctx: AppContext): PaymentGateway {
  if (!ctx.gateway) throw new AppError('GATEWAY_NOT_CONFIGURED', GATEWAY_NOT_CONFIGURED_MESSAGE, 404);
  return ctx.gateway;
}

function statusOf(row: CheckoutRow, now: Date): CheckoutStatus {
  if (row.status === 'paid') return 'paid';
  if (row.status === 'failed') return 'failed';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

async function toCheckout(row: CheckoutRow, now: Date): Promise<Checkout> {
  let qrImage: string | null = null;
  if (row.upiUrl) {
    // The UPI link itself: drawn here, so the page shows no image from another origin.
    qrImage = await (await import('qrcode')).default.toDataURL(row.upiUrl, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  } else if (row.qrImageUrl) {
    qrImage = `/api/payments/checkout/${row.id}/qr`;
  }
  return {
    id: row.id,
    gateway: row.gateway,
    status: statusOf(row, now),
    amount: formatPaise(row.amountPaise),
    qrImage,
    upiUrl: row.upiUrl,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Opens (or offers again) a checkout for the user's activation fee. Our row is written first, its
 * id the receipt the gateway keeps, so a webhook that overtakes the gateway's answer still finds
 * its user; an event that arrived before the order id was known is settled right after.
 */
export async function openCheckout(ctx: AppContext, userId: string): Promise<Checkout> {
  const gateway = requireGateway(ctx);
  const now = ctx.now();
  const [user] = await ctx.db.select({ isActivated: users.isActivated }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found');
  if (user.isActivated) throw conflict('Your account is already activated', 'ALREADY_ACTIVATED');
  const settings = await getAppSettings(ctx.db);

  const [open] = await ctx.db
    .select()
    .from(gatewayCheckouts)
    .where(and(eq(gatewayCheckouts.userId, userId), eq(gatewayCheckouts.status, 'open'), eq(gatewayCheckouts.amountPaise, settings.activationFeePaise)))
    .orderBy(desc(gatewayCheckouts.createdAt))
    .limit(1);
  if (open && open.expiresAt && open.expiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS) return toCheckout(open, now);

  const id = newId();
  await ctx.db.insert(gatewayCheckouts).values({ id, userId, gateway: gateway.name, kind: 'upi_qr', amountPaise: settings.activationFeePaise, status: 'creating', createdAt: now });
  let created;
  try {
    created = await gateway.createCheckout({ userId, amountPaise: settings.activationFeePaise, receipt: id, kind: 'upi_qr' });
  } catch (err) {
    await ctx.db.update(gatewayCheckouts).set({ status: 'failed' }).where(eq(gatewayCheckouts.id, id));
    if (err instanceof GatewayError) throw new AppError('GATEWAY_UNAVAILABLE', GATEWAY_UNAVAILABLE_MESSAGE, 503, undefined, { 'retry-after': '30' });
    throw err;
  }
  const [row] = await ctx.db
    .update(gatewayCheckouts)
    .set({
      gatewayOrderId: created.gatewayOrderId,
      status: 'open',
      qrImageUrl: created.qrImageUrl ?? null,
      upiUrl: created.upiUrl ?? null,
      expiresAt: created.expiresAt ?? null,
    })
    // A webhook may have settled it already (paid): then the row keeps what it says.
    .where(and(eq(gatewayCheckouts.id, id), eq(gatewayCheckouts.status, 'creating')))
    .returning();
  await settleWaitingEvents(ctx, gateway.name, created.gatewayOrderId);
  const [latest] = await ctx.db.select().from(gatewayCheckouts).where(eq(gatewayCheckouts.id, id)).limit(1);
  return toCheckout(latest ?? row!, now);
}

async function ownCheckout(ctx: AppContext, userId: string, checkoutId: string): Promise<CheckoutRow> {
  if (!isUuid(checkoutId)) throw notFound('Checkout not found');
  const [row] = await ctx.db
    .select()
    .from(gatewayCheckouts)
    .where(and(eq(gatewayCheckouts.id, checkoutId), eq(gatewayCheckouts.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Checkout not found');
  return row;
}

/** The checkout's state, which the activation page polls until it is paid. */
export async function readCheckout(ctx: AppContext, userId: string, checkoutId: string): Promise<Checkout> {
  return toCheckout(await ownCheckout(ctx, userId, checkoutId), ctx.now());
}

/** The gateway's QR image for an open checkout, fetched here so the page loads nothing from another origin. */
export async function readCheckoutQr(ctx: AppContext, userId: string, checkoutId: string): Promise<{ bytes: Buffer; mime: string }> {
  const row = await ownCheckout(ctx, userId, checkoutId);
  if (!row.qrImageUrl) throw notFound('QR code not found');
  let res: Response;
  try {
    res = await fetch(row.qrImageUrl, { signal: AbortSignal.timeout(10_000) });
  } catch {
    throw new AppError('GATEWAY_UNAVAILABLE', GATEWAY_UNAVAILABLE_MESSAGE, 503, undefined, { 'retry-after': '30' });
  }
  const mime = res.headers.get('content-type') ?? '';
  if (!res.ok || !/^image\/(png|jpeg|svg\+xml)$/.test(mime.split(';')[0]!.trim())) {
    throw new AppError('GATEWAY_UNAVAILABLE', GATEWAY_UNAVAILABLE_MESSAGE, 503, undefined, { 'retry-after': '30' });
  }
  return { bytes: Buffer.from(await res.arrayBuffer()), mime: mime.split(';')[0]!.trim() };
}

export type SettleOutcome = 'activated' | 'duplicate' | 'amount_mismatch' | 'already_active' | 'not_found' | 'unmatched' | 'not_captured';

/**
 * Settles one payment the gateway reported (a webhook or a listing): finds its user by our
 * checkout (the order or QR id, else the receipt in its notes, else the user id in its notes),
 * and records it once. Safe to call any number of times, in any order, from any process: the
 * database keeps one activation payment per gateway payment id.
 */
export async function settlePayment(ctx: AppContext, gatewayName: string, facts: PaymentFacts): Promise<SettleOutcome> {
  if (facts.status !== 'captured') return 'not_captured';
  const checkout = await findCheckout(ctx, gatewayName, facts);
  const userId = checkout?.userId ?? (isUuid(facts.notes.user_id ?? '') ? facts.notes.user_id! : null);
  if (!userId) return 'unmatched';
  const now = ctx.now();
  let outcome: SettleOutcome;
  if (facts.currency !== 'INR') {
    outcome = 'amount_mismatch';
  } else {
    // A webhook racing an admin's approval of the same user's proof may deadlock: tried again.
    const [row] = await retryOnConflict(() => queryRows<{ outcome: SettleOutcome }>(
      ctx.db,
      sql`select outcome from rh_confirm_gateway_payment(${userId}::uuid, ${gatewayName}, ${facts.gatewayPaymentId}, ${checkout?.gatewayOrderId ?? facts.gatewayOrderId},
            ${facts.rrn}, ${String(facts.amountPaise)}::bigint, ${checkout ? String(checkout.amountPaise) : null}::bigint,
            ${checkout?.id ?? null}::uuid, ${at(now)})`,
    ));
    outcome = row?.outcome ?? 'not_found';
  }
  if (outcome === 'amount_mismatch' || outcome === 'already_active') {
    // Money arrived that activates nothing: an admin refunds it from the gateway's dashboard. Told
    // once per payment, however often a webhook or the sweep brings it again.
    const first = await ctx.db
      .insert(gatewayEvents)
      .values({
        gateway: gatewayName,
        eventId: `refused:${facts.gatewayPaymentId}`,
        type: 'payment_refused',
        gatewayPaymentId: facts.gatewayPaymentId,
        gatewayOrderId: facts.gatewayOrderId,
        amountPaise: facts.amountPaise,
        currency: facts.currency,
        notes: facts.notes,
        occurredAt: now,
        receivedAt: now,
        outcome,
        settledAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: gatewayEvents.eventId });
    if (first.length === 0) return outcome;
    await recordAudit(ctx.db, {
      actorId: null,
      action: 'gateway.payment_refused',
      targetType: 'user',
      targetId: userId,
      ip: null,
      details: { gateway: gatewayName, gatewayPaymentId: facts.gatewayPaymentId, amount: formatPaise(facts.amountPaise), currency: facts.currency, reason: outcome },
      at: now,
    });
  }
  return outcome;
}

async function findCheckout(ctx: AppContext, gatewayName: string, facts: PaymentFacts): Promise<CheckoutRow | null> {
  if (facts.gatewayOrderId) {
    const [row] = await ctx.db
      .select()
      .from(gatewayCheckouts)
      .where(and(eq(gatewayCheckouts.gateway, gatewayName), eq(gatewayCheckouts.gatewayOrderId, facts.gatewayOrderId)))
      .limit(1);
    if (row) return row;
  }
  const receipt = facts.notes.receipt;
  if (receipt && isUuid(receipt)) {
    const [row] = await ctx.db.select().from(gatewayCheckouts).where(and(eq(gatewayCheckouts.id, receipt), eq(gatewayCheckouts.gateway, gatewayName))).limit(1);
    if (row) return row;
  }
  return null;
}

export type WebhookAnswer = { status: 200; body: { ok: true; outcome: string } } | { status: 400 | 404; body: { message: string; code: string } };

/**
 * A webhook from the gateway: the signature checked over the raw bytes, the event stored once by
 * its id (a redelivery answers 200 and does nothing), the payment settled. Answered 2xx whenever
 * the event is genuine, so the gateway stops retrying; an event we could not settle yet (no
 * checkout known) waits for its checkout or the sweep.
 */
export async function receiveWebhook(ctx: AppContext, gatewayName: string, rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookAnswer> {
  if (!ctx.gateway || ctx.gateway.name !== gatewayName) return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
  const verdict = ctx.gateway.verifyWebhook(rawBody, headers);
  if (!verdict.ok) {
    const message = verdict.reason === 'unparseable' || verdict.reason === 'missing_event_id' ? 'The event could not be read' : 'The signature does not match';
    return { status: 400, body: { message, code: verdict.reason === 'unparseable' || verdict.reason === 'missing_event_id' ? 'BAD_REQUEST' : 'INVALID_SIGNATURE' } };
  }
  const event = verdict.event;
  const now = ctx.now();
  const stored = await ctx.db
    .insert(gatewayEvents)
    .values({
      gateway: gatewayName,
      eventId: event.eventId,
      type: event.type === 'other' ? event.name : event.type,
      ...(event.type === 'other'
        ? { outcome: 'ignored', settledAt: now }
        : {
            gatewayPaymentId: event.gatewayPaymentId,
            gatewayOrderId: event.gatewayOrderId,
            amountPaise: event.amountPaise,
            currency: event.currency,
            notes: event.notes,
          }),
      occurredAt: event.occurredAt,
      receivedAt: now,
    })
    .onConflictDoNothing()
    .returning({ eventId: gatewayEvents.eventId });
  if (stored.length === 0) return { status: 200, body: { ok: true, outcome: 'redelivery' } };
  if (event.type === 'other') return { status: 200, body: { ok: true, outcome: 'ignored' } };
  const outcome = await settleEvent(ctx, gatewayName, event);
  return { status: 200, body: { ok: true, outcome } };
}

async function settleEvent(ctx: AppContext, gatewayName: string, event: Exclude<GatewayEvent, { type: 'other' }>): Promise<SettleOutcome> {
  const outcome = await settlePayment(ctx, gatewayName, event);
  if (outcome !== 'unmatched') {
    await ctx.db
      .update(gatewayEvents)
      .set({ outcome, settledAt: ctx.now() })
      .where(and(eq(gatewayEvents.gateway, gatewayName), eq(gatewayEvents.eventId, event.eventId)));
  } else {
    await ctx.db.update(gatewayEvents).set({ outcome }).where(and(eq(gatewayEvents.gateway, gatewayName), eq(gatewayEvents.eventId, event.eventId)));
  }
  return outcome;
}

type StoredEvent = typeof gatewayEvents.$inferSelect;

function factsOf(row: StoredEvent): Exclude<GatewayEvent, { type: 'other' }> {
  return {
    eventId: row.eventId,
    type: row.type === 'qr_credited' ? 'qr_credited' : 'payment_captured',
    occurredAt: row.occurredAt,
    gatewayPaymentId: row.gatewayPaymentId ?? '',
    gatewayOrderId: row.gatewayOrderId,
    amountPaise: row.amountPaise ?? 0n,
    currency: row.currency ?? '',
    rrn: null,
    status: 'captured',
    notes: row.notes ?? {},
  };
}

/** Events that named this order before its checkout knew the order id: settled now. */
async function settleWaitingEvents(ctx: AppContext, gatewayName: string, gatewayOrderId: string): Promise<void> {
  const waiting = await ctx.db
    .select()
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.gateway, gatewayName), eq(gatewayEvents.gatewayOrderId, gatewayOrderId), isNull(gatewayEvents.settledAt)));
  for (const row of waiting) await settleEvent(ctx, gatewayName, factsOf(row));
}

/** How far back the sweep looks: a day and a bit, so a daily run overlaps the previous one. */
const SWEEP_WINDOW_MS = 26 * 60 * 60_000;

export interface SweepReport {
  eventsRetried: number;
  checkoutsAsked: number;
  paymentsSeen: number;
  activated: number;
}

/**
 * The daily catch-up: settles events still waiting, and asks the gateway about every checkout of
 * the last day that is not paid (and for every captured payment of the last day), settling what
 * the webhooks never brought. Idempotent: what was settled stays settled.
 */
export async function sweepGatewayPayments(ctx: AppContext): Promise<SweepReport> {
  const gateway = ctx.gateway;
  const report: SweepReport = { eventsRetried: 0, checkoutsAsked: 0, paymentsSeen: 0, activated: 0 };
  if (!gateway) return report;
  const now = ctx.now();
  const since = new Date(now.getTime() - SWEEP_WINDOW_MS);

  const waiting = await ctx.db
    .select()
    .from(gatewayEvents)
    .where(and(eq(gatewayEvents.gateway, gateway.name), isNull(gatewayEvents.settledAt), lt(gatewayEvents.receivedAt, now)));
  for (const row of waiting) {
    report.eventsRetried += 1;
    if ((await settleEvent(ctx, gateway.name, factsOf(row))) === 'activated') report.activated += 1;
  }

  const open = await ctx.db
    .select()
    .from(gatewayCheckouts)
    .where(and(eq(gatewayCheckouts.gateway, gateway.name), inArray(gatewayCheckouts.status, ['creating', 'open']), sql`${gatewayCheckouts.createdAt} >= ${since.toISOString()}::timestamptz`));
  for (const checkout of open) {
    if (!checkout.gatewayOrderId) continue;
    report.checkoutsAsked += 1;
    const payments = await gateway.listCheckoutPayments({ gatewayOrderId: checkout.gatewayOrderId, kind: checkout.kind === 'order' ? 'order' : 'upi_qr' });
    for (const payment of payments) {
      report.paymentsSeen += 1;
      if ((await settlePayment(ctx, gateway.name, payment)) === 'activated') report.activated += 1;
    }
  }
  // Payments that name no checkout we know (a checkout row lost to a crash) but carry our notes.
  for (const payment of await gateway.listCapturedPayments({ from: since, to: now })) {
    report.paymentsSeen += 1;
    if ((await settlePayment(ctx, gateway.name, payment)) === 'activated') report.activated += 1;
  }
  return report;
}
