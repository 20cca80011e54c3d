// Correcting one's data (the privacy policy's right of correction): the name and email directly,
// the mobile number only through an SMS code sent to the new number (it is how the person signs in
// and receives codes). The change is audited. A number another account holds is answered exactly
// as a free one, so the form cannot be used to find out who has an account; no code is sent to it.
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { User } from '../../contract/accounts.ts';
import { DUPLICATE_EMAIL_MESSAGE, mapUserUniqueViolation } from '../accounts/accounts.service.ts';
import { checkOtp, INVALID_OTP_MESSAGE, reserveOtp, sendQueuedSms } from '../accounts/otp.service.ts';
import { getUserResponse } from '../accounts/user-response.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import { otpCodes, users } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';

export const SAME_PHONE_MESSAGE = 'This is already your mobile number';

export async function updateProfile(ctx: AppContext, userId: string, input: { username?: string; email?: string | null }): Promise<User> {
  const now = ctx.now();
  const patch: { username?: string; email?: string | null } = {};
  if (input.username !== undefined) patch.username = input.username;
  if (input.email !== undefined) patch.email = input.email;
  if (Object.keys(patch).length > 0) {
    if (patch.email) {
      const taken = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.email, patch.email), ne(users.id, userId))).limit(1);
      if (taken.length > 0) throw conflict(DUPLICATE_EMAIL_MESSAGE, 'DUPLICATE_EMAIL');
    }
    try {
      await ctx.db.update(users).set({ ...patch, updatedAt: now }).where(eq(users.id, userId));
    } catch (err) {
      throw mapUserUniqueViolation(err);
    }
    await recordAudit(ctx.db, { actorId: userId, action: 'account.corrected', targetType: 'user', targetId: userId, details: { fields: Object.keys(patch) }, at: now });
  }
  return getUserResponse(ctx.db, userId);
}

export async function startPhoneChange(ctx: AppContext, user: { id: string; phone: string | null; language: string | null }, phone: string, ip: string): Promise<{ phone: string }> {
  if (phone === user.phone) throw badRequest(SAME_PHONE_MESSAGE, 'VALIDATION_FAILED', { phone: SAME_PHONE_MESSAGE });
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const taken = await tx.select({ id: users.id }).from(users).where(and(eq(users.phone, phone), ne(users.id, user.id))).limit(1);
    // The same limits, budgets and stored code either way; only the SMS is not sent to a number
    // that belongs to someone else (its owner did not ask for anything).
    await reserveOtp(tx, ctx.secretsKey, { phone, userId: user.id, purpose: 'phone_change', ip, language: user.language }, now, taken.length === 0);
  });
  sendQueuedSms(ctx);
  return { phone };
}

export async function verifyPhoneChange(ctx: AppContext, userId: string, code: string, ip: string | null): Promise<User> {
  const now = ctx.now();
  const [pending] = await ctx.db
    .select({ phone: otpCodes.phone })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, 'phone_change')))
    .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
    .limit(1);
  if (!pending) throw badRequest(INVALID_OTP_MESSAGE, 'INVALID_OTP');
  await checkOtp(ctx, { purpose: 'phone_change', userId, code, consume: true }, now);
  try {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1);
      await tx.update(users).set({ phone: pending.phone, phoneVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
      await recordAudit(tx, {
        actorId: userId,
        action: 'account.phone_changed',
        targetType: 'user',
        targetId: userId,
        ip,
        details: { from: before?.phone ? `XXXXXX${before.phone.slice(-4)}` : null, to: `XXXXXX${pending.phone.slice(-4)}` },
        at: now,
      });
    });
  } catch (err) {
    throw mapUserUniqueViolation(err);
  }
  // Codes to the old number no longer mean anything.
  await ctx.db.execute(sql`delete from otp_codes where user_id = ${userId}::uuid and purpose = 'phone_change'`);
  return getUserResponse(ctx.db, userId);
}
