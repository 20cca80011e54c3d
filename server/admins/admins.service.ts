// The admins a Super Admin manages: every admin with their role, state, sign-in security and how
// much they have done; suspending one (their sessions end at once) and bringing them back. A
// Super Admin cannot suspend themself, nor the last active Super Admin.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AdminAccount, AdminAccountList, UpdateAdminRequest } from '../../contract/admins.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/ids.ts';
import { queryRows } from '../db/rows.ts';
import { sessions, users } from '../db/schema.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';

type AdminRow = {
  id: string;
  username: string;
  email: string | null;
  admin_role: string;
  status: string;
  two_factor: boolean;
  passkeys: number;
  created_at: string;
  actions: number;
  last_action_at: string | null;
};

const toAdminAccount = (r: AdminRow): AdminAccount => ({
  id: r.id,
  username: r.username,
  email: r.email,
  role: r.admin_role === 'super_admin' ? 'super_admin' : 'reviewer',
  status: r.status === 'suspended' ? 'suspended' : 'active',
  twoFactorEnabled: r.two_factor,
  passkeyCount: r.passkeys,
  createdAt: new Date(r.created_at).toISOString(),
  actionCount: r.actions,
  lastActionAt: r.last_action_at ? new Date(r.last_action_at).toISOString() : null,
});

async function readAdmins(ctx: AppContext, onlyId?: string): Promise<AdminAccount[]> {
  const rows = await queryRows<AdminRow>(
    ctx.db,
    sql`select u.id::text, u.username, u.email, u.admin_role, u.status, u.created_at::text,
          coalesce(t.enabled_at is not null, false) as two_factor,
          (select count(*)::int from passkeys p where p.user_id = u.id) as passkeys,
          (select count(*)::int from audit_log a where a.actor_id = u.id) as actions,
          (select max(a.created_at)::text from audit_log a where a.actor_id = u.id) as last_action_at
        from users u left join admin_two_factor t on t.user_id = u.id
        where u.is_admin ${onlyId ? sql`and u.id = ${onlyId}::uuid` : sql``}
        order by u.created_at`,
  );
  return rows.map(toAdminAccount);
}

export async function listAdmins(ctx: AppContext): Promise<AdminAccountList> {
  return { items: await readAdmins(ctx) };
}

export async function setAdminStatus(ctx: AppContext, actor: { id: string; ip: string }, adminId: string, input: UpdateAdminRequest): Promise<AdminAccount> {
  if (!isUuid(adminId)) throw notFound('Admin not found');
  if (adminId === actor.id) throw forbidden('You cannot suspend your own account', 'FORBIDDEN');
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    // One admin at a time changes states, so two suspensions cannot leave no Super Admin.
    await tx.execute(sql`select pg_advisory_xact_lock(727004)`);
    const [target] = await tx.select({ role: users.adminRole, status: users.status }).from(users).where(and(eq(users.id, adminId), eq(users.isAdmin, true))).limit(1);
    if (!target) throw notFound('Admin not found');
    if (target.status === input.status) return;
    if (input.status === 'suspended' && target.role === 'super_admin') {
      const [others] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from users where is_admin and admin_role = 'super_admin' and status = 'active' and id <> ${adminId}::uuid`,
      );
      if ((others?.n ?? 0) === 0) throw new AppError('LAST_SUPER_ADMIN', 'The last active Super Admin cannot be suspended', 409);
    }
    await tx.update(users).set({ status: input.status, updatedAt: now }).where(eq(users.id, adminId));
    if (input.status === 'suspended') {
      await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, adminId), isNull(sessions.revokedAt)));
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: input.status === 'suspended' ? 'admin.suspended' : 'admin.reactivated',
      targetType: 'user',
      targetId: adminId,
      ip: actor.ip,
      details: { role: target.role },
      at: now,
    });
  });
  const [admin] = await readAdmins(ctx, adminId);
  if (!admin) throw notFound('Admin not found');
  return admin;
}
