// The one way what a provider says about a payout reaches the database: rh_settle_payout
// (server/db/functions/rh_settle_payout.sql) moves the money at most once and keeps the job's record
// of the provider's state. Used by the queue (the create call's answer), the webhook, the daily sweep
// and the admin's actions.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { at, queryRows } from '../db/rows.ts';
import { retryOnConflict } from '../idempotency/idempotency.ts';
import type { PayoutFacts } from './payout-provider.ts';

export type SettleOutcome = 'completed' | 'refunded' | 'updated' | 'unchanged' | 'unmatched' | 'other_payout' | 'not_failed' | 'paid_after_refund';

export interface SettleInput {
  withdrawalId: string;
  /** What the provider said; for an admin returning a refused payout's money, status `not_sent` and no payout. */
  facts: Pick<PayoutFacts, 'status' | 'utr' | 'mode' | 'reason' | 'description'> & { payoutId: string | null };
  /** When the provider said it (a webhook's event time; now for an answer to our call). */
  seenAt: Date;
  now: Date;
  actor?: { id: string; ip: string };
}

/** One call of rh_settle_payout, in the caller's transaction when given one. */
export async function settleStatement(db: DbOrTx, input: SettleInput): Promise<SettleOutcome> {
  const { facts } = input;
  const [row] = await queryRows<{ outcome: SettleOutcome }>(
    db,
    sql`select outcome from rh_settle_payout(${input.withdrawalId}::uuid, ${facts.payoutId}, ${facts.status}, ${facts.utr}, ${facts.mode},
          ${facts.reason}, ${facts.description}, ${at(input.seenAt)}, ${at(input.now)}, ${input.actor?.id ?? null}::uuid, ${input.actor?.ip ?? null})`,
  );
  return row?.outcome ?? 'unmatched';
}

/** The call on its own: a webhook racing the worker's record of the same payout may deadlock with it, and is tried again. */
export async function settlePayout(db: Db, input: SettleInput): Promise<SettleOutcome> {
  return retryOnConflict(() => settleStatement(db, input));
}
