// Activation by UPI from the user's side: the payment QR, submitting a payment proof (screenshot +
// UTR) and reading one's own proofs. Admin decisions on proofs live in server/admin/admin.service.ts.
import { and, desc, eq, sql } from 'drizzle-orm';
import { PAYMENT_SCREENSHOT_MAX_BYTES } from '../../contract/constants.ts';
import { formatPaise, parseRupees } from '../../contract/money.ts';
import {
  INVALID_IMAGE_MESSAGE,
  MISSING_PAYMENT_PROOF_MESSAGE,
  SubmitManualPaymentFieldsSchema,
  UPI_NOT_AVAILABLE_MESSAGE,
  type ManualPayment,
  type OwnListQuery,
  type PaymentStatus,
  type UpiQrResponse,
} from '../../contract/activation.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { isUuid, newId } from '../db/ids.ts';
import { manualPayments, users } from '../db/schema.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../errors.ts';
import { detectImageType } from '../uploads/image-type.ts';
import { getAppSettings } from '../settings/settings.service.ts';
import { inTransaction, type RunInTx } from '../idempotency/idempotency.ts';
import { bumpCounters } from '../stats/stat-counters.ts';
import { checkProofScreenshot, fingerprintProof } from '../fraud/proof-signals.ts';
import { noteProofSighting } from '../fraud/risk-signals.ts';

type PaymentRow = typeof manualPayments.$inferSelect;

export function toManualPayment(row: PaymentRow): ManualPayment {
  return {
    id: row.id,
    userId: row.userId,
    amount: formatPaise(row.amountPaise),
    utrNumber: row.utrNumber,
    status: row.status as PaymentStatus,
    method: row.method === 'gateway' ? 'gateway' : 'upi_proof',
    gateway: row.gateway,
    notes: row.notes,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    reversedAt: row.reversedAt?.toISOString() ?? null,
    reversalReason: row.reversalReason,
  };
}

/** The UPI deep link: only pa, pn, am, cu and tn, each URL-encoded. */
export function buildUpiUrl(p: { upiId: string; businessName: string; amount: string; note: string }): string {
  const e = encodeURIComponent;
  return `upi://pay?pa=${e(p.upiId)}&pn=${e(p.businessName)}&am=${e(p.amount)}&cu=INR&tn=${e(p.note)}`;
}

/**
 * The activation QR. The amount is always the configured fee: a client's amount is ignored, so a
 * stale client can never print a QR for the wrong sum.
 */
export async function generateUpiQr(ctx: AppContext, user: { username: string }, input: { note?: string | null }): Promise<UpiQrResponse> {
  const settings = await getAppSettings(ctx.db);
  if (!settings.upiId || !settings.businessName) throw conflict(UPI_NOT_AVAILABLE_MESSAGE);
  const paymentDetails = {
    upiId: settings.upiId,
    businessName: settings.businessName,
    amount: formatPaise(settings.activationFeePaise),
    note: input.note || `Account activation ${user.username}`,
  };
  const upiUrl = buildUpiUrl(paymentDetails);
  const qrData = await (await import('qrcode')).default.toDataURL(upiUrl, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
  return { qrData, upiUrl, paymentDetails };
}

export interface PaymentSubmission {
  /** The screenshot's bytes, or null when none was sent. */
  screenshot: Buffer | null;
  fields: Record<string, string>;
  /** Where it was sent from (fraud signals): the app's device id and the client address. */
  deviceId?: string | null;
  ip?: string;
}

const pendingExists = (db: DbOrTx, userId: string) =>
  db.select({ id: manualPayments.id }).from(manualPayments).where(and(eq(manualPayments.userId, userId), eq(manualPayments.status, 'pending'))).limit(1);
const liveUtrExists = (db: DbOrTx, utr: string) =>
  db.select({ id: manualPayments.id }).from(manualPayments).where(and(eq(manualPayments.utrNumber, utr), sql`${manualPayments.status} <> 'rejected'`)).limit(1);

const DUPLICATE_UTR = () => conflict('This UTR number has already been submitted', 'DUPLICATE_UTR');
const PAYMENT_PENDING = () => conflict('You already have a payment waiting for review', 'PAYMENT_PENDING');

/**
 * Stores a payment proof. The clean checks run first for clear messages; the partial unique
 * indexes (one live UTR, one pending proof per user) decide races, mapped to the same 409s.
 */
export async function submitManualPayment(
  ctx: AppContext,
  userId: string,
  submission: PaymentSubmission,
  run: RunInTx = inTransaction(ctx.db),
): Promise<ManualPayment> {
  const { screenshot } = submission;
  if (!screenshot || screenshot.length === 0 || !submission.fields.utrNumber?.trim()) throw badRequest(MISSING_PAYMENT_PROOF_MESSAGE, 'VALIDATION_FAILED');
  // The spec says "under 5MB": a file of exactly 5 MiB is refused too.
  if (screenshot.length >= PAYMENT_SCREENSHOT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', 'File too large', 413);
  const image = detectImageType(screenshot);
  if (!image) throw badRequest(INVALID_IMAGE_MESSAGE, 'INVALID_FILE');
  const fields = SubmitManualPaymentFieldsSchema.parse(submission.fields);

  const [user] = await ctx.db.select({ isActivated: users.isActivated }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found');
  if (user.isActivated) throw conflict('Your account is already activated', 'ALREADY_ACTIVATED');

  const settings = await getAppSettings(ctx.db);
  const fee = settings.activationFeePaise;
  if (fields.amount !== undefined && parseRupees(fields.amount) !== fee) {
    throw badRequest(`Amount must be ₹${formatPaise(fee)}`, 'VALIDATION_FAILED', { amount: `Amount must be ₹${formatPaise(fee)}` });
  }
  if ((await pendingExists(ctx.db, userId)).length > 0) throw PAYMENT_PENDING();
  if ((await liveUtrExists(ctx.db, fields.utrNumber)).length > 0) throw DUPLICATE_UTR();

  // The screenshot's fingerprint (libvips, off the event loop), kept on the row for later proofs.
  const proof = await fingerprintProof(screenshot);
  const key = await ctx.uploads.put(screenshot, image.ext);
  let payment: ManualPayment;
  try {
    payment = await run(async (tx) => {
      const [row] = await tx
        .insert(manualPayments)
        .values({
          id: newId(),
          userId,
          amountPaise: fee,
          utrNumber: fields.utrNumber,
          notes: fields.notes,
          screenshotKey: key,
          screenshotMime: image.mime,
          screenshotSha256: proof.sha256,
          screenshotFingerprint: proof.fingerprint,
          screenshotBands: proof.bands,
          deviceId: submission.deviceId ?? null,
          status: 'pending',
          createdAt: ctx.now(),
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await bumpCounters(tx, { pending_payments: 1 });
      return toManualPayment(row);
    });
  } catch (err) {
    await ctx.uploads.delete(key).catch(() => undefined);
    if (isUniqueViolation(err, 'manual_payments_utr_live_key')) throw DUPLICATE_UTR();
    if (isUniqueViolation(err, 'manual_payments_one_pending_key')) throw PAYMENT_PENDING();
    throw err;
  }
  // Committed: where it came from, and whether its screenshot is on another account's proof.
  await noteProofSighting(ctx, { userId, deviceId: submission.deviceId ?? null, ip: submission.ip ?? '' });
  await checkProofScreenshot(ctx, { paymentId: payment.id, userId, proof });
  return payment;
}

/** The user's own proofs, newest first; `before` is the id of the last one already shown. */
export async function listOwnPayments(db: DbOrTx, userId: string, query: OwnListQuery): Promise<ManualPayment[]> {
  const conditions = [eq(manualPayments.userId, userId)];
  if (query.before) {
    if (!isUuid(query.before)) throw badRequest('before must be the id of a payment', 'VALIDATION_FAILED');
    conditions.push(
      sql`(${manualPayments.createdAt}, ${manualPayments.id}) < (select p.created_at, p.id from ${manualPayments} p where p.id = ${query.before} and p.user_id = ${userId})`,
    );
  }
  const rows = await db
    .select()
    .from(manualPayments)
    .where(and(...conditions))
    .orderBy(desc(manualPayments.createdAt), desc(manualPayments.id))
    .limit(query.limit);
  return rows.map(toManualPayment);
}

/** A proof's screenshot for its owner or an admin; anyone else gets the same 404 as for a missing one. */
export async function readPaymentScreenshot(
  ctx: AppContext,
  viewer: { id: string; isAdmin: boolean },
  paymentId: string,
): Promise<{ bytes: Buffer; mime: string; fileName: string }> {
  if (!isUuid(paymentId)) throw notFound('Payment not found');
  const [row] = await ctx.db
    .select({ userId: manualPayments.userId, key: manualPayments.screenshotKey, mime: manualPayments.screenshotMime })
    .from(manualPayments)
    .where(eq(manualPayments.id, paymentId))
    .limit(1);
  if (!row || (row.userId !== viewer.id && !viewer.isAdmin)) throw notFound('Payment not found');
  // A payment confirmed by the gateway has no screenshot.
  if (!row.key || !row.mime) throw notFound('Screenshot not found');
  const bytes = await ctx.uploads.get(row.key);
  if (!bytes) throw notFound('Screenshot not found');
  const ext = row.mime === 'image/png' ? 'png' : row.mime === 'image/webp' ? 'webp' : 'jpg';
  return { bytes, mime: row.mime, fileName: `payment-${paymentId}.${ext}` };
}
