// The pieces every admin sign-in path shares (password + 2FA, passkey): finding the admin by
// e-mail, checking the password in constant-ish time, throttling failures per e-mail through the
// database, and issuing the 12-hour admin session with its audit row.
import { and, count, eq, gt, min } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { authFailures, users } from '../db/schema.ts';
import { createSession } from '../sessions/sessions.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { tooManyRequests, unauthenticated } from '../errors.ts';
import { verifyPassword } from '../accounts/password.ts';
import { getUserResponse } from '../accounts/user-response.ts';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '../../contract/constants.ts';
import type { User } from '../../contract/accounts.ts';

export type AdminRow = typeof users.$inferSelect;

export const ADMIN_THROTTLE_SCOPE = 'admin_2fa';
export const INVALID_ADMIN_CREDENTIALS = 'Invalid email, password or code';

export interface SignInMeta {
  ip?: string;
  userAgent?: string;
}

/** The active admin with this e-mail, or null (unknown, not an admin, suspended). */
export async function findAdminByEmail(db: DbOrTx, email: string): Promise<AdminRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).limit(1);
  const user = rows[0];
  if (!user || !user.isAdmin || user.status !== 'active') return null;
  return user;
}

/** Verifies the password; an unknown admin still costs one argon2 verification (timing). */
export async function verifyAdminPassword(admin: AdminRow | null, password: string): Promise<boolean> {
  return verifyPassword(admin?.passwordHash ?? null, password);
}

/** 429 once the key has LOGIN_MAX_FAILURES failures inside the window. */
export async function assertNotThrottled(ctx: AppContext, key: string): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const rows = await ctx.db
    .select({ failures: count(), oldest: min(authFailures.createdAt) })
    .from(authFailures)
    .where(and(eq(authFailures.scope, ADMIN_THROTTLE_SCOPE), eq(authFailures.key, key), gt(authFailures.createdAt, since)));
  const row = rows[0];
  if (row && row.failures >= LOGIN_MAX_FAILURES) {
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const retryAfterS = (oldest + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000;
    throw tooManyRequests('Too many failed attempts. Please try again later.', retryAfterS);
  }
}

/**
 * Writes the audit row of a failed sign-in and returns the 401 to throw. Guessable factors
 * (password, codes) also count towards the throttle; a failed passkey signature is not a guess.
 */
export async function recordSignInFailure(
  ctx: AppContext,
  key: string,
  admin: AdminRow | null,
  reason: string,
  meta: SignInMeta,
  method: string,
): Promise<Error> {
  const at = ctx.now();
  if (method !== 'passkey') {
    await ctx.db.insert(authFailures).values({ id: newId(), scope: ADMIN_THROTTLE_SCOPE, key, ip: meta.ip ?? null, createdAt: at });
  }
  await recordAudit(ctx.db, {
    actorId: admin?.id ?? null,
    action: 'admin.login_failed',
    targetType: 'user',
    targetId: admin?.id,
    ip: meta.ip,
    details: { method, reason, ...(admin ? {} : { email: key.slice(0, 254) }) },
    at,
  });
  return unauthenticated(INVALID_ADMIN_CREDENTIALS, 'INVALID_CREDENTIALS');
}

export async function clearSignInFailures(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(authFailures).where(and(eq(authFailures.scope, ADMIN_THROTTLE_SCOPE), eq(authFailures.key, key)));
}

/** Records a successful admin sign-in (the audit row the Recent Activity list shows). */
export async function recordAdminLogin(db: DbOrTx, input: { adminId: string; method: string; ip?: string | null; at: Date }): Promise<void> {
  await recordAudit(db, {
    actorId: input.adminId,
    action: 'admin.login',
    targetType: 'user',
    targetId: input.adminId,
    ip: input.ip,
    details: { method: input.method },
    at: input.at,
  });
}

/** Issues the admin session (12 hours, see sessions.service) and records the sign-in. */
export async function issueAdminSession(
  ctx: AppContext,
  admin: AdminRow,
  method: 'password' | 'totp' | 'backup_code' | 'passkey',
  meta: SignInMeta,
): Promise<{ token: string; user: User }> {
  const at = ctx.now();
  const token = await ctx.db.transaction(async (tx) => {
    const t = await createSession(tx, admin, at, meta);
    await recordAdminLogin(tx, { adminId: admin.id, method, ip: meta.ip, at });
    return t;
  });
  return { token, user: await getUserResponse(ctx.db, admin.id) };
}
