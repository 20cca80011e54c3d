// Housekeeping every process runs now and then: budget events past every window, idempotency
// answers past their 24 hours, SMS jobs sent a week ago (given up on: a month) and API request
// counts of past minutes are deleted, so no table grows without end. Idempotent and
// safe to run from several processes at once; a database outage only skips a round.
// Once a day (claimed in daily_jobs, so one process runs it however many there are): the sweep
// for gateway payments the webhooks missed, the one for payouts still processing an hour after they were sent, the check for referred accounts gone dormant, and a
// log line with the ledger chain's head, for the operator's log store to keep outside the database.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { at, queryRows } from '../db/rows.ts';
import { flagDormantReferrals } from '../fraud/risk-signals.ts';
import { ledgerHeadLine, readLedgerHead } from '../ledger/ledger-seal.ts';
import { sweepGatewayPayments } from '../gateway/gateway-payments.service.ts';
import { sweepPayouts } from '../payouts/payouts.service.ts';
import { pruneBudgetEvents } from '../throttle/budget.ts';
import { pruneIdempotencyKeys } from '../idempotency/idempotency.ts';
import { pruneSmsJobs } from '../sms/sms-queue.ts';
import { pruneApiRateCounters } from '../throttle/shared-rate-limit-store.ts';

/** Longer than the longest budget window (an hour), so no live budget loses an event. */
const BUDGET_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const INTERVAL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `info` receives lines worth keeping in the process log (the daily ledger head). */
export async function runMaintenance(ctx: AppContext, info: (line: string) => void = () => undefined): Promise<void> {
  const now = ctx.now();
  await pruneBudgetEvents(ctx.db, now, BUDGET_EVENT_RETENTION_MS);
  await pruneIdempotencyKeys(ctx.db, now);
  await pruneSmsJobs(ctx.db, now);
  await pruneApiRateCounters(ctx.db, now);
  if (await claimDailyRun(ctx, 'gateway_sweep', now)) await sweepGatewayPayments(ctx);
  if (ctx.payouts && (await claimDailyRun(ctx, 'payout_sweep', now))) await sweepPayouts(ctx);
  if (await claimDailyRun(ctx, 'dormant_referrals', now)) await flagDormantReferrals(ctx.db, now);
  if (await claimDailyRun(ctx, 'ledger_head', now)) {
    const head = await readLedgerHead(ctx.db);
    if (head) info(ledgerHeadLine(head, head.sealedAt));
  }
}

/** True for exactly one caller a day: the one whose conditional write moved the job's last run. */
export async function claimDailyRun(ctx: Pick<AppContext, 'db'>, name: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    ctx.db,
    sql`insert into daily_jobs (name, last_run_at) values (${name}, ${at(now)})
        on conflict (name) do update set last_run_at = excluded.last_run_at
        where daily_jobs.last_run_at <= ${at(new Date(now.getTime() - DAY_MS))}
        returning name`,
  );
  return rows.length > 0;
}

/** Runs maintenance every 10 minutes until stopped; failures are reported, never thrown. */
export function startMaintenance(ctx: AppContext, onError: (err: unknown) => void, info: (line: string) => void): () => void {
  const timer = setInterval(() => {
    runMaintenance(ctx, info).catch(onError);
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
