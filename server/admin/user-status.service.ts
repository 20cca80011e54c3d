// Suspending a user and lifting a suspension (DESIGN.md section 11): any admin, never on their own
// account and never on an admin (the Admins tab does that), always with a reason the user is told.
// A suspension ends every session of the user at once; sign-in then answers 403 ACCOUNT_SUSPENDED.
// Lifting it (a reversal that was a mistake, a review that cleared the person) restores sign-in.
// Both are audited. Nothing about money changes: a wallet, held rewards or a debt stay as they are.
import { and, eq, isNull } from 'drizzle-orm';
import type { AdminUser, SetUserStatusRequest } from '../../contract/admin.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AppContext } from '../context.ts';
import { isUuid, newId } from '../db/ids.ts';
import { notifications, sessions, users } from '../db/schema.ts';
import { AppError, conflict, forbidden, notFound } from '../errors.ts';
import { readAdminUser } from './admin.service.ts';

export async function setUserStatus(ctx: AppContext, actor: { id: string; ip: string }, userId: string, input: SetUserStatusRequest): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound('User not found');
  if (userId === actor.id) throw forbidden('You cannot change the status of your own account', 'SELF_DEALING');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx.select({ isAdmin: users.isAdmin, status: users.status }).from(users).where(eq(users.id, userId)).for('update').limit(1);
    if (!target) throw notFound('User not found');
    if (target.isAdmin) throw new AppError('FORBIDDEN', 'An admin is suspended from the Admins tab, by a Super Admin', 403);
    if (target.status === 'erased') throw conflict('This account was deleted', 'CONFLICT');
    if (target.status === input.status) return;
    await tx.update(users).set({ status: input.status, updatedAt: now }).where(eq(users.id, userId));
    if (input.status === 'suspended') {
      await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    }
    // Read at their next sign-in (lifted) or kept for the appeal (suspended).
    await tx.insert(notifications).values({
      id: newId(),
      userId,
      kind: input.status === 'suspended' ? 'account_suspended' : 'account_reinstated',
      title: input.status === 'suspended' ? 'Account suspended' : 'Account reinstated',
      body:
        input.status === 'suspended'
          ? `Your account was suspended. Reason: ${input.reason} Contact support to appeal.`
          : `Your account is active again. Note: ${input.reason}`,
      createdAt: now,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: input.status === 'suspended' ? 'user.suspended' : 'user.reinstated',
      targetType: 'user',
      targetId: userId,
      ip: actor.ip,
      details: { reason: input.reason },
      at: now,
    });
  });
  const user = await readAdminUser(ctx.db, userId);
  if (!user) throw notFound('User not found');
  return user;
}
