// Accounts: registration with a referral code and an SMS code, sign-in, sign-out and password
// reset. Knows nothing of HTTP: takes parsed contract input, throws AppError, returns mapped objects.
import { and, desc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { AuthResponse, RegisterRequest } from '../../contract/accounts.ts';
import { OTP_MAX_ATTEMPTS, OTP_MAX_SENDS_PER_WINDOW, OTP_RESEND_COOLDOWN_S, OTP_SEND_WINDOW_MS, PHONE_EMAIL_DOMAIN } from '../../contract/constants.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { isUuid, newId } from '../db/ids.ts';
import { adminTwoFactor, otpCodes, referrals, users } from '../db/schema.ts';
import { AppError, badRequest, conflict, forbidden, isUniqueViolation, tooManyRequests, unauthenticated } from '../errors.ts';
import { createWallet } from '../ledger/ledger.service.ts';
import { createSession, revokeAllSessions, revokeSession, type SessionMeta } from '../sessions/sessions.service.ts';
import { assertSmsBudgetLeft, checkOtp, INVALID_OTP_MESSAGE, issueOtp, lockPhone, reserveOtp, sendQueuedSms } from './otp.service.ts';
import { consumeBudgets, type Budget } from '../throttle/budget.ts';
import { getAppSettings, type AppSettingsRow } from '../settings/settings.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { ACCOUNT_LANGUAGES } from '../i18n/sms-texts.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { newReferralCode } from './referral-code.ts';
import { getUserResponse } from './user-response.ts';
import { clearSignInFailures, signInKey, takeSignInGuess } from './login-throttle.ts';
import { bumpCounters } from '../stats/stat-counters.ts';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid mobile number or password';
export const INVALID_EMAIL_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const INVALID_REFERRAL_MESSAGE = 'Invalid referral code';
export const DUPLICATE_PHONE_MESSAGE = 'This mobile number is already registered';
export const DUPLICATE_EMAIL_MESSAGE = 'This email is already registered';

type UserRow = typeof users.$inferSelect;

/** Sign-ups one referral code may bring in per hour (generous: a popular referrer's friends are welcome). */
const signupReferrerBudget = (settings: AppSettingsRow, referrerId: string): Budget => ({
  scope: 'signup_referrer',
  key: referrerId,
  limit: settings.signupsPerReferrerPerHour,
  windowMs: 60 * 60 * 1000,
});

/** Maps the two unique indexes a sign-up can hit in a race to the same 409s the checks give. */
export function mapUserUniqueViolation(err: unknown): unknown {
  if (isUniqueViolation(err, 'users_phone_key')) return conflict(DUPLICATE_PHONE_MESSAGE, 'DUPLICATE_PHONE');
  if (isUniqueViolation(err, 'users_email_key')) return conflict(DUPLICATE_EMAIL_MESSAGE, 'DUPLICATE_EMAIL');
  return err;
}

async function findReferrer(tx: Tx, code: string): Promise<{ id: string } | undefined> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.referralCode, code.toUpperCase()), eq(users.status, 'active'), or(eq(users.isActivated, true), eq(users.isAdmin, true))))
    .limit(1);
  return rows[0];
}

/**
 * Creates the account, its wallet and referral row, and sends the registration code.
 *
 * A phone that registered before but never verified may register again; the new details replace
 * the old ones in place (same user id, new referrer) and a fresh code is sent, within the send
 * limits. While the earlier code is still live, only someone who knows the earlier password may
 * do so: otherwise a stranger could slip their own password under the owner's pending sign-up
 * and have the owner verify it with the code the owner receives.
 */
export async function registerAccount(ctx: AppContext, input: RegisterRequest, meta: { ip: string }): Promise<{ userId: string }> {
  const now = ctx.now();
  // A spent SMS budget answers before any password hashing: a flood costs us no CPU.
  await assertSmsBudgetLeft(ctx.db, meta.ip, now);
  const passwordHash = await hashPassword(input.password);
  const pending = await findPendingSignUp(ctx, input.phone, input.password);
  let result: { userId: string; otp: Awaited<ReturnType<typeof reserveOtp>> };
  try {
    result = await ctx.db.transaction(async (tx) => {
      // Two sign-ups for one phone run one after the other (reserveOtp takes the same lock again).
      await lockPhone(tx, input.phone);
      const referrer = await findReferrer(tx, input.referralCode);
      if (!referrer) throw badRequest(INVALID_REFERRAL_MESSAGE, 'INVALID_REFERRAL_CODE', { referralCode: INVALID_REFERRAL_MESSAGE });

      const existing = (await tx.select().from(users).where(eq(users.phone, input.phone)).limit(1))[0];
      // Only a sign-up that never got going may be replaced: once an admin activated the account
      // (possible before verification) it holds money, a paid referral and a referral code others use.
      if (existing && (existing.phoneVerifiedAt || existing.isActivated || existing.isAdmin)) throw conflict(DUPLICATE_PHONE_MESSAGE, 'DUPLICATE_PHONE');
      if (existing && existing.id === referrer.id) throw badRequest(INVALID_REFERRAL_MESSAGE, 'INVALID_REFERRAL_CODE');
      if (existing) {
        const samePerson = pending?.id === existing.id && pending.passwordHash === existing.passwordHash && pending.passwordMatches;
        const live = await liveRegisterCode(tx, existing.id, now);
        if (live && !samePerson) {
          const minutes = Math.max(1, Math.ceil((live.expiresAt.getTime() - now.getTime()) / 60_000));
          throw conflict(
            `A verification code was already sent to this number. Enter it, or try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
            'DUPLICATE_PHONE',
          );
        }
      }
      if (input.email) {
        const emailOwner = await tx
          .select({ id: users.id })
          .from(users)
          .where(existing ? and(eq(users.email, input.email), ne(users.id, existing.id)) : eq(users.email, input.email))
          .limit(1);
        if (emailOwner.length > 0) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'DUPLICATE_EMAIL');
      }

      let userId: string;
      // The privacy notice the form showed and the person accepted (the contract refuses a sign-up without it).
      const consent = { policyVersion: input.policyVersion, policyAcceptedAt: now };
      if (existing) {
        userId = existing.id;
        await tx
          .update(users)
          .set({ username: input.username, email: input.email ?? null, passwordHash, referredById: referrer.id, language: accountLanguage(input.language), ...consent, updatedAt: now })
          .where(eq(users.id, userId));
        await tx.update(referrals).set({ referrerId: referrer.id }).where(eq(referrals.referredId, userId));
      } else {
        userId = newId();
        await tx.insert(users).values({
          id: userId,
          username: input.username,
          phone: input.phone,
          email: input.email ?? null,
          passwordHash,
          referralCode: await newReferralCode(tx),
          referredById: referrer.id,
          language: accountLanguage(input.language),
          ...consent,
          createdAt: now,
          updatedAt: now,
        });
        await createWallet(tx, userId, now);
        await tx.insert(referrals).values({ id: newId(), referrerId: referrer.id, referredId: userId, createdAt: now });
        await bumpCounters(tx, { users: 1 });
      }
      // Every check has passed: this sign-up now counts against the referral code's hourly budget.
      const velocity = await consumeBudgets(tx, [signupReferrerBudget(await getAppSettings(tx), referrer.id)], now);
      if (!velocity.ok) {
        throw tooManyRequests(
          `Too many sign-ups with this referral code in the last hour. Please try again in ${Math.max(1, Math.ceil(velocity.retryAfterS / 60))} minutes`,
          velocity.retryAfterS,
        );
      }
      const otp = await reserveOtp(tx, ctx.secretsKey, { phone: input.phone, userId, purpose: 'register', ip: meta.ip, language: accountLanguage(input.language) }, now);
      return { userId, otp };
    });
  } catch (err) {
    throw mapUserUniqueViolation(err);
  }
  sendQueuedSms(ctx);
  return { userId: result.userId };
}

/** The unverified sign-up holding this phone, and whether this password is the one it was made with. */
async function findPendingSignUp(ctx: AppContext, phone: string, password: string) {
  const rows = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.phoneVerifiedAt)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { ...row, passwordMatches: await verifyPassword(row.passwordHash, password) };
}

/** The newest registration code of a user if it can still be used (unexpired, unused, tries left). */
async function liveRegisterCode(tx: Tx, userId: string, now: Date) {
  const rows = await tx
    .select({ expiresAt: otpCodes.expiresAt, consumedAt: otpCodes.consumedAt, attempts: otpCodes.attempts })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, 'register')))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  const row = rows[0];
  if (!row || row.consumedAt || row.attempts >= OTP_MAX_ATTEMPTS || row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

async function findUnverifiedUser(ctx: AppContext, userId: string): Promise<UserRow> {
  if (!isUuid(userId)) throw badRequest(INVALID_OTP_MESSAGE, 'INVALID_OTP');
  const user = (await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1))[0];
  if (!user || !user.phone) throw badRequest(INVALID_OTP_MESSAGE, 'INVALID_OTP');
  if (user.phoneVerifiedAt) throw badRequest('This mobile number is already verified. Please log in.', 'BAD_REQUEST');
  return user;
}

/** Checks the registration code, marks the phone verified and signs the user in. */
export async function verifyRegistration(
  ctx: AppContext,
  input: { userId: string; otpCode: string },
  meta: SessionMeta,
): Promise<AuthResponse> {
  const user = await findUnverifiedUser(ctx, input.userId);
  const now = ctx.now();
  await checkOtp(ctx, { purpose: 'register', userId: user.id, code: input.otpCode, consume: true }, now);
  return ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    const token = await createSession(tx, user, now, meta);
    return { token, user: await getUserResponse(tx, user.id) };
  });
}

export async function resendRegistrationOtp(ctx: AppContext, userId: string, meta: { ip: string }): Promise<{ ok: true }> {
  const user = await findUnverifiedUser(ctx, userId);
  await issueOtp(ctx, { phone: user.phone!, userId: user.id, purpose: 'register', ip: meta.ip, language: user.language });
  return { ok: true };
}

const SYNTHETIC_EMAIL_RE = new RegExp(`^(\\d{10})@${PHONE_EMAIL_DOMAIN.replace(/\./g, '\\.')}$`, 'i');

/** Which account a sign-in names: a phone (also from the synthetic e-mail form) or a real e-mail. */
export function resolveLoginIdentity(input: { phone?: string; email?: string }): { by: 'phone' | 'email'; value: string } {
  if (input.phone) {
    let digits = input.phone.replace(/\D/g, '');
    if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
    return { by: 'phone', value: digits };
  }
  const email = (input.email ?? '').trim().toLowerCase();
  const synthetic = SYNTHETIC_EMAIL_RE.exec(email);
  if (synthetic) return { by: 'phone', value: synthetic[1]! };
  return { by: 'email', value: email };
}

export async function login(
  ctx: AppContext,
  input: { phone?: string; email?: string; password: string },
  meta: SessionMeta,
): Promise<AuthResponse> {
  const identity = resolveLoginIdentity(input);
  const now = ctx.now();
  const column = identity.by === 'phone' ? users.phone : users.email;
  const user = identity.value ? (await ctx.db.select().from(users).where(eq(column, identity.value)).limit(1))[0] : undefined;
  // The guess is paid for before the password is checked: parallel guesses cannot outrun the count.
  const key = signInKey(user?.id, `${identity.by}:${identity.value}`);
  await takeSignInGuess(ctx.db, key, now);
  // Unknown accounts still pay for one hash, so the answer time does not tell who has an account.
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    if (user?.isAdmin) {
      await recordAudit(ctx.db, { actorId: user.id, action: 'admin.login_failed', targetType: 'user', targetId: user.id, ip: meta.ip, at: now });
    }
    // Sign-in by e-mail (admins) names what was asked for; by mobile number, the spec's text.
    throw unauthenticated(identity.by === 'email' ? INVALID_EMAIL_CREDENTIALS_MESSAGE : INVALID_CREDENTIALS_MESSAGE, 'INVALID_CREDENTIALS');
  }
  if (user.status !== 'active') throw forbidden('Your account has been suspended. Please contact support.', 'ACCOUNT_SUSPENDED');
  if (!user.phoneVerifiedAt) {
    throw forbidden('Your mobile number is not verified yet. Please register again with this number to get a new OTP.', 'PHONE_NOT_VERIFIED');
  }
  if (user.isAdmin) {
    const twoFactor = await ctx.db
      .select({ userId: adminTwoFactor.userId })
      .from(adminTwoFactor)
      .where(and(eq(adminTwoFactor.userId, user.id), isNotNull(adminTwoFactor.enabledAt)))
      .limit(1);
    // The guess stays counted: the password alone does not sign in, and giving the budget back
    // here would let someone who knows the password reset the count between guesses at the code.
    if (twoFactor.length > 0) throw new AppError('TWO_FACTOR_REQUIRED', 'Two-factor authentication required', 401);
  }
  await clearSignInFailures(ctx.db, key);
  const token = await createSession(ctx.db, user, now, meta);
  if (user.isAdmin) {
    await recordAudit(ctx.db, { actorId: user.id, action: 'admin.login', targetType: 'user', targetId: user.id, ip: meta.ip, at: now });
  }
  return { token, user: await getUserResponse(ctx.db, user.id) };
}

export async function logout(ctx: AppContext, sessionId: string): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.now());
}

async function findResettableUser(ctx: AppContext, phone: string): Promise<UserRow | undefined> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.phone, phone), isNotNull(users.phoneVerifiedAt), eq(users.status, 'active')))
    .limit(1);
  return rows[0];
}

/** Reset requests per phone number, known or not: the same cooldown and window as the codes. */
const resetRequestBudgets = (phone: string): Budget[] => [
  { scope: 'reset_cooldown', key: phone, limit: 1, windowMs: OTP_RESEND_COOLDOWN_S * 1000 },
  { scope: 'reset_window', key: phone, limit: OTP_MAX_SENDS_PER_WINDOW, windowMs: OTP_SEND_WINDOW_MS },
];

/**
 * Sends a reset code to a verified, active account, and answers exactly the same for an unknown
 * number (who has an account stays private). Every limit is applied before the number is looked
 * up and counts requests for the number, known or not: the address and global SMS budgets, then a
 * 60-second cooldown and 3 requests per 10 minutes per number. So a 200 always means a code went
 * out to an account holder (or would have, to no one), and a 429 says when to try again; it never
 * claims a code was sent when none was.
 */
export async function requestPasswordReset(ctx: AppContext, phone: string, meta: { ip: string }): Promise<{ ok: true }> {
  const now = ctx.now();
  await assertSmsBudgetLeft(ctx.db, meta.ip, now);
  const answer = await ctx.db.transaction((tx) => consumeBudgets(tx, resetRequestBudgets(phone), now));
  if (!answer.ok) {
    const seconds = answer.retryAfterS;
    throw answer.budget.scope === 'reset_cooldown'
      ? tooManyRequests(`Please wait ${seconds} seconds before requesting a new code`, seconds)
      : tooManyRequests(`Too many codes requested. Please try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes`, seconds);
  }
  const user = await findResettableUser(ctx, phone);
  if (!user) return { ok: true };
  await issueOtp(ctx, { phone, userId: user.id, purpose: 'reset', ip: meta.ip, language: user.language });
  return { ok: true };
}

/** Checks a reset code without using it up (it still counts as one of the code's tries). */
export async function verifyResetOtp(ctx: AppContext, input: { phone: string; otp: string }): Promise<{ valid: true }> {
  const user = await findResettableUser(ctx, input.phone);
  if (!user) throw badRequest(INVALID_OTP_MESSAGE, 'INVALID_OTP');
  await checkOtp(ctx, { purpose: 'reset', phone: input.phone, code: input.otp, consume: false }, ctx.now());
  return { valid: true };
}

/** Uses the reset code, sets the new password and signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, input: { phone: string; otp: string; newPassword: string }): Promise<{ ok: true }> {
  const user = await findResettableUser(ctx, input.phone);
  if (!user) throw badRequest(INVALID_OTP_MESSAGE, 'INVALID_OTP');
  const now = ctx.now();
  await checkOtp(ctx, { purpose: 'reset', phone: input.phone, code: input.otp, consume: true }, now);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, now);
    await clearSignInFailures(tx, signInKey(user.id, `phone:${input.phone}`));
  });
  return { ok: true };
}

/** The language the person chose, kept on the account (SMS texts follow it). */
export async function setAccountLanguage(ctx: AppContext, userId: string, language: string): Promise<{ language: string }> {
  await ctx.db.update(users).set({ language, updatedAt: ctx.now() }).where(eq(users.id, userId));
  return { language };
}

/** A sign-up in a language we have no texts for is not refused: the account simply has none. */
function accountLanguage(language: string | undefined): string | null {
  return language && ACCOUNT_LANGUAGES.includes(language) ? language : null;
}
