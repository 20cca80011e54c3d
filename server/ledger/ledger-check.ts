// The ledger invariants of DESIGN.md section 4, as queries, and the sealed chain recomputed. Used by
// `npm run ledger:check` and at the end of every money test. Each returns the offending rows; an
// empty list means it holds.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { RECOUNT_SQL } from '../stats/stat-counters.ts';
import { UNSEALED_GRACE_MS, verifyLedgerChain, type ChainHead } from './ledger-seal.ts';

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

/**
 * `secretsKey` opens the seal key the chain's keyed blocks are verified with; `head`, a chain head an
 * operator recorded earlier (`npm run ledger:head`), must still be part of the chain.
 */
export async function checkLedgerInvariants(db: Db, secretsKey: Buffer, opts: { head?: ChainHead } = {}): Promise<InvariantResult[]> {
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'every entry sums to zero',
      sql`select e.id::text, e.kind, sum(l.amount_paise)::text as sum from ledger_entries e
          left join ledger_lines l on l.entry_id = e.id group by e.id, e.kind
          having coalesce(sum(l.amount_paise), 0) <> 0 or count(l.id) < 2`,
    ],
    [
      'every line belongs to an entry and an account',
      sql`select l.id::text from ledger_lines l
          where not exists (select 1 from ledger_entries e where e.id = l.entry_id) or not exists (select 1 from ledger_accounts a where a.id = l.account_id)`,
    ],
    [
      'every cached balance (wallets and debts) equals the sum of its lines',
      sql`select a.id::text, a.kind, a.balance_paise::text as cached, coalesce(sum(l.amount_paise), 0)::text as lines
          from ledger_accounts a left join ledger_lines l on l.account_id = a.id
          where a.kind <> 'platform' group by a.id, a.kind, a.balance_paise
          having a.balance_paise <> coalesce(sum(l.amount_paise), 0)`,
    ],
    [
      'no wallet or held account is negative and no debt above zero',
      sql`select id::text, kind, balance_paise::text from ledger_accounts
          where (kind in ('wallet', 'held') and balance_paise < 0) or (kind = 'debt' and balance_paise > 0)`,
    ],
    [
      'every wallet and debt line is numbered in turn and its balance after is the one before plus its amount',
      sql`select account_id::text, seq, balance_after::text, expected::text from (
            select l.account_id, l.seq, l.balance_after_paise as balance_after,
              coalesce(lag(l.balance_after_paise) over w, 0) + l.amount_paise as expected,
              coalesce(lag(l.seq) over w, 0) + 1 as expected_seq
            from ledger_lines l join ledger_accounts a on a.id = l.account_id and a.kind <> 'platform'
            window w as (partition by l.account_id order by l.seq)) x
          where seq is null or seq <> expected_seq or balance_after is distinct from expected`,
    ],
    [
      "every wallet's and debt's last line shows its balance and its line count",
      sql`select a.id::text, a.balance_paise::text, a.line_count, last.seq, last.balance_after_paise::text as last_balance
          from ledger_accounts a
          left join lateral (select seq, balance_after_paise from ledger_lines where account_id = a.id and seq is not null order by seq desc limit 1) last on true
          where a.kind <> 'platform' and (a.line_count <> coalesce(last.seq, 0) or a.balance_paise <> coalesce(last.balance_after_paise, 0))`,
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
      'every reversed referral has exactly one reward reversal, naming its reward',
      sql`select r.id::text as referral, count(x.id)::int as reversals from referrals r
          full outer join (select x.id, x.ref_id from ledger_entries x join ledger_entries o on o.id = x.reverses_entry_id
                           where x.kind = 'referral_reward_reversal' and o.kind = 'referral_reward' and o.ref_id = x.ref_id) x on x.ref_id = r.id
          group by r.id, r.reversed_at
          having (r.reversed_at is not null and count(x.id) <> 1) or (r.reversed_at is null and count(x.id) <> 0)`,
    ],
    [
      'every correction names an entry of the kind it corrects, and nothing else names one',
      sql`select x.id::text, x.kind, o.kind as reverses from ledger_entries x left join ledger_entries o on o.id = x.reverses_entry_id
          where (x.kind in ('activation_fee_reversal', 'referral_reward_reversal')) <> (x.reverses_entry_id is not null)
             or (x.kind = 'activation_fee_reversal' and o.kind is distinct from 'activation_fee')
             or (x.kind = 'referral_reward_reversal' and o.kind is distinct from 'referral_reward')`,
    ],
    [
      'every reversed payment has its fee reversed, and only those',
      sql`select m.id::text, m.status, count(x.id)::int as fee_reversals from manual_payments m
          left join ledger_entries x on x.kind = 'activation_fee_reversal' and x.ref_id = m.id
          group by m.id, m.status having (m.status = 'reversed') <> (count(x.id) = 1) or count(x.id) > 1`,
    ],
    [
      'every approved or reversed payment has one fee entry, taken from the account of how it was paid',
      sql`select m.id::text, m.method, m.status, count(e.id)::int as fees, min(l.account_id::text) as from_account from manual_payments m
          left join ledger_entries e on e.kind = 'activation_fee' and e.ref_id = m.id
          left join ledger_lines l on l.entry_id = e.id and l.amount_paise < 0
          group by m.id, m.method, m.status
          having (m.status in ('approved', 'reversed')) <> (count(e.id) = 1)
              or (count(e.id) = 1 and min(l.account_id::text) <> case m.method when 'gateway' then '00000000-0000-7000-8000-000000000008'
                                                                   else '00000000-0000-7000-8000-000000000001' end)`,
    ],
    [
      'a held account moves only rewards and prizes in, and releases, forfeits and clawbacks out',
      sql`select l.id::text, e.kind, l.amount_paise::text from ledger_lines l join ledger_accounts a on a.id = l.account_id and a.kind = 'held'
          join ledger_entries e on e.id = l.entry_id
          where (l.amount_paise > 0 and e.kind not in ('referral_reward', 'spin_prize'))
             or (l.amount_paise < 0 and e.kind not in ('hold_release', 'hold_forfeit', 'referral_reward_reversal'))`,
    ],
    [
      'successful referrals equal rewarded referrals not reversed',
      sql`select u.id::text, u.successful_referrals, count(r.id)::int as rewarded from users u
          left join referrals r on r.referrer_id = u.id and r.rewarded_at is not null and r.reversed_at is null
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
          (select coalesce(sum(amount_paise), 0) as total from withdrawals where status in ('pending', 'awaiting_second_approval', 'paying')) w
          where p.total <> w.total`,
    ],
    [
      'tax withheld at source: each withholding is its entry\'s tds_payable line, and no tds_payable line lacks one',
      sql`select e.id::text as entry, e.kind, l.amount_paise::text as line, w.tax_paise::text as withheld from ledger_entries e
          left join ledger_lines l on l.entry_id = e.id and l.account_id = '00000000-0000-7000-8000-000000000010'
          left join tax_withholdings w on w.entry_id = e.id
          where e.kind <> 'tax_deposit' and (l.id is not null or w.id is not null) and l.amount_paise is distinct from w.tax_paise`,
    ],
    [
      'tax withheld at source: deposits equal tds_deposited, each its entry out of tds_payable, and no quarter deposits more than it withheld',
      sql`select 'deposit' as what, d.id::text, d.amount_paise::text as amount, p.amount_paise::text as payable_line, q.amount_paise::text as deposited_line
          from tax_deposits d
          left join ledger_lines p on p.entry_id = d.entry_id and p.account_id = '00000000-0000-7000-8000-000000000010'
          left join ledger_lines q on q.entry_id = d.entry_id and q.account_id = '00000000-0000-7000-8000-000000000011'
          where p.amount_paise is distinct from -d.amount_paise or q.amount_paise is distinct from d.amount_paise
          union all
          select 'entry', e.id::text, null, null, null from ledger_entries e
          where e.kind = 'tax_deposit' and not exists (select 1 from tax_deposits d where d.entry_id = e.id)
          union all
          select 'quarter', d.fy || ' Q' || d.quarter, sum(d.amount_paise)::text,
            (select coalesce(sum(w.tax_paise), 0)::text from tax_withholdings w where w.fy = d.fy and w.quarter = d.quarter), null
          from tax_deposits d group by d.fy, d.quarter
          having sum(d.amount_paise) > (select coalesce(sum(w.tax_paise), 0) from tax_withholdings w where w.fy = d.fy and w.quarter = d.quarter)`,
    ],
    [
      'tax withheld at source: a reversal undoes its withholding once, and each tax year equals its rewards',
      sql`select 'reversal' as what, x.id::text, x.tax_paise::text as tax, o.tax_paise::text as reverses from tax_withholdings x
          left join tax_withholdings o on o.id = x.reverses_id
          where x.reverses_id is not null and (o.id is null or o.reverses_id is not null or x.tax_paise <> -o.tax_paise or x.user_id <> o.user_id)
          union all
          select 'year', coalesce(y.user_id, r.referrer_id)::text || ' ' || coalesce(y.fy, r.fy), y.referral_credited_paise::text, r.total::text from tax_years y
          full outer join (select rf.referrer_id, (rh_tax_period(rf.rewarded_at)).fy as fy, sum(rf.reward_paise) as total from referrals rf
                     where rf.rewarded_at is not null and rf.reversed_at is null group by 1, 2) r on r.referrer_id = y.user_id and r.fy = y.fy
          where coalesce(y.referral_credited_paise, 0) <> coalesce(r.total, 0)`,
    ],
  ];
  const results: InvariantResult[] = [];
  for (const [name, query] of checks) {
    const violations = await rows(db, query);
    results.push({ name, ok: violations.length === 0, violations });
  }
  const chain = await verifyLedgerChain(db, secretsKey, opts);
  results.push({ name: 'the sealed chain of entries is unbroken', ok: chain.broken === null, violations: chain.broken ? [chain.broken] : [] });
  results.push({
    name: `no entry is left unsealed for more than ${UNSEALED_GRACE_MS / 60_000} minutes`,
    ok: chain.staleUnsealedEntries === 0,
    violations: chain.staleUnsealedEntries === 0 ? [] : [{ unsealedEntries: chain.staleUnsealedEntries }],
  });
  return results;
}
