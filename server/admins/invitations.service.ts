// Inviting further admins: a Super Admin names an email and a role and gets a one-time link, shown
// once (only the token's hash is kept), valid for 24 hours. Whoever opens it chooses a username,
// password and phone, and becomes that admin; the link is then spent. The new admin signs in
// through the Security Center like every admin (a reviewer sets up 2FA before reviewing).
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AcceptInvitationRequest, CreatedInvitation, CreateInvitationRequest, Invitation, InvitationList, InvitationLookup } from '../../contract/admins.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { adminInvitations, users } from '../db/schema.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { hashToken, newSessionToken } from '../sessions/session-token.ts';
import { hashPassword } from '../accounts/password.ts';
import { insertAdminUser } from '../accounts/admin-setup.service.ts';
import { mapUserUniqueViolation } from '../accounts/accounts.service.ts';

export const INVITATION_TTL_MS = 24 * 60 * 60 * 1000;
const inviters = alias(users, 'inviter');

type InvitationRow = typeof adminInvitations.$inferSelect;

function statusOf(row: InvitationRow, now: Date): Invitation['status'] {
  if (row.usedAt) return 'used';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow, invitedByName: string | null, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role === 'super_admin' ? 'super_admin' : 'reviewer',
    status: statusOf(row, now),
    invitedByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}

export async function createInvitation(
  ctx: AppContext,
  actor: { id: string; username: string; ip: string },
  input: CreateInvitationRequest,
): Promise<CreatedInvitation> {
  const now = ctx.now();
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (taken) throw conflict('An account with this email already exists', 'DUPLICATE_EMAIL');
  const token = newSessionToken();
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(adminInvitations)
      .values({ id: newId(), email: input.email, role: input.role, tokenHash: hashToken(token), invitedById: actor.id, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
      .returning();
    await recordAudit(tx, { actorId: actor.id, action: 'admin.invited', targetType: 'invitation', targetId: created!.id, ip: actor.ip, details: { email: input.email, role: input.role }, at: now });
    return created!;
  });
  const link = `${ctx.config.appOrigin}/admin-invite?token=${encodeURIComponent(token)}`;
  return { ...toInvitation(row, actor.username, now), link };
}

export async function listInvitations(ctx: AppContext): Promise<InvitationList> {
  const now = ctx.now();
  const rows = await ctx.db
    .select({ row: adminInvitations, invitedByName: inviters.username })
    .from(adminInvitations)
    .leftJoin(inviters, eq(inviters.id, adminInvitations.invitedById))
    .orderBy(desc(adminInvitations.createdAt))
    .limit(100);
  return { items: rows.map((r) => toInvitation(r.row, r.invitedByName, now)) };
}

/** The invitation a token opens, or why it cannot be used: 404 unknown, 409 used, 410 expired. */
async function findUsableInvitation(db: DbOrTx, token: string, now: Date, lock: boolean): Promise<InvitationRow> {
  const byToken = eq(adminInvitations.tokenHash, hashToken(token));
  const [row] = lock
    ? await db.select().from(adminInvitations).where(byToken).for('update').limit(1)
    : await db.select().from(adminInvitations).where(byToken).limit(1);
  if (!row) throw notFound('This invitation link is not valid');
  if (row.usedAt) throw new AppError('INVITATION_USED', 'This invitation has already been used', 409);
  if (row.expiresAt.getTime() <= now.getTime()) throw new AppError('INVITATION_EXPIRED', 'This invitation has expired. Ask for a new one.', 410);
  return row;
}

export async function lookupInvitation(ctx: AppContext, token: string): Promise<InvitationLookup> {
  const row = await findUsableInvitation(ctx.db, token, ctx.now(), false);
  return { email: row.email, role: row.role === 'super_admin' ? 'super_admin' : 'reviewer', expiresAt: row.expiresAt.toISOString() };
}

/**
 * Creates the invited admin and spends the invitation in one transaction: the invitation row is
 * locked and claimed by a conditional update, so a link used twice at once makes one admin.
 */
export async function acceptInvitation(ctx: AppContext, input: AcceptInvitationRequest, meta: { ip: string }): Promise<{ userId: string; email: string }> {
  const now = ctx.now();
  // Refuse a bad link before spending a password hash on it.
  await findUsableInvitation(ctx.db, input.token, now, false);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const invitation = await findUsableInvitation(tx, input.token, now, true);
      // An admin's name appears on decisions, notifications and the activity feed: it must not be one
      // a user already goes by (an admin posing as a user, or the other way round).
      const [sameName] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${input.username})`).limit(1);
      if (sameName) throw conflict('This username is already taken. Choose another.', 'DUPLICATE_USERNAME');
      const role = invitation.role === 'super_admin' ? 'super_admin' : 'reviewer';
      const userId = await insertAdminUser(tx, { username: input.username, email: invitation.email, phone: input.phone, passwordHash, role }, now);
      const claimed = await tx
        .update(adminInvitations)
        .set({ usedAt: now, usedById: userId })
        .where(and(eq(adminInvitations.id, invitation.id), isNull(adminInvitations.usedAt), gt(adminInvitations.expiresAt, sql`${now.toISOString()}::timestamptz`)))
        .returning({ id: adminInvitations.id });
      if (claimed.length === 0) throw new AppError('INVITATION_USED', 'This invitation has already been used', 409);
      await recordAudit(tx, {
        actorId: userId,
        action: 'admin.joined',
        targetType: 'user',
        targetId: userId,
        ip: meta.ip,
        details: { email: invitation.email, role, invitedBy: invitation.invitedById },
        at: now,
      });
      return { userId, email: invitation.email };
    });
  } catch (err) {
    throw mapUserUniqueViolation(err);
  }
}
