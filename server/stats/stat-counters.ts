// Running totals for the admin Overview (stat_counters): bumped inside the transaction that changes
// what they count, read as the sum of their shards. A bump picks a random shard, so concurrent
// sign-ups, approvals and withdrawals rarely wait on the same counter row.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

export type StatCounter = 'users' | 'activated_users' | 'earnings_paise' | 'pending_withdrawals' | 'pending_payments';

const SHARDS = 16;

export type CounterDeltas = Partial<Record<StatCounter, bigint | number>>;

/** Adds the deltas to their counters in one statement, in the caller's transaction. */
export async function bumpCounters(db: DbOrTx, deltas: CounterDeltas): Promise<void> {
  const rows = Object.entries(deltas).filter(([, d]) => d !== undefined && BigInt(d) !== 0n);
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(([name, delta]) => sql`(${name}, ${Math.floor(Math.random() * SHARDS)}, ${String(delta)}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    insert into stat_counters (name, shard, value) values ${values}
    on conflict (name, shard) do update set value = stat_counters.value + excluded.value`);
}

/** The recount the counters must equal (ledger:check compares; the migration and bulk loads start from it). */
export const RECOUNT_QUERY = `
  select 'users' as name, count(*)::bigint as value from users
  union all select 'activated_users', count(*) filter (where is_activated) from users
  union all select 'earnings_paise', coalesce(sum(total_earnings_paise), 0)::bigint from users
  union all select 'pending_withdrawals', count(*) from withdrawals where status in ('pending', 'awaiting_second_approval')
  union all select 'pending_payments', count(*) from manual_payments where status = 'pending'`;
export const RECOUNT_SQL = sql.raw(RECOUNT_QUERY);

/** Replaces the counters with a recount, as SQL for any client (after rows were bulk-loaded around the app). */
export const REBUILD_COUNTERS_QUERY = `delete from stat_counters;
  insert into stat_counters (name, shard, value) select name, 0, value from (${RECOUNT_QUERY}) recount;`;
