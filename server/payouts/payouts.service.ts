// Withdrawals paid through a payouts API (PAYOUT_PROVIDER, decision 034): the provider's signed
// webhooks (stored once by event id, applied until applied), what admins see of each payout (the
// Withdrawals tab's payout details, the low-balance alert, the refused payouts), their two actions
// on a refused payout (try again, or return the money to the wallet, each only after asking the
// provider whether it holds a payout for that withdrawal), and the daily sweep for payouts whose
// final webhook never came. Money moves only in rh_settle_payout (settle-payout.ts).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuditAction } from '../../contract/audit.ts';
import { formatPaise } from '../../contract/money.ts';
import {
  PAYOUT_PROVIDER_UNAVAILABLE_MESSAGE,
  PAYOUTS_NOT_CONFIGURED_MESSAGE,
  type FailedPayout,
  type PayoutInfo,
  type PayoutJobStatus,
  type PayoutOverview,
} from '../../contract/payouts.ts';
import type { AppContext } from '../context.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import type { Config } from '../env.ts';
import { isUuid, newId } from '../db/ids.ts';
import { at, queryRows } from '../db/rows.ts';
import { payoutEvents, payoutJobs, withdrawals } from '../db/schema.ts';
import { AppError, conflict, notFound, selfDealing } from '../errors.ts';
import { redactText } from '../logging.ts';
import { PayoutProviderError, RETURNED_STATUSES, type PayoutFacts, type PayoutProvider, type WebhookHeaders } from './payout-provider.ts';
import { PayoutQueue } from './payout-queue.ts';
import { createRazorpayXProvider } from './razorpayx.ts';
import { settlePayout, settleStatement, type SettleOutcome } from './settle-payout.ts';
import { inTransaction, runStatement, type RunInTx } from '../idempotency/idempotency.ts';

/** The payout provider and the queue that feeds it, present when PAYOUT_PROVIDER is set. */
export interface Payouts {
  provider: PayoutProvider;
  queue: PayoutQueue;
}

/** Payouts still processing this long after they were sent are asked about by the daily sweep. */
export const SWEEP_AFTER_MS = 60 * 60 * 1000;
const SWEEP_BATCH = 500;

export function createPayouts(config: NonNullable<Config['payouts']>, deps: { db: Db; now: () => Date; appName: () => string; log: (line: string) => void }): Payouts {
  const provider = createRazorpayXProvider({
    keyId: config.keyId,
    keySecret: config.keySecret,
    accountNumber: config.accountNumber,
    webhookSecret: config.webhookSecret,
    baseUrl: config.baseUrl,
    log: deps.log,
  });
  const payouts: Payouts = {
    provider,
    queue: new PayoutQueue({
      db: deps.db,
      // Read through the holder, so a test may swap the provider.
      provider: () => payouts.provider,
      now: deps.now,
      narration: () => `${deps.appName()} withdrawal`,
      onFailed: (err) => {
        if (!(err instanceof PayoutProviderError)) deps.log(redactText(`[payouts] ${(err as Error).message ?? String(err)}`));
      },
    }),
  };
  return payouts;
}

function requirePayouts(ctx: AppContext): Payouts {
  if (!ctx.payouts) throw new AppError('PAYOUTS_NOT_CONFIGURED', PAYOUTS_NOT_CONFIGURED_MESSAGE, 404);
  return ctx.payouts;
}

const providerUnavailable = () => new AppError('PAYOUT_PROVIDER_UNAVAILABLE', PAYOUT_PROVIDER_UNAVAILABLE_MESSAGE, 503, undefined, { 'retry-after': '30' });

// ---------------------------------------------------------------------------------------------
// The webhook

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A webhook from the provider: the signature checked over the raw bytes, the event stored once by
 * its id and applied. A redelivery of an applied event does nothing; one that arrives while the
 * first delivery failed half-way is applied again (applying is idempotent).
 */
export async function receivePayoutWebhook(ctx: AppContext, providerName: string, rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookAnswer> {
  if (!ctx.payouts || ctx.payouts.provider.name !== providerName) return { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } };
  const verdict = ctx.payouts.provider.verifyWebhook(rawBody, headers);
  if (!verdict.ok) {
    const unreadable = verdict.reason === 'unparseable' || verdict.reason === 'missing_event_id';
    return {
      status: 400,
      body: unreadable ? { message: 'The event could not be read', code: 'BAD_REQUEST' } : { message: 'The signature does not match', code: 'INVALID_SIGNATURE' },
    };
  }
  const { event } = verdict;
  const now = ctx.now();
  const facts = event.payout;
  const withdrawalId = facts ? await withdrawalOf(ctx.db, providerName, facts) : null;
  const [stored] = await ctx.db
    .insert(payoutEvents)
    .values({ provider: providerName, eventId: event.eventId, type: event.name, providerPayoutId: facts?.payoutId ?? null, withdrawalId, occurredAt: event.occurredAt, receivedAt: now })
    .onConflictDoNothing()
    .returning({ eventId: payoutEvents.eventId });
  if (!stored) {
    const [earlier] = await ctx.db
      .select({ settledAt: payoutEvents.settledAt })
      .from(payoutEvents)
      .where(and(eq(payoutEvents.provider, providerName), eq(payoutEvents.eventId, event.eventId)));
    if (earlier?.settledAt) return { status: 200, body: { ok: true, outcome: 'redelivery' } };
  }
  let outcome: SettleOutcome | 'ignored' | 'mismatch';
  if (!facts) outcome = 'ignored';
  else if (!withdrawalId) outcome = 'unmatched';
  else outcome = await applyFacts(ctx, withdrawalId, facts, event.occurredAt);
  await ctx.db
    .update(payoutEvents)
    .set({ outcome, settledAt: ctx.now() })
    .where(and(eq(payoutEvents.provider, providerName), eq(payoutEvents.eventId, event.eventId)));
  return { status: 200, body: { ok: true, outcome } };
}

/** The withdrawal a payout belongs to: its reference (our withdrawal id), else the payout id we recorded. */
async function withdrawalOf(db: Db, providerName: string, facts: PayoutFacts): Promise<string | null> {
  if (facts.referenceId && isUuid(facts.referenceId)) {
    const [job] = await db.select({ id: payoutJobs.withdrawalId }).from(payoutJobs).where(eq(payoutJobs.withdrawalId, facts.referenceId)).limit(1);
    if (job) return job.id;
  }
  const [byPayout] = await db
    .select({ id: payoutJobs.withdrawalId })
    .from(payoutJobs)
    .where(and(eq(payoutJobs.provider, providerName), eq(payoutJobs.providerPayoutId, facts.payoutId)))
    .limit(1);
  return byPayout?.id ?? null;
}

/**
 * Applies a provider's facts to one withdrawal, unless they are about another amount or currency
 * (then nothing moves and admins are told once).
 */
async function applyFacts(ctx: AppContext, withdrawalId: string, facts: PayoutFacts, seenAt: Date): Promise<SettleOutcome | 'mismatch'> {
  const [w] = await ctx.db.select({ amountPaise: withdrawals.amountPaise, userId: withdrawals.userId }).from(withdrawals).where(eq(withdrawals.id, withdrawalId)).limit(1);
  if (!w) return 'unmatched';
  if (facts.amountPaise !== w.amountPaise || facts.currency !== 'INR') {
    await ctx.db.execute(
      sql`insert into audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
          select rh_new_id(), null, 'payout.mismatch', 'withdrawal', ${withdrawalId}, null,
            jsonb_build_object('payoutId', ${facts.payoutId}::text, 'amount', ${formatPaise(facts.amountPaise)}::text, 'currency', ${facts.currency}::text,
              'expected', ${formatPaise(w.amountPaise)}::text, 'userId', ${w.userId}::text), ${at(ctx.now())}
          where not exists (select 1 from audit_log where action = 'payout.mismatch' and target_id = ${withdrawalId})`,
    );
    return 'mismatch';
  }
  return settlePayout(ctx.db, { withdrawalId, facts, seenAt, now: ctx.now() });
}

// ---------------------------------------------------------------------------------------------
// What admins see

type JobRow = typeof payoutJobs.$inferSelect;

function toPayoutInfo(job: JobRow): PayoutInfo {
  return {
    provider: job.provider,
    job: job.status as PayoutJobStatus,
    status: job.providerStatus,
    payoutId: job.providerPayoutId,
    utr: job.utr,
    mode: job.mode,
    reason: job.statusReason,
    description: job.statusDescription,
    attempts: job.attempts,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    waitingForBalance: isWaitingForBalance(job),
  };
}

/** The provider holds it until the business account has the money (RazorpayX: queued, low_balance). */
function isWaitingForBalance(job: Pick<JobRow, 'status' | 'providerStatus' | 'statusReason'>): boolean {
  return job.status !== 'settled' && job.providerStatus === 'queued' && (job.statusReason === null || job.statusReason === 'low_balance');
}

/** Adds each withdrawal's payout (null when it was not paid through a provider), for the admin list. */
export async function withPayouts<T extends { id: string }>(db: DbOrTx, items: T[]): Promise<(T & { payout: PayoutInfo | null })[]> {
  if (items.length === 0) return [];
  const jobs = await db.select().from(payoutJobs).where(inArray(payoutJobs.withdrawalId, items.map((i) => i.id)));
  const byId = new Map(jobs.map((j) => [j.withdrawalId, toPayoutInfo(j)]));
  return items.map((item) => ({ ...item, payout: byId.get(item.id) ?? null }));
}

export async function readPayoutInfo(db: DbOrTx, withdrawalId: string): Promise<PayoutInfo> {
  const [job] = await db.select().from(payoutJobs).where(eq(payoutJobs.withdrawalId, withdrawalId)).limit(1);
  if (!job) throw notFound('Payout not found');
  return toPayoutInfo(job);
}

/** The Withdrawals tab's alert (payouts waiting for the bank balance) and the refused payouts, oldest first. */
export async function readPayoutOverview(ctx: AppContext): Promise<PayoutOverview> {
  const [waiting] = await queryRows<{ count: number; amount: string }>(
    ctx.db,
    sql`select count(*)::int as count, coalesce(sum(w.amount_paise), 0)::text as amount
        from payout_jobs j join withdrawals w on w.id = j.withdrawal_id
        where j.status = 'sent' and j.provider_status = 'queued' and (j.status_reason is null or j.status_reason = 'low_balance')`,
  );
  const failed = await queryRows<{
    withdrawal_id: string;
    user_id: string;
    username: string;
    amount: string;
    method: string;
    upi_id: string | null;
    account_number: string | null;
    attempts: number;
    last_error: string | null;
    created_at: string;
  }>(
    ctx.db,
    sql`select j.withdrawal_id::text, w.user_id::text, u.username, w.amount_paise::text as amount, w.method, w.upi_id, w.account_number,
          j.attempts, j.last_error, to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
        from payout_jobs j join withdrawals w on w.id = j.withdrawal_id join users u on u.id = w.user_id
        where j.status = 'failed' order by j.created_at, j.withdrawal_id limit 100`,
  );
  return {
    provider: ctx.payouts?.provider.name ?? null,
    waitingForBalance: { count: waiting?.count ?? 0, amount: formatPaise(BigInt(waiting?.amount ?? '0')) },
    failed: failed.map(
      (r): FailedPayout => ({
        withdrawalId: r.withdrawal_id,
        userId: r.user_id,
        username: r.username,
        amount: formatPaise(BigInt(r.amount)),
        method: r.method === 'upi' ? 'upi' : 'bank',
        destination: r.method === 'upi' ? `UPI ${r.upi_id ?? ''}` : `bank account ending ${(r.account_number ?? '').slice(-4)}`,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: r.created_at,
      }),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// An admin's actions on a refused payout

interface Admin {
  id: string;
  ip: string;
}

async function failedJob(ctx: AppContext, admin: Admin, withdrawalId: string): Promise<JobRow> {
  if (!isUuid(withdrawalId)) throw notFound('Payout not found');
  const [row] = await ctx.db
    .select({ job: payoutJobs, userId: withdrawals.userId })
    .from(payoutJobs)
    .innerJoin(withdrawals, eq(withdrawals.id, payoutJobs.withdrawalId))
    .where(eq(payoutJobs.withdrawalId, withdrawalId))
    .limit(1);
  if (!row) throw notFound('Payout not found');
  if (row.userId === admin.id) throw selfDealing('withdrawal');
  if (row.job.status !== 'failed') throw conflict('Only a payout the provider refused can be tried again or returned', 'PAYOUT_NOT_FAILED');
  return row.job;
}

/**
 * What the provider holds for this withdrawal that still counts: a processed payout first, else one
 * on its way; payouts that failed or came back do not. A provider that does not answer stops the action.
 */
async function livePayout(payouts: Payouts, withdrawalId: string): Promise<PayoutFacts | null> {
  let found: PayoutFacts[];
  try {
    found = await payouts.provider.findPayouts(withdrawalId);
  } catch (err) {
    if (err instanceof PayoutProviderError) throw providerUnavailable();
    throw err;
  }
  return found.find((p) => p.status === 'processed') ?? found.find((p) => !RETURNED_STATUSES.has(p.status)) ?? null;
}

async function audit(db: DbOrTx, admin: Admin, action: AuditAction, withdrawalId: string, details: Record<string, unknown>, now: Date): Promise<void> {
  await db.execute(
    sql`insert into audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
        values (rh_new_id(), ${admin.id}::uuid, ${action}, 'withdrawal', ${withdrawalId}, ${admin.ip}, ${JSON.stringify(details)}::jsonb, ${at(now)})`,
  );
}

/**
 * Tries a refused payout again, with a new idempotency key (the provider keeps its refusal under the
 * old one) and the request built afresh. If the provider does hold a payout for it after all, that
 * payout is taken up instead of making a second one.
 */
export async function retryPayout(ctx: AppContext, admin: Admin, withdrawalId: string): Promise<PayoutInfo> {
  const payouts = requirePayouts(ctx);
  const job = await failedJob(ctx, admin, withdrawalId);
  const now = ctx.now();
  const live = await livePayout(payouts, withdrawalId);
  if (live) {
    await settlePayout(ctx.db, { withdrawalId, facts: live, seenAt: now, now });
    await audit(ctx.db, admin, 'payout.retried', withdrawalId, { payoutId: live.payoutId, found: true }, now);
    return readPayoutInfo(ctx.db, withdrawalId);
  }
  const requeued = await ctx.db
    .update(payoutJobs)
    .set({ status: 'queued', idempotencyKey: newId(), request: null, attempts: 0, runAt: now, lastError: null, lockedUntil: null })
    .where(and(eq(payoutJobs.withdrawalId, withdrawalId), eq(payoutJobs.status, 'failed'), eq(payoutJobs.idempotencyKey, job.idempotencyKey)))
    .returning({ id: payoutJobs.withdrawalId });
  if (requeued.length === 0) throw conflict('Only a payout the provider refused can be tried again or returned', 'PAYOUT_NOT_FAILED');
  await audit(ctx.db, admin, 'payout.retried', withdrawalId, { previousError: job.lastError }, now);
  payouts.queue.kick();
  return readPayoutInfo(ctx.db, withdrawalId);
}

/**
 * Returns a refused payout's money to the person's wallet, with the reason they will read. Refused
 * (PAYOUT_AT_PROVIDER) when the provider holds a payout for this withdrawal after all: that payout is
 * taken up, and its result settles the withdrawal.
 */
export async function returnPayout(ctx: AppContext, admin: Admin, withdrawalId: string, reason: string, run: RunInTx = inTransaction(ctx.db)): Promise<PayoutInfo> {
  const payouts = requirePayouts(ctx);
  await failedJob(ctx, admin, withdrawalId);
  const now = ctx.now();
  const live = await livePayout(payouts, withdrawalId);
  if (live) {
    await settlePayout(ctx.db, { withdrawalId, facts: live, seenAt: now, now });
    throw conflict('The provider has a payout for this withdrawal after all: its result will settle it', 'PAYOUT_AT_PROVIDER');
  }
  // The money moves with the Idempotency-Key's answer, when the request carries one (decision 011).
  return runStatement(run, async (db) => {
    const outcome = await settleStatement(db, {
      withdrawalId,
      facts: { payoutId: null, status: 'not_sent', utr: null, mode: null, reason: null, description: reason },
      seenAt: now,
      now,
      actor: admin,
    });
    if (outcome !== 'refunded') throw conflict('Only a payout the provider refused can be tried again or returned', 'PAYOUT_NOT_FAILED');
    return readPayoutInfo(db, withdrawalId);
  });
}

// ---------------------------------------------------------------------------------------------
// The daily sweep

/**
 * Asks the provider about every payout still on its way an hour after it was sent: its final
 * webhook may never have come. A payout it cannot read now is asked about again tomorrow.
 */
export async function sweepPayouts(ctx: AppContext): Promise<{ asked: number; settled: number }> {
  if (!ctx.payouts) return { asked: 0, settled: 0 };
  const now = ctx.now();
  const open = await ctx.db
    .select({ withdrawalId: payoutJobs.withdrawalId, payoutId: payoutJobs.providerPayoutId })
    .from(payoutJobs)
    .where(
      and(
        eq(payoutJobs.status, 'sent'),
        eq(payoutJobs.provider, ctx.payouts.provider.name),
        sql`${payoutJobs.providerPayoutId} is not null and coalesce(${payoutJobs.sentAt}, ${payoutJobs.createdAt}) < ${at(new Date(now.getTime() - SWEEP_AFTER_MS))}`,
      ),
    )
    .orderBy(payoutJobs.createdAt)
    .limit(SWEEP_BATCH);
  let settled = 0;
  for (const job of open) {
    let facts: PayoutFacts;
    try {
      facts = await ctx.payouts.provider.fetchPayout(job.payoutId!);
    } catch {
      continue;
    }
    const outcome = await applyFacts(ctx, job.withdrawalId, facts, ctx.now());
    if (outcome === 'completed' || outcome === 'refunded') settled++;
  }
  return { asked: open.length, settled };
}
