// One-time SMS codes for registration and password reset. A code is 6 digits from node:crypto,
// stored only as an HMAC (keyed by the secrets key, salted by its row id), valid 10 minutes,
// single use, bound to its purpose, and dead after 5 tries. Sending is limited per phone (60 s
// cooldown, 3 per 10 minutes, counted from otp_codes), per network address and in total per hour
// (budgets in rate_events, limits in the settings), so nobody can pump SMS through us; every
// limit is decided in the database, so several processes agree.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_MAX_SENDS_PER_WINDOW,
  OTP_RESEND_COOLDOWN_S,
  OTP_SEND_WINDOW_MS,
  OTP_TTL_MS,
} from '../../contract/constants.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { otpCodes } from '../db/schema.ts';
import { AppError, badRequest, tooManyRequests } from '../errors.ts';
import { enqueueSms } from '../sms/sms-queue.ts';
import { consumeBudgets, peekBudget, type Budget } from '../throttle/budget.ts';
import { addressKey } from '../throttle/address-key.ts';
import { getAppSettings, type AppSettingsRow } from '../settings/settings.service.ts';

export type OtpPurpose = 'register' | 'reset' | 'phone_change';

/** A code written to the database but not yet sent (sent after the transaction commits). */
export interface ReservedOtp {
  id: string;
  phone: string;
  purpose: OtpPurpose;
  code: string;
  /** The account's language, for the SMS text. */
  language: string | null;
}

/** Shown under the spec's 'Invalid OTP' / 'Verification failed' titles, so it says what to do. */
export const INVALID_OTP_MESSAGE = 'That code is not correct. Check the SMS and try again.';

const HOUR_MS = 60 * 60 * 1000;

/** The SMS one network address may trigger per hour (sign-up and reset codes alike). */
export const smsAddressBudget = (settings: AppSettingsRow, ip: string): Budget => ({
  scope: 'sms_address',
  key: addressKey(ip),
  limit: settings.smsPerAddressPerHour,
  windowMs: HOUR_MS,
});

/** Every SMS the product sends per hour; past it new sends wait and the admin Overview says so. */
export const SMS_GLOBAL = { scope: 'sms_global', key: '*', windowMs: HOUR_MS } as const;
export const smsGlobalBudget = (settings: AppSettingsRow): Budget => ({ ...SMS_GLOBAL, limit: settings.smsPerHour });

const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** The 429 for a spent SMS budget, worded for the person waiting. */
export function smsBudgetSpent(scope: 'sms_address' | 'sms_global', retryAfterS: number): AppError {
  return scope === 'sms_address'
    ? tooManyRequests(`Too many codes were requested from your network. Please try again in ${inMinutes(retryAfterS)}`, retryAfterS)
    : tooManyRequests(`We are sending too many codes right now. Please try again in ${inMinutes(retryAfterS)}`, retryAfterS);
}

/**
 * Without taking anything: 429 when the address or the global budget is spent. Forgot-password
 * asks before it looks the number up, so known and unknown numbers get the same answer.
 */
export async function assertSmsBudgetLeft(db: Db, ip: string, now: Date): Promise<void> {
  const settings = await getAppSettings(db);
  for (const [scope, budget] of [['sms_address', smsAddressBudget(settings, ip)], ['sms_global', smsGlobalBudget(settings)]] as const) {
    const answer = await peekBudget(db, budget, now);
    if (!answer.ok) throw smsBudgetSpent(scope, answer.retryAfterS);
  }
}

/** Two-key advisory lock namespace for "one OTP decision per phone at a time". */
const OTP_LOCK_NAMESPACE = 7_271;

function hashCode(key: Buffer, rowId: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', key).update(`${rowId}:${purpose}:${code}`).digest('hex');
}

function drawCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** Serialises OTP decisions for one phone across transactions and processes. */
export async function lockPhone(tx: Tx, phone: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${OTP_LOCK_NAMESPACE}::int, hashtext(${phone}))`);
}

/** Throws 429 with Retry-After when this phone is inside the cooldown or over the window limit for this purpose. */
export async function assertCanSend(tx: Tx, phone: string, purpose: OtpPurpose, now: Date): Promise<void> {
  // Per purpose: a sign-up code just sent must not swallow a password-reset code (and vice versa).
  const recent = await tx
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.purpose, purpose), gt(otpCodes.createdAt, new Date(now.getTime() - OTP_SEND_WINDOW_MS))))
    .orderBy(desc(otpCodes.createdAt))
    .limit(OTP_MAX_SENDS_PER_WINDOW);
  const newest = recent[0];
  if (newest) {
    const waitMs = newest.createdAt.getTime() + OTP_RESEND_COOLDOWN_S * 1000 - now.getTime();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw tooManyRequests(`Please wait ${seconds} seconds before requesting a new code`, seconds);
    }
  }
  if (recent.length >= OTP_MAX_SENDS_PER_WINDOW) {
    const oldest = recent[recent.length - 1]!;
    const seconds = Math.ceil((oldest.createdAt.getTime() + OTP_SEND_WINDOW_MS - now.getTime()) / 1000);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw tooManyRequests(`Too many codes requested. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, seconds);
  }
}

/**
 * Inside the caller's transaction: locks the phone, applies the per-phone limits, takes one SMS
 * from the address and global budgets (in that order, after any lock the caller holds) and writes
 * a new code with its SMS job (server/sms/sms-queue.ts), which exists exactly when the code does.
 * After the transaction commits, `sendQueuedSms(ctx)` starts the sending; the request does not wait.
 */
export async function reserveOtp(
  tx: Tx,
  key: Buffer,
  input: { phone: string; userId: string | null; purpose: OtpPurpose; ip: string; language: string | null },
  now: Date,
  /** false: everything as usual (limits, budgets, the code stored) but no SMS goes out; see startPhoneChange. */
  deliver = true,
): Promise<ReservedOtp> {
  await lockPhone(tx, input.phone);
  await assertCanSend(tx, input.phone, input.purpose, now);
  const settings = await getAppSettings(tx);
  for (const [scope, budget] of [['sms_address', smsAddressBudget(settings, input.ip)], ['sms_global', smsGlobalBudget(settings)]] as const) {
    const answer = await consumeBudgets(tx, [budget], now);
    if (!answer.ok) throw smsBudgetSpent(scope, answer.retryAfterS);
  }
  const id = newId();
  const code = drawCode();
  await tx.insert(otpCodes).values({
    id,
    phone: input.phone,
    userId: input.userId,
    purpose: input.purpose,
    codeHash: hashCode(key, id, input.purpose, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    createdAt: now,
  });
  if (deliver) await enqueueSms(tx, key, { phone: input.phone, purpose: input.purpose, language: input.language, code }, now);
  return { id, phone: input.phone, purpose: input.purpose, code, language: input.language };
}

/** Starts sending the SMS just committed (in the background: the request answers at once). */
export function sendQueuedSms(ctx: AppContext): void {
  ctx.smsQueue.kick();
}

/** Reserve and queue in one go (resend and forgot-password). */
export async function issueOtp(
  ctx: AppContext,
  input: { phone: string; userId: string | null; purpose: OtpPurpose; ip: string; language: string | null },
): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction((tx) => reserveOtp(tx, ctx.secretsKey, input, now));
  sendQueuedSms(ctx);
}

/**
 * Checks a code against the newest one of its purpose for this user (register, phone_change) or
 * phone (reset).
 * Every check takes one of the code's tries first, atomically, so parallel guesses cannot exceed
 * the limit. `consume` makes it single use; otherwise it is only marked verified.
 */
export async function checkOtp(
  ctx: { db: Db; secretsKey: Buffer },
  input: { purpose: OtpPurpose; userId?: string; phone?: string; code: string; consume: boolean },
  now: Date,
): Promise<void> {
  const owner = input.purpose === 'reset' ? eq(otpCodes.phone, input.phone ?? '') : eq(otpCodes.userId, input.userId ?? '');
  const rows = await ctx.db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.purpose, input.purpose), owner))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  const row = rows[0];
  if (!row || row.consumedAt) throw badRequest(INVALID_OTP_MESSAGE, 'INVALID_OTP');
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw badRequest('Too many wrong attempts. Please request a new OTP', 'INVALID_OTP');
  if (row.expiresAt.getTime() <= now.getTime()) throw badRequest('OTP has expired. Please request a new one', 'OTP_EXPIRED');

  const tried = await ctx.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)))
    .returning({ attempts: otpCodes.attempts });
  if (tried.length === 0) throw badRequest('Too many wrong attempts. Please request a new OTP', 'INVALID_OTP');

  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(hashCode(ctx.secretsKey, row.id, input.purpose, input.code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw badRequest(INVALID_OTP_MESSAGE, 'INVALID_OTP');
  }

  const marked = await ctx.db
    .update(otpCodes)
    .set(input.consume ? { consumedAt: now } : { verifiedAt: now })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
    .returning({ id: otpCodes.id });
  if (marked.length === 0) throw badRequest(INVALID_OTP_MESSAGE, 'INVALID_OTP');
}
