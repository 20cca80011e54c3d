// Withdrawals: a request reserves the amount at once (wallet -> payouts_pending) in the same
// transaction that records it; an admin then pays it out (-> payouts_paid) or refunds it
// (-> wallet). Each step is a conditional update plus one ledger entry, so races resolve in the
// database: the balance can't be over-reserved and a withdrawal is decided once.
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_LIMIT, WITHDRAWAL_SCREENSHOT_MAX_BYTES } from '../../contract/constants.ts';
import { formatPaise } from '../../contract/money.ts';
import {
  createWithdrawFormSchema,
  formatRupeesShort,
  type AdminWithdrawal,
  type AdminWithdrawalList,
  type Withdrawal,
  type WithdrawalDecision,
  type WithdrawalStatus,
} from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { isUuid, newId } from '../db/ids.ts';
import { at, queryRows, rowFromJson } from '../db/rows.ts';
import { users, withdrawals } from '../db/schema.ts';
import { AppError, conflict, isInsufficientBalance, notFound, selfDealing, validationError } from '../errors.ts';
import { withRiskFlags } from '../fraud/risk-flags.service.ts';
import { withPayouts } from '../payouts/payouts.service.ts';
import { detectImageType } from '../uploads/image-type.ts';
import { inTransaction, runStatement, type RunInTx } from '../idempotency/idempotency.ts';

type WithdrawalRow = typeof withdrawals.$inferSelect;

export interface WithdrawInput {
  /** The form fields as sent: amount, bankDetails (JSON text) or the three bank fields, upiId. */
  fields: Record<string, unknown>;
  screenshot: Buffer | null;
}

/** All but the last 4 digits hidden: what the owner sees in lists (an admin sees the full number). */
export function maskAccountNumber(accountNumber: string): string {
  if (accountNumber.length <= 4) return accountNumber;
  return 'X'.repeat(accountNumber.length - 4) + accountNumber.slice(-4);
}

/** The payout details as JSON text: holder plus bank account or UPI ID (the spec's bankDetails). */
function payoutDetails(p: { method: string; accountHolderName: string; accountNumber: string | null; ifscCode: string | null; upiId: string | null }): string {
  return p.method === 'upi'
    ? JSON.stringify({ accountHolderName: p.accountHolderName, upiId: p.upiId })
    : JSON.stringify({ accountHolderName: p.accountHolderName, accountNumber: p.accountNumber, ifscCode: p.ifscCode });
}

/** Where the money goes, in words: "UPI priya@okhdfcbank" or "bank account ending 9012". */
export function payoutTarget(row: { method: string; upiId: string | null; accountNumber: string | null }): string {
  return row.method === 'upi' ? `UPI ${row.upiId ?? ''}` : `bank account ending ${(row.accountNumber ?? '').slice(-4)}`;
}

/** The owner's word for a state: a withdrawal waiting for a second admin is simply still pending. */
function ownerStatus(status: string): WithdrawalStatus {
  return status === 'approved' || status === 'rejected' ? status : 'pending';
}

function toWithdrawal(row: WithdrawalRow, opts: { masked: boolean }): Withdrawal {
  const accountNumber = row.accountNumber && opts.masked ? maskAccountNumber(row.accountNumber) : row.accountNumber;
  return {
    id: row.id,
    userId: row.userId,
    amount: formatPaise(row.amountPaise),
    method: row.method === 'upi' ? 'upi' : 'bank',
    bankDetails: opts.masked ? payoutDetails({ ...row, accountNumber }) : row.bankDetails,
    accountHolderName: row.accountHolderName,
    accountNumber,
    ifscCode: row.ifscCode,
    upiId: row.upiId,
    payoutReference: row.payoutReference,
    status: ownerStatus(row.status),
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt ? row.processedAt.toISOString() : null,
    adminNotes: row.adminNotes,
    hasScreenshot: row.screenshotKey !== null,
  };
}

/**
 * bankDetails arrives as JSON text; the three fields may also come on their own. Text that is not
 * a JSON object is taken as the account number (the spec's rule for unparseable bank details).
 */
function gatherForm(fields: Record<string, unknown>): Record<string, unknown> {
  let bank: Record<string, unknown> = {};
  const raw = fields.bankDetails;
  if (typeof raw === 'string' && raw.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) bank = parsed as Record<string, unknown>;
      else bank = { accountNumber: raw };
    } catch {
      bank = { accountNumber: raw };
    }
  } else if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    bank = raw as Record<string, unknown>;
  }
  const pick = (name: string) => (bank[name] !== undefined ? bank[name] : fields[name]);
  return {
    amount: fields.amount,
    method: fields.method ?? bank.method ?? null,
    accountHolderName: pick('accountHolderName') ?? '',
    accountNumber: pick('accountNumber') ?? '',
    ifscCode: pick('ifscCode') ?? '',
    upiId: fields.upiId ?? bank.upiId ?? null,
  };
}

/** The form schema for the current minimum (made once per minimum: building a zod schema costs more than parsing with it). */
let formSchema: { minPaise: bigint; schema: ReturnType<typeof createWithdrawFormSchema> } | null = null;
function withdrawFormSchema(minPaise: bigint): ReturnType<typeof createWithdrawFormSchema> {
  if (formSchema?.minPaise !== minPaise) formSchema = { minPaise, schema: createWithdrawFormSchema(minPaise) };
  return formSchema.schema;
}

/**
 * Records a withdrawal request and reserves its amount. `minWithdrawalPaise` is the setting as the
 * request's session lookup read it (server/sessions), so the request reads no settings of its own.
 */
export async function requestWithdrawal(
  ctx: AppContext,
  requester: { userId: string; minWithdrawalPaise: bigint },
  input: WithdrawInput,
  run: RunInTx = inTransaction(ctx.db),
): Promise<Withdrawal> {
  const { userId } = requester;
  const parsed = withdrawFormSchema(requester.minWithdrawalPaise).safeParse(gatherForm(input.fields));
  if (!parsed.success) {
    const error = validationError(parsed.error);
    const firstPath = parsed.error.issues[0]?.path[0];
    if (firstPath === 'amount') throw new AppError('BELOW_MINIMUM', error.message, 400, error.fields);
    throw error;
  }
  const form = parsed.data;

  let screenshot: { bytes: Buffer; mime: string; ext: string } | null = null;
  if (input.screenshot && input.screenshot.length > 0) {
    if (input.screenshot.length > WITHDRAWAL_SCREENSHOT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', 'File too large', 413);
    const type = detectImageType(input.screenshot);
    if (!type) {
      throw new AppError('INVALID_FILE', 'Please upload an image file (PNG, JPG, JPEG)', 400, {
        screenshot: 'Please upload an image file (PNG, JPG, JPEG)',
      });
    }
    screenshot = { bytes: input.screenshot, mime: type.mime, ext: type.ext };
  }

  const now = ctx.now();
  const id = newId();
  const screenshotKey = screenshot ? await ctx.uploads.put(screenshot.bytes, screenshot.ext) : null;
  try {
    // One call: rh_request_withdrawal (server/db/functions/rh_request_withdrawal.sql) records the request and reserves the amount
    // (its guarded wallet update is the balance check: no read-then-decide race), with counters
    // and the notification.
    return await runStatement(run, async (db) => {
      const [row] = await queryRows<{ withdrawal: unknown }>(
        db,
        sql`select rh_request_withdrawal(
          ${id}::uuid, ${userId}::uuid, ${String(form.amount)}::bigint, ${form.method}, ${payoutDetails(form)},
          ${form.accountHolderName}, ${form.accountNumber}, ${form.ifscCode}, ${form.upiId},
          ${screenshotKey}, ${screenshot?.mime ?? null}, ${at(now)},
          ${`Withdrawal of ${formatRupeesShort(form.amount)} requested`},
          ${'Withdrawal requested'},
          ${`Your withdrawal of ₹${formatPaise(form.amount)} is being processed. It usually takes 24-48 hours.`}
        ) as withdrawal`,
      );
      return toWithdrawal(rowFromJson(withdrawals, row!.withdrawal), { masked: true });
    });
  } catch (err) {
    if (screenshotKey) await ctx.uploads.delete(screenshotKey).catch(() => undefined);
    if (isInsufficientBalance(err)) {
      throw new AppError('INSUFFICIENT_BALANCE', 'Insufficient Balance', 400, {
        amount: "You don't have enough balance for this withdrawal",
      });
    }
    throw err;
  }
}

export async function listOwnWithdrawals(
  ctx: AppContext,
  userId: string,
  page: { limit?: number; before?: string },
): Promise<Withdrawal[]> {
  const conditions: SQL[] = [eq(withdrawals.userId, userId)];
  if (page.before) {
    if (!isUuid(page.before)) return [];
    conditions.push(
      sql`(${withdrawals.createdAt}, ${withdrawals.id}) < (select w2.created_at, w2.id from withdrawals w2 where w2.id = ${page.before} and w2.user_id = ${userId})`,
    );
  }
  const rows = await ctx.db
    .select()
    .from(withdrawals)
    .where(and(...conditions))
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(page.limit ?? DEFAULT_PAGE_LIMIT);
  return rows.map((r) => toWithdrawal(r, { masked: true }));
}

// ---------------------------------------------------------------------------------------------
// Admin side

function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const [iso, id] = text.split('|');
  if (!iso || !id || !isUuid(id)) return null;
  const createdAt = new Date(iso);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id };
}

const firstApprovers = alias(users, 'first_approver');

export async function listWithdrawalsForAdmin(
  ctx: AppContext,
  query: { status?: string; q?: string; limit?: number; cursor?: string },
): Promise<AdminWithdrawalList> {
  const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
  const conditions: SQL[] = [];
  if (query.status && query.status !== 'all') conditions.push(eq(withdrawals.status, query.status));
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.username, like),
        ilike(users.phone, like),
        ilike(withdrawals.accountHolderName, like),
        ilike(withdrawals.accountNumber, like),
        ilike(withdrawals.ifscCode, like),
        isUuid(query.q) ? or(eq(withdrawals.id, query.q), eq(withdrawals.userId, query.q)) : undefined,
      )!,
    );
  }
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    if (!c) throw new AppError('VALIDATION_FAILED', 'Invalid cursor', 400, { cursor: 'Invalid cursor' });
    conditions.push(sql`(${withdrawals.createdAt}, ${withdrawals.id}) < (${c.createdAt.toISOString()}::timestamptz, ${c.id}::uuid)`);
  }
  const rows = await ctx.db
    .select({ w: withdrawals, username: users.username, phone: users.phone, firstApproverName: firstApprovers.username })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(firstApprovers, eq(firstApprovers.id, withdrawals.firstApprovedById))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: await withRiskFlags(
      ctx.db,
      // With each one's payout, when it is paid through a payout provider (server/payouts).
      await withPayouts(ctx.db, page.map((r) => toAdminWithdrawal(r.w, { username: r.username, phone: r.phone, firstApproverName: r.firstApproverName }))),
      (w) => w.userId,
    ),
    nextCursor: rows.length > limit && last ? encodeCursor(last.w) : null,
  };
}

/** What an admin sees: the full account number, the real state, and who gave the first of two approvals. */
function toAdminWithdrawal(row: WithdrawalRow, extra: { username: string; phone: string | null; firstApproverName: string | null }): AdminWithdrawal {
  return {
    ...toWithdrawal(row, { masked: false }),
    status: row.status as AdminWithdrawal['status'],
    version: row.version,
    username: extra.username,
    phone: extra.phone,
    firstApproval:
      row.firstApprovedById && row.firstApprovedAt
        ? { byAdminId: row.firstApprovedById, byAdminName: extra.firstApproverName, at: row.firstApprovedAt.toISOString() }
        : null,
  };
}

/**
 * Approves (pays out) or rejects (refunds) a pending withdrawal. The conditional update decides
 * races between admins; an admin never decides on their own withdrawal (SELF_DEALING): money an
 * admin earned leaves only with a second admin's approval. Under the two-person rule (settings) an
 * approval above the threshold only marks it awaiting a second, different admin.
 */
export async function decideWithdrawal(
  ctx: AppContext,
  admin: { id: string; ip: string; username: string },
  withdrawalId: string,
  decision: WithdrawalDecision,
  run: RunInTx = inTransaction(ctx.db),
): Promise<AdminWithdrawal> {
  if (!isUuid(withdrawalId)) throw notFound('Withdrawal not found');
  const now = ctx.now();
  // With a payout provider the approval queues the payout instead of recording one made by hand.
  const provider = ctx.payouts?.provider.name ?? null;
  const decided = await runStatement(run, async (db) => {
    // One call: rh_decide_withdrawal (server/db/functions/rh_decide_withdrawal.sql) moves the reserved amount to payouts_paid or
    // back to the wallet, with the notification, the audit row and the counters (or, under the
    // two-person rule, records the first approval).
    const payoutReference = decision.status === 'approved' ? (decision.payoutReference ?? null) : null;
    const [row] = await queryRows<{ outcome: string; withdrawal: unknown; username: string | null; phone: string | null }>(
      db,
      sql`select * from rh_decide_withdrawal(${withdrawalId}::uuid, ${admin.id}::uuid, ${admin.ip}, ${decision.status}, ${decision.notes ?? null}, ${payoutReference}, ${at(now)}, ${decision.version ?? null}::int, ${provider}::text)`,
    );
    if (!row || row.outcome === 'not_found') throw notFound('Withdrawal not found');
    if (row.outcome === 'self_dealing') throw selfDealing('withdrawal');
    if (row.outcome === 'payout_changed') {
      throw conflict('The payout details of this withdrawal changed after you opened the list. Check them again before approving.', 'PAYOUT_CHANGED');
    }
    if (row.outcome === 'same_admin') throw conflict('You gave the first approval. Another admin must give the second.', 'SECOND_APPROVER_REQUIRED');
    if (row.outcome !== 'ok' && row.outcome !== 'awaiting_second') throw conflict('This withdrawal has already been processed', 'ALREADY_PROCESSED');
    const decided = rowFromJson(withdrawals, row.withdrawal);
    return toAdminWithdrawal(decided, { username: row.username ?? '', phone: row.phone, firstApproverName: decided.firstApprovedById === admin.id ? admin.username : null });
  });
  // Committed by now (runStatement's transaction has ended): the worker can claim the payout at once.
  if (decided.status === 'paying') ctx.payouts?.queue.kick();
  return decided;
}

export async function getWithdrawalScreenshot(
  ctx: AppContext,
  withdrawalId: string,
): Promise<{ bytes: Buffer; mime: string; filename: string }> {
  if (!isUuid(withdrawalId)) throw notFound('Screenshot not found');
  const rows = await ctx.db
    .select({ key: withdrawals.screenshotKey, mime: withdrawals.screenshotMime })
    .from(withdrawals)
    .where(eq(withdrawals.id, withdrawalId))
    .limit(1);
  const row = rows[0];
  if (!row?.key || !row.mime) throw notFound('Screenshot not found');
  const bytes = await ctx.uploads.get(row.key);
  if (!bytes) throw notFound('Screenshot not found');
  const ext = row.mime === 'image/png' ? 'png' : row.mime === 'image/webp' ? 'webp' : 'jpg';
  return { bytes, mime: row.mime, filename: `withdrawal-${withdrawalId}.${ext}` };
}

/**
 * The person corrects where a withdrawal still waiting for review is paid (the privacy policy's
 * right of correction): the payout fields are checked exactly as on the request, the amount never
 * changes, and a payout account shared with other users is flagged as on a request.
 */
export async function correctWithdrawalPayout(ctx: AppContext, userId: string, withdrawalId: string, fields: Record<string, unknown>): Promise<Withdrawal> {
  if (!isUuid(withdrawalId)) throw notFound('Withdrawal not found');
  // The request's form, with the amount out of the question (it is not being changed).
  const parsed = withdrawFormSchema(0n).safeParse({ ...gatherForm(fields), amount: '0' });
  if (!parsed.success) throw validationError(parsed.error);
  const form = parsed.data;
  const [row] = await queryRows<{ withdrawal: unknown }>(
    ctx.db,
    sql`select rh_correct_withdrawal_payout(${withdrawalId}::uuid, ${userId}::uuid, ${form.method}, ${payoutDetails(form)}, ${form.accountHolderName},
          ${form.accountNumber}, ${form.ifscCode}, ${form.upiId}, ${at(ctx.now())}) as withdrawal`,
  );
  if (!row?.withdrawal) {
    const [exists] = await queryRows<{ id: string }>(ctx.db, sql`select id::text from withdrawals where id = ${withdrawalId}::uuid and user_id = ${userId}::uuid`);
    if (!exists) throw notFound('Withdrawal not found');
    throw conflict('This withdrawal is already being paid or was decided: its payout details can no longer change', 'ALREADY_PROCESSED');
  }
  return toWithdrawal(rowFromJson(withdrawals, row.withdrawal), { masked: true });
}
