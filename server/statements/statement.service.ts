// A user's wallet statement for a period of calendar days in India: the opening balance, every
// wallet line with its credit or debit and the balance after it, and the closing balance, read
// straight from the ledger. The lines are a contiguous run of the wallet's numbered lines (seq), from
// the first one made on or after the period's start to the last one made before its end, so
// closing = opening + credits - debits exactly, even for two movements racing at midnight.
import { sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import type { StatementQuery, WalletStatement } from '../../contract/ledger.ts';
import type { AppContext } from '../context.ts';
import { isoText, queryRows } from '../db/rows.ts';
import { badRequest } from '../errors.ts';
import { walletAccountId } from '../ledger/ledger.service.ts';

/** More lines than any month of real use: a longer history is asked for in shorter periods. */
export const STATEMENT_MAX_LINES = 10_000;

/** A calendar day's first moment in India (IST, UTC+05:30; no daylight saving). */
export const istDayStart = (day: string) => new Date(`${day}T00:00:00+05:30`);

export interface StatementData {
  from: string;
  to: string;
  openingPaise: bigint;
  closingPaise: bigint;
  creditsPaise: bigint;
  debitsPaise: bigint;
  lines: { at: Date; description: string; creditPaise: bigint; debitPaise: bigint; balanceAfterPaise: bigint; reference: string; tax?: LineTax }[];
}

/** Tax withheld at source in a line's entry (negative amounts: the tax of a reversed reward given back). */
export interface LineTax {
  grossPaise: bigint;
  taxPaise: bigint;
  section: string;
}

/** " (₹400.00 less ₹8.00 tax withheld at source, section 194H)": what a printed statement adds to a line's description. */
export function taxNote(tax: LineTax): string {
  const rupees = (p: bigint) => `₹${formatPaise(p < 0n ? -p : p)}`;
  return tax.taxPaise < 0n
    ? ` (${rupees(tax.taxPaise)} tax withheld at source reversed, section ${tax.section})`
    : ` (${rupees(tax.grossPaise)} less ${rupees(tax.taxPaise)} tax withheld at source, section ${tax.section})`;
}

export async function readStatement(ctx: AppContext, userId: string, period: StatementQuery): Promise<StatementData> {
  const wallet = walletAccountId(userId);
  const start = istDayStart(period.from).toISOString();
  const end = new Date(istDayStart(period.to).getTime() + 24 * 60 * 60 * 1000).toISOString();
  const [range] = await queryRows<{ first: number | null; last: number | null; before: number | null }>(
    ctx.db,
    sql`select
          (select min(seq) from ledger_lines where account_id = ${wallet}::uuid and seq is not null and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as first,
          (select max(seq) from ledger_lines where account_id = ${wallet}::uuid and seq is not null and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz) as last,
          (select max(seq) from ledger_lines where account_id = ${wallet}::uuid and seq is not null and created_at < ${start}::timestamptz) as before`,
  );
  const first = range?.first ?? null;
  const last = range?.last ?? null;
  if (first !== null && last !== null && last - first + 1 > STATEMENT_MAX_LINES) {
    throw badRequest(`This period has more than ${STATEMENT_MAX_LINES} lines. Choose a shorter period.`, 'VALIDATION_FAILED', { to: 'Choose a shorter period' });
  }
  // The balance just before the first line shown (or, with no line in the period, at its start).
  const openingSeq = first !== null ? first - 1 : (range?.before ?? 0);
  const rows = await queryRows<{
    seq: number;
    at: string;
    amount: string;
    balance_after: string;
    description: string;
    reference: string;
    tax: string | null;
    gross: string | null;
    section: string | null;
  }>(
    ctx.db,
    sql`select l.seq, ${isoText('l.created_at')} as at, l.amount_paise::text as amount,
          l.balance_after_paise::text as balance_after,
          rh_wallet_line_description(e.kind, e.description, w.method, w.upi_id, w.account_number, ru.username) as description,
          -- A withdrawal shows the transfer's reference once an admin or the payout provider gave one
          -- (until then a dash, never an internal code); other lines the entry's short reference.
          case when w.id is not null then coalesce(w.payout_reference, '—') else upper(right(replace(e.id::text, '-', ''), 10)) end as reference,
          t.tax_paise::text as tax, t.gross_paise::text as gross, t.section
        from ledger_lines l
        join ledger_entries e on e.id = l.entry_id
        left join withdrawals w on w.id = e.ref_id and e.kind in ('withdrawal_reserve', 'withdrawal_refund')
        left join referrals rf on rf.id = e.ref_id and e.kind in ('referral_reward', 'referral_reward_reversal')
        left join users ru on ru.id = rf.referred_id
        left join tax_withholdings t on t.entry_id = e.id
        where l.account_id = ${wallet}::uuid and l.seq is not null
          and l.seq >= ${Math.max(openingSeq, 1)} and l.seq <= ${last ?? openingSeq}
        order by l.seq`,
  );
  const opening = rows[0]?.seq === openingSeq ? BigInt(rows[0].balance_after) : 0n;
  const lines = rows.filter((r) => r.seq !== openingSeq).map((r) => {
    const amount = BigInt(r.amount);
    return {
      at: new Date(r.at),
      description: r.description,
      creditPaise: amount > 0n ? amount : 0n,
      debitPaise: amount < 0n ? -amount : 0n,
      balanceAfterPaise: BigInt(r.balance_after),
      reference: r.reference,
      ...(r.tax !== null && r.gross !== null && r.section !== null ? { tax: { grossPaise: BigInt(r.gross), taxPaise: BigInt(r.tax), section: r.section } } : {}),
    };
  });
  const creditsPaise = lines.reduce((sum, l) => sum + l.creditPaise, 0n);
  const debitsPaise = lines.reduce((sum, l) => sum + l.debitPaise, 0n);
  return {
    from: period.from,
    to: period.to,
    openingPaise: opening,
    closingPaise: lines.at(-1)?.balanceAfterPaise ?? opening,
    creditsPaise,
    debitsPaise,
    lines,
  };
}

export function toWalletStatement(data: StatementData): WalletStatement {
  return {
    from: data.from,
    to: data.to,
    openingBalance: formatPaise(data.openingPaise),
    closingBalance: formatPaise(data.closingPaise),
    totalCredits: formatPaise(data.creditsPaise),
    totalDebits: formatPaise(data.debitsPaise),
    lines: data.lines.map((l) => ({
      at: l.at.toISOString(),
      description: l.description,
      credit: formatPaise(l.creditPaise),
      debit: formatPaise(l.debitPaise),
      balanceAfter: formatPaise(l.balanceAfterPaise),
      reference: l.reference,
      ...(l.tax ? { tax: { gross: formatPaise(l.tax.grossPaise), amount: formatPaise(l.tax.taxPaise), section: l.tax.section } } : {}),
    })),
  };
}
