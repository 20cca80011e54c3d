// The pieces every admin sign-in path shares (password + 2FA, passkey): finding the admin by
// e-mail, checking the password in constant-ish time, taking each guess from the account's one
// sign-in budget (server/accounts/login-throttle.ts) before checking it, and issuing the 12-hour
// admin session with its audit row.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { createSession } from '../sessions/sessions.service.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { unauthenticated } from '../errors.ts';
import { verifyPassword } from '../accounts/password.ts';
import { getUserResponse } from '../accounts/user-response.ts';
import { signInKey, takeSignInGuess } from '../accounts/login-throttle.ts';
import type { User } from '../../contract/accounts.ts';

export type AdminRow = typeof users.$inferSelect;

export const INVALID_ADMIN_CREDENTIALS = 'Invalid email, password or code';

export interface SignInMeta {
  ip?: string;
  userAgent?: string;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The active admin with this e-mail, or null (unknown, not an admin, suspended). */
export async function findAdminByEmail(db: DbOrTx, email: string): Promise<AdminRow | null> {
  const rows = await db.select().from(users).where(eq(users.email, normalEmail(email))).limit(1);
  const user = rows[0];
  if (!user || !user.isAdmin || user.status !== 'active') return null;
  return user;
}

/**
 * Takes one guess from the sign-in budget of the account holding this e-mail (admin or not, so
 * the answer does not tell), before any factor is checked: 429 once the budget is spent.
 * Returns the budget's key, for giving it back after a completed sign-in.
 */
export async function takeAdminSignInGuess(ctx: AppContext, email: string): Promise<string> {
  const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, normalEmail(email))).limit(1);
  const key = signInKey(owner?.id, `email:${normalEmail(email)}`);
  await takeSignInGuess(ctx.db, key, ctx.now(), () => 'Too many failed attempts. Please try again later.');
  return key;
}

/** Verifies the password; an unknown admin still costs one argon2 verification (timing). */
export async function verifyAdminPassword(admin: AdminRow | null, password: string): Promise<boolean> {
  return verifyPassword(admin?.passwordHash ?? null, password);
}

/**
 * Writes the audit row of a failed sign-in and returns the 401 to throw. (A guessable factor was
 * already counted by takeAdminSignInGuess; a failed passkey signature is not a guess.)
 */
export async function recordSignInFailure(
  ctx: AppContext,
  email: string,
  admin: AdminRow | null,
  reason: string,
  meta: SignInMeta,
  method: string,
): Promise<Error> {
  const at = ctx.now();
  await recordAudit(ctx.db, {
    actorId: admin?.id ?? null,
    action: 'admin.login_failed',
    targetType: 'user',
    targetId: admin?.id,
    ip: meta.ip,
    details: { method, reason, ...(admin ? {} : { email: normalEmail(email).slice(0, 254) }) },
    at,
  });
  return unauthenticated(INVALID_ADMIN_CREDENTIALS, 'INVALID_CREDENTIALS');
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
