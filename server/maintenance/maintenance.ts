// Housekeeping every process runs now and then: budget events past every window and idempotency
// answers past their 24 hours and SMS jobs sent a week ago (given up on: a month) are deleted, so
// no table grows without end. Idempotent and
// safe to run from several processes at once; a database outage only skips a round.
import type { AppContext } from '../context.ts';
import { pruneBudgetEvents } from '../throttle/budget.ts';
import { pruneIdempotencyKeys } from '../idempotency/idempotency.ts';
import { pruneSmsJobs } from '../sms/sms-queue.ts';

/** Longer than the longest budget window (an hour), so no live budget loses an event. */
const BUDGET_EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const INTERVAL_MS = 10 * 60 * 1000;

export async function runMaintenance(ctx: Pick<AppContext, 'db' | 'now'>): Promise<void> {
  const now = ctx.now();
  await pruneBudgetEvents(ctx.db, now, BUDGET_EVENT_RETENTION_MS);
  await pruneIdempotencyKeys(ctx.db, now);
  await pruneSmsJobs(ctx.db, now);
}

/** Runs maintenance every 10 minutes until stopped; failures are reported, never thrown. */
export function startMaintenance(ctx: Pick<AppContext, 'db' | 'now'>, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    runMaintenance(ctx).catch(onError);
  }, INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
