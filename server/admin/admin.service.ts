// The admin panel's reads and decisions on users and payment proofs: stats, keyset-paged lists,
// direct activation and approve/reject. Each decision is one transaction with its ledger entry,
// notifications and audit row. Withdrawals live in server/withdrawals.
import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type {
  AdminPayment,
  AdminPaymentsPage,
  AdminPaymentsQuery,
  AdminStats,
  AdminUser,
  AdminUsersPage,
  AdminUsersQuery,
  ActivateUserRequest,
  DecidePaymentRequest,
} from '../../contract/admin.ts';
import { formatPaise } from '../../contract/money.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { at, queryRows, rowFromJson } from '../db/rows.ts';
import { PLATFORM_ACCOUNTS } from '../ledger/ledger.service.ts';
import { activationApprovals, ledgerAccounts, manualPayments, users } from '../db/schema.ts';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../audit/audit.service.ts';
import { badRequest, conflict, notFound, selfDealing } from '../errors.ts';
import { withRiskFlags } from '../fraud/risk-flags.service.ts';
import { inTransaction, runStatement, type RunInTx } from '../idempotency/idempotency.ts';
import { SMS_GLOBAL } from '../accounts/otp.service.ts';
import { toManualPayment } from '../activation/activation.service.ts';

export interface AdminActor {
  id: string;
  ip: string | null;
}

// ---- stats ----------------------------------------------------------------------------------

/**
 * The Overview's numbers from the running totals (stat_counters), not a scan of users: admins, a
 * handful, are counted apart and taken off the user totals.
 */
export async function getAdminStats(db: DbOrTx, now: Date): Promise<AdminStats> {
  // One round trip: the running totals (stat_counters), the few admins the Overview leaves out,
  // the SMS budget and what the last hour used of it.
  const [row] = await queryRows<{ totals: Record<string, string> | null; paid_out: string; admins: number; admins_activated: number; sms_per_hour: number | null; sent: number }>(
    db,
    sql`select
      (select json_object_agg(name, total) from (select name, sum(value)::text as total from stat_counters group by name) c) as totals,
      (select coalesce(sum(amount_paise), 0)::text from ledger_lines where account_id = ${PLATFORM_ACCOUNTS.payouts_paid}::uuid) as paid_out,
      (select count(*)::int from users where is_admin) as admins,
      (select count(*) filter (where is_activated)::int from users where is_admin) as admins_activated,
      (select sms_per_hour from app_settings where id = 1) as sms_per_hour,
      (select count(*)::int from rate_events where scope = ${SMS_GLOBAL.scope} and key = ${SMS_GLOBAL.key} and created_at > ${at(new Date(now.getTime() - SMS_GLOBAL.windowMs))}) as sent`,
  );
  if (!row || row.sms_per_hour === null) throw new Error('app_settings row missing: ensureAppSettings was not run');
  const totals = row.totals ?? {};
  const count = (name: string) => Number(totals[name] ?? 0);
  const perHour = row.sms_per_hour;
  const sentLastHour = row.sent;
  return {
    totalUsers: count('users') - row.admins,
    activatedUsers: count('activated_users') - row.admins_activated,
    totalEarnings: formatPaise(BigInt(totals.earnings_paise ?? '0')),
    paidOut: formatPaise(BigInt(row.paid_out)),
    pendingWithdrawals: count('pending_withdrawals'),
    pendingPayments: count('pending_payments'),
    sms: { sentLastHour, perHour, budgetReached: sentLastHour >= perHour },
  };
}

// ---- keyset cursors -------------------------------------------------------------------------

/** created_at with its full microseconds: a JS Date would drop them and skip or repeat rows. */
const cursorTime = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

interface Cursor {
  t: string;
  id: string;
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.t, c.id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const invalid = () => badRequest('Invalid cursor', 'VALIDATION_FAILED', { cursor: 'Invalid cursor' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [t, id] = parsed as unknown[];
  if (typeof t !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(t) || !isUuid(id)) throw invalid();
  return { t, id };
}

/** `value%` for LIKE, with the pattern characters of the user's text escaped. */
function prefixPattern(q: string): string {
  return `${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

// ---- users ----------------------------------------------------------------------------------

const activationRequesters = alias(users, 'activation_requester');
const heldAccounts = alias(ledgerAccounts, 'held_account');

const adminUserColumns = {
  id: users.id,
  username: users.username,
  phone: users.phone,
  email: users.email,
  isActivated: users.isActivated,
  status: users.status,
  successfulReferrals: users.successfulReferrals,
  createdAt: users.createdAt,
  balance: ledgerAccounts.balancePaise,
  held: heldAccounts.balancePaise,
  pending: activationApprovals,
  pendingByName: activationRequesters.username,
  cursorTime: cursorTime(users.createdAt),
};

interface AdminUserRow {
  balance: bigint | null;
  held: bigint | null;
  id: string;
  username: string;
  phone: string | null;
  email: string | null;
  isActivated: boolean;
  status: string;
  successfulReferrals: number;
  createdAt: Date;
  pending: typeof activationApprovals.$inferSelect | null;
  pendingByName: string | null;
}

function toAdminUser(r: AdminUserRow): AdminUser {
  return {
    id: r.id,
    username: r.username,
    phone: r.phone,
    email: r.email,
    isActivated: r.isActivated,
    accountStatus: r.status === 'erased' || r.status === 'suspended' ? r.status : 'active',
    walletBalance: formatPaise(r.balance ?? 0n),
    heldBalance: formatPaise(r.held ?? 0n),
    successfulReferrals: r.successfulReferrals,
    createdAt: r.createdAt.toISOString(),
    pendingActivation: r.pending
      ? { byAdminId: r.pending.firstAdminId, byAdminName: r.pendingByName, at: r.pending.createdAt.toISOString(), reason: r.pending.reason }
      : null,
  };
}

/** Users with their wallet and any direct activation waiting for a second admin. */
const adminUsersFrom = (db: DbOrTx) =>
  db
    .select(adminUserColumns)
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, users.id))
    .leftJoin(heldAccounts, and(eq(heldAccounts.userId, users.id), eq(heldAccounts.kind, 'held')))
    .leftJoin(activationApprovals, eq(activationApprovals.userId, users.id))
    .leftJoin(activationRequesters, eq(activationRequesters.id, activationApprovals.firstAdminId));

/** 3 or more digits: part of a phone number or UTR, matched anywhere (trigram indexes). */
const PART_OF_NUMBER_RE = /^\d{3,12}$/;

/**
 * Non-admin users, newest first, by keyset on (created_at, id) so a page costs the same at row
 * 1,000,000 as at row 1. `q` is part of a phone number (3+ digits, anywhere in it) or a prefix of
 * the username or email, each served by its own index.
 */
export async function listAdminUsers(db: DbOrTx, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const cursor = decodeCursor(query.cursor);
  const conditions: SQL[] = [eq(users.isAdmin, false)];
  if (query.status) conditions.push(eq(users.isActivated, query.status === 'active'));
  if (query.q) {
    const pattern = prefixPattern(query.q);
    const phone = PART_OF_NUMBER_RE.test(query.q) ? sql`${users.phone} like ${`%${query.q}%`}` : sql`${users.phone} = ${query.q}`;
    conditions.push(sql`(${phone} or lower(${users.username}) like ${pattern} or lower(${users.email}) like ${pattern})`);
  }
  if (cursor) conditions.push(sql`(${users.createdAt}, ${users.id}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)`);
  const rows = await adminUsersFrom(db)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await withRiskFlags(db, page.map(toAdminUser), (u) => u.id),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ t: last.cursorTime, id: last.id }) : null,
  };
}

export async function readAdminUser(db: DbOrTx, userId: string): Promise<AdminUser | null> {
  const [row] = await adminUsersFrom(db).where(eq(users.id, userId)).limit(1);
  return row ? toAdminUser(row) : null;
}

/**
 * Activates a user without a payment. No money came in, so the ledger records the fee as waived
 * (fee_waivers -> activation_fees, with the admin's reason in the audit log), and the referrer is
 * paid only when the setting "reward waived activations" is on: otherwise an admin could mint
 * rewards by activating sock-puppets on their own code. An admin cannot activate themself.
 * Under the two-person rule (settings, with two or more active admins) the first admin's call
 * records the request and a different admin's call completes it.
 */
export async function activateUserByAdmin(
  ctx: AppContext,
  actor: AdminActor,
  userId: string,
  input: ActivateUserRequest,
  run: RunInTx = inTransaction(ctx.db),
): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound('User not found');
  if (userId === actor.id) throw selfDealing('activation');
  const now = ctx.now();
  return run(async (tx) => {
    const firstAdmin = await secondApprovalNeeded(tx, userId) ? await claimActivationApproval(tx, userId, actor, input.reason ?? null, now) : null;
    if (firstAdmin === 'recorded') {
      const user = await readAdminUser(tx, userId);
      if (!user) throw notFound('User not found');
      return user;
    }
    // One call: rh_activate_directly (server/db/functions/rh_activate_directly.sql) activates, pays the reward if the settings
    // say so, records the waiver, and writes the counters, notifications and audit row.
    const [row] = await queryRows<{ outcome: string }>(
      tx,
      sql`select * from rh_activate_directly(${userId}::uuid, ${actor.id}::uuid, ${actor.ip}, ${firstAdmin?.reason ?? input.reason ?? null}, ${at(now)}, ${firstAdmin?.id ?? null}::uuid)`,
    );
    if (!row || row.outcome === 'not_found') throw notFound('User not found');
    if (row.outcome !== 'ok') throw conflict('User is already activated', 'ALREADY_ACTIVATED');
    const user = await readAdminUser(tx, userId);
    if (!user) throw notFound('User not found');
    return user;
  });
}

/** Whether the two-person rule covers a direct activation now: the setting is on and two or more admins are active. */
async function secondApprovalNeeded(tx: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ needed: boolean; activated: boolean | null }>(
    tx,
    sql`select (select second_approval_for_activation from app_settings where id = 1)
          and (select count(*) from users where is_admin and status = 'active') >= 2 as needed,
        (select is_activated from users where id = ${userId}::uuid) as activated`,
  );
  if (!row || row.activated === null) throw notFound('User not found');
  if (row.activated) throw conflict('User is already activated', 'ALREADY_ACTIVATED');
  return row.needed;
}

/**
 * The two-person rule's bookkeeping: the first admin's request is recorded ('recorded'); the same
 * admin asking again is refused; a different admin's call goes ahead, naming the first admin and
 * their reason. Two first requests racing: the second to insert becomes the second approver.
 */
async function claimActivationApproval(
  tx: DbOrTx,
  userId: string,
  actor: AdminActor,
  reason: string | null,
  now: Date,
): Promise<'recorded' | { id: string; reason: string | null }> {
  const inserted = await tx
    .insert(activationApprovals)
    .values({ userId, firstAdminId: actor.id, reason, createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: activationApprovals.userId });
  if (inserted.length > 0) {
    await recordAudit(tx, { actorId: actor.id, action: 'user.activation_requested', targetType: 'user', targetId: userId, ip: actor.ip, details: { reason }, at: now });
    return 'recorded';
  }
  const [pending] = await tx.select().from(activationApprovals).where(eq(activationApprovals.userId, userId)).for('update').limit(1);
  if (!pending) throw conflict('This activation changed while you were deciding. Please try again.', 'ALREADY_PROCESSED');
  if (pending.firstAdminId === actor.id) {
    throw conflict('You asked for this activation. Another admin must give the second approval.', 'SECOND_APPROVER_REQUIRED');
  }
  return { id: pending.firstAdminId, reason: pending.reason };
}

// ---- payments -------------------------------------------------------------------------------

type PaymentWithUser = typeof manualPayments.$inferSelect & { username: string; phone: string | null; userActivated: boolean };

export function toAdminPayment(r: PaymentWithUser): AdminPayment {
  return { ...toManualPayment(r), username: r.username, phone: r.phone, userActivated: r.userActivated };
}

/**
 * Payment proofs, newest first, keyset on (created_at, id) (with status: the (status, created_at, id)
 * index). `q` is part of a UTR or phone number (3+ digits, anywhere), or a username prefix.
 */
export async function listAdminPayments(db: DbOrTx, query: AdminPaymentsQuery): Promise<AdminPaymentsPage> {
  const cursor = decodeCursor(query.cursor);
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(manualPayments.status, query.status));
  if (query.q) {
    if (PART_OF_NUMBER_RE.test(query.q)) {
      const part = `%${query.q}%`;
      conditions.push(sql`(${manualPayments.utrNumber} like ${part} or ${users.phone} like ${part})`);
    } else conditions.push(sql`lower(${users.username}) like ${prefixPattern(query.q)}`);
  }
  if (cursor) conditions.push(sql`(${manualPayments.createdAt}, ${manualPayments.id}) < (${cursor.t}::timestamptz, ${cursor.id}::uuid)`);
  const rows = await db
    .select({ payment: manualPayments, username: users.username, phone: users.phone, userActivated: users.isActivated, cursorTime: cursorTime(manualPayments.createdAt) })
    .from(manualPayments)
    .innerJoin(users, eq(users.id, manualPayments.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(manualPayments.createdAt), desc(manualPayments.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await withRiskFlags(
      db,
      page.map((r) => toAdminPayment({ ...r.payment, username: r.username, phone: r.phone, userActivated: r.userActivated })),
      (p) => p.userId,
    ),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ t: last.cursorTime, id: last.payment.id }) : null,
  };
}

/**
 * Approves or rejects a pending proof. The conditional update (status = 'pending') decides races:
 * exactly one decision wins, every other answers 409 ALREADY_PROCESSED and changes nothing.
 * Approval records the fee (upi_collections -> activation_fees), activates the payer and pays the
 * referrer, all in this one transaction.
 */
export async function decidePayment(
  ctx: AppContext,
  actor: AdminActor,
  paymentId: string,
  input: DecidePaymentRequest,
  run: RunInTx = inTransaction(ctx.db),
): Promise<AdminPayment> {
  if (!isUuid(paymentId)) throw notFound('Payment not found');
  const now = ctx.now();
  return runStatement(run, async (db) => {
    // One call: rh_decide_payment (server/db/functions/rh_decide_payment.sql) records the fee, reverses a waiver the fee now
    // replaces, activates the payer, pays the referrer, and writes notifications, audit and counters.
    const [row] = await queryRows<{ outcome: string; payment: unknown; username: string | null; phone: string | null; user_activated: boolean | null }>(
      db,
      sql`select * from rh_decide_payment(${paymentId}::uuid, ${actor.id}::uuid, ${actor.ip}, ${input.status}, ${input.notes ?? null}, ${at(now)})`,
    );
    if (!row || row.outcome === 'not_found') throw notFound('Payment not found');
    if (row.outcome === 'self_dealing') throw selfDealing('payment');
    if (row.outcome !== 'ok') throw conflict('This payment has already been processed', 'ALREADY_PROCESSED');
    const payment = rowFromJson(manualPayments, row.payment);
    return toAdminPayment({ ...payment, username: row.username ?? '', phone: row.phone, userActivated: row.user_activated ?? false });
  });
}
