// The ledger invariants of DESIGN.md section 4, as queries. Used by `npm run ledger:check` and at
// the end of every money test. Each returns the offending rows; an empty list means it holds.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { RECOUNT_SQL } from '../stats/stat-counters.ts';

export interface InvariantResult {
  name: string;
  ok: boolean;
  violations: unknown[];
}

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = await db.execute(query);
  // node-postgres answers {rows}, PGlite answers {rows} as well; both are arrays of plain objects.
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

export async function checkLedgerInvariants(db: Db): Promise<InvariantResult[]> {
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'every entry sums to zero',
      sql`select e.id::text, e.kind, sum(l.amount_paise)::text as sum from ledger_entries e
          left join ledger_lines l on l.entry_id = e.id group by e.id, e.kind
          having coalesce(sum(l.amount_paise), 0) <> 0 or count(l.id) < 2`,
    ],
    [
      'every cached wallet balance equals the sum of its lines',
      sql`select a.id::text, a.balance_paise::text as cached, coalesce(sum(l.amount_paise), 0)::text as lines
          from ledger_accounts a left join ledger_lines l on l.account_id = a.id
          where a.kind = 'wallet' group by a.id, a.balance_paise
          having a.balance_paise <> coalesce(sum(l.amount_paise), 0)`,
    ],
    ['no wallet is negative', sql`select id::text, balance_paise::text from ledger_accounts where kind = 'wallet' and balance_paise < 0`],
    [
      'every wallet line is numbered in turn and its balance after is the one before plus its amount',
      sql`select account_id::text, seq, balance_after::text, expected::text from (
            select l.account_id, l.seq, l.balance_after_paise as balance_after,
              coalesce(lag(l.balance_after_paise) over w, 0) + l.amount_paise as expected,
              coalesce(lag(l.seq) over w, 0) + 1 as expected_seq
            from ledger_lines l join ledger_accounts a on a.id = l.account_id and a.kind = 'wallet'
            window w as (partition by l.account_id order by l.seq)) x
          where seq is null or seq <> expected_seq or balance_after is distinct from expected`,
    ],
    [
      "every wallet's last line shows its balance and its line count",
      sql`select a.id::text, a.balance_paise::text, a.line_count, last.seq, last.balance_after_paise::text as last_balance
          from ledger_accounts a
          left join lateral (select seq, balance_after_paise from ledger_lines where account_id = a.id and seq is not null order by seq desc limit 1) last on true
          where a.kind = 'wallet' and (a.line_count <> coalesce(last.seq, 0) or a.balance_paise <> coalesce(last.balance_after_paise, 0))`,
    ],
    [
      'each referred user is rewarded at most once',
      sql`select ref_id::text, count(*)::int as n from ledger_entries where kind = 'referral_reward' group by ref_id having count(*) > 1`,
    ],
    [
      'every rewarded referral has exactly one reward entry, and no reward lacks its referral',
      sql`select r.id::text as referral, count(e.id)::int as entries from referrals r
          full outer join (select id, ref_id from ledger_entries where kind = 'referral_reward') e on e.ref_id = r.id
          group by r.id, r.rewarded_at
          having (r.rewarded_at is not null and count(e.id) <> 1) or (r.rewarded_at is null and count(e.id) <> 0)`,
    ],
    [
      'successful referrals equal rewarded referrals',
      sql`select u.id::text, u.successful_referrals, count(r.id)::int as rewarded from users u
          left join referrals r on r.referrer_id = u.id and r.rewarded_at is not null
          group by u.id, u.successful_referrals having u.successful_referrals <> count(r.id)`,
    ],
    [
      'spins granted = referrals that granted a spin',
      sql`select u.id::text, u.spins_granted, count(r.id)::int as granting from users u
          left join referrals r on r.referrer_id = u.id and r.grants_spin
          group by u.id, u.spins_granted having u.spins_granted <> count(r.id)`,
    ],
    [
      'only rewarded referrals grant spins',
      sql`select id::text from referrals where grants_spin and rewarded_at is null`,
    ],
    [
      'spins used = spins drawn, and never more than granted',
      sql`select u.id::text, u.spins_used, count(s.id)::int as drawn from users u left join spins s on s.user_id = u.id
          group by u.id, u.spins_used, u.spins_granted having u.spins_used <> count(s.id) or u.spins_used > u.spins_granted`,
    ],
    [
      "the Overview's running totals equal a recount",
      sql`select r.name, r.value::text as recount, coalesce(c.total, 0)::text as counters
          from (${RECOUNT_SQL}) r left join (select name, sum(value) as total from stat_counters group by name) c on c.name = r.name
          where r.value <> coalesce(c.total, 0)`,
    ],
    [
      'pending payouts equal the pending withdrawals',
      sql`select p.total::text as ledger, w.total::text as withdrawals from
          (select coalesce(sum(amount_paise), 0) as total from ledger_lines where account_id = '00000000-0000-7000-8000-000000000005') p,
          (select coalesce(sum(amount_paise), 0) as total from withdrawals where status = 'pending') w
          where p.total <> w.total`,
    ],
  ];
  const results: InvariantResult[] = [];
  for (const [name, query] of checks) {
    const violations = await rows(db, query);
    results.push({ name, ok: violations.length === 0, violations });
  }
  return results;
}
