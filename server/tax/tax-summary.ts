// A person's yearly summary of tax withheld at source, printed with their wallet statement (PDF
// and CSV): for each financial year the statement's period touches and in which tax was withheld,
// each quarter's amounts by section and whether the quarter's tax has been deposited. Like Form
// 16A, the certificate the business downloads from TRACES after filing the quarter, which this is not.
import { sql } from 'drizzle-orm';
import { financialYearLabel, quarterDays, taxPeriodOf } from '../../contract/tax.ts';
import type { AppContext } from '../context.ts';
import { queryRows } from '../db/rows.ts';

export interface TaxSummaryRow {
  quarter: number;
  /** "Apr-Jun 2026". */
  months: string;
  section: string;
  /** The rates applied in the quarter ("2", or "2, 20" when a PAN came mid-quarter). */
  rates: string;
  taxedOnPaise: bigint;
  taxPaise: bigint;
  /** Some of it was withheld without a PAN, at the higher rate. */
  withoutPan: boolean;
  /** Whether the quarter's tax (everyone's) has been deposited with the government. */
  deposit: 'deposited' | 'partly' | 'pending';
}

export interface TaxSummary {
  fy: number;
  label: string;
  rows: TaxSummaryRow[];
  taxedOnPaise: bigint;
  taxPaise: bigint;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function quarterMonths(fy: number, quarter: number): string {
  const { from, to } = quarterDays(fy, quarter);
  return `${MONTHS[Number(from.slice(5, 7)) - 1]}-${MONTHS[Number(to.slice(5, 7)) - 1]} ${to.slice(0, 4)}`;
}

/** The summaries of the financial years from `from`'s to `to`'s (days in India), those with any tax withheld. */
export async function readTaxSummaries(ctx: AppContext, userId: string, period: { from: string; to: string }): Promise<TaxSummary[]> {
  const first = taxPeriodOf(new Date(`${period.from}T00:00:00+05:30`)).fy;
  const last = taxPeriodOf(new Date(`${period.to}T00:00:00+05:30`)).fy;
  const rows = await queryRows<{ fy: number; quarter: number; section: string; rates: string; taxed_on: string; tax: string; without_pan: boolean; net: string; deposited: string }>(
    ctx.db,
    sql`select w.fy, w.quarter, w.section, string_agg(distinct (w.rate_bp / 100.0)::float8::text, ', ') as rates,
          sum(w.amount_paise)::text as taxed_on, sum(w.tax_paise)::text as tax, bool_or(w.pan_sealed is null) as without_pan,
          (select coalesce(sum(x.tax_paise), 0) from tax_withholdings x where x.fy = w.fy and x.quarter = w.quarter)::text as net,
          (select coalesce(sum(d.amount_paise), 0) from tax_deposits d where d.fy = w.fy and d.quarter = w.quarter)::text as deposited
        from tax_withholdings w
        where w.user_id = ${userId}::uuid and w.fy between ${first} and ${last}
        group by w.fy, w.quarter, w.section
        order by w.fy, w.quarter, w.section`,
  );
  const years = new Map<number, TaxSummary>();
  for (const r of rows) {
    const tax = BigInt(r.tax);
    const taxedOn = BigInt(r.taxed_on);
    if (tax === 0n && taxedOn === 0n) continue;
    const year = years.get(r.fy) ?? { fy: r.fy, label: financialYearLabel(r.fy), rows: [], taxedOnPaise: 0n, taxPaise: 0n };
    const net = BigInt(r.net);
    const deposited = BigInt(r.deposited);
    year.rows.push({
      quarter: r.quarter,
      months: quarterMonths(r.fy, r.quarter),
      section: r.section,
      rates: r.rates,
      taxedOnPaise: taxedOn,
      taxPaise: tax,
      withoutPan: r.without_pan,
      deposit: deposited >= net && net > 0n ? 'deposited' : deposited > 0n ? 'partly' : 'pending',
    });
    year.taxedOnPaise += taxedOn;
    year.taxPaise += tax;
    years.set(r.fy, year);
  }
  return [...years.values()];
}

/** The summaries with their heading (who deducted, against which PAN), or undefined when no tax was withheld in those years. */
export async function readStatementTax(
  ctx: AppContext,
  userId: string,
  period: { from: string; to: string },
  deductor: { name: string; tan: string | null },
): Promise<{ heading: { deductorName: string; tan: string | null; maskedPan: string | null }; years: TaxSummary[] } | undefined> {
  const years = await readTaxSummaries(ctx, userId, period);
  if (years.length === 0) return undefined;
  const [pan] = await queryRows<{ masked: string }>(ctx.db, sql`select masked from user_pans where user_id = ${userId}::uuid`);
  return { heading: { deductorName: deductor.name, tan: deductor.tan, maskedPan: pan?.masked ?? null }, years };
}
