// The admin's side of tax withheld at source (Super Admin: the role guard refuses reviewers): a
// quarter's totals by section, its deposits and what it still owes; the quarter's rows as CSV in
// the order of Form 26Q's deductee details (PAN, name, section, date of credit, amount credited,
// rate, tax withheld); and recording a deposit from its challan (rh_deposit_tax), which moves the
// amount from tds_payable to tds_deposited. A reversal in the quarter is a row of its own with
// negative amounts, so the rows add up to what tds_payable received in the quarter.
import { sql } from 'drizzle-orm';
import { dayInIndia } from '../../contract/calendar.ts';
import { formatPaise } from '../../contract/money.ts';
import { quarterDays, taxPeriodOf, type TaxQuarterQuery, type TaxQuarterSummary, type CreateTaxDepositSchema } from '../../contract/tax.ts';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import { isoText, queryRows } from '../db/rows.ts';
import { conflict } from '../errors.ts';
import { PLATFORM_ACCOUNTS } from '../ledger/ledger.service.ts';
import { getAppSettings } from '../settings/settings.service.ts';
import { csvCell } from '../statements/statement-csv.ts';
import { deducteeCode, openPan } from './pan.ts';

type DepositInput = z.output<typeof CreateTaxDepositSchema>;

export const PAN_NOT_AVAILABLE = 'PANNOTAVBL';

export async function readQuarterSummary(ctx: AppContext, q: TaxQuarterQuery): Promise<TaxQuarterSummary> {
  const settings = await getAppSettings(ctx.db);
  const sections = await queryRows<{ section: string; rows: number; amount: string; tax: string; without_pan: number }>(
    ctx.db,
    sql`select section, count(*)::int as rows, sum(amount_paise)::text as amount, sum(tax_paise)::text as tax,
          count(*) filter (where pan_sealed is null)::int as without_pan
        from tax_withholdings where fy = ${q.fy} and quarter = ${q.quarter} group by section order by section`,
  );
  const [totals] = await queryRows<{ withheld: string; reversed: string; deposited: string; payable: string; paid_in: string }>(
    ctx.db,
    sql`select
          (select coalesce(sum(tax_paise) filter (where tax_paise > 0), 0)::text from tax_withholdings where fy = ${q.fy} and quarter = ${q.quarter}) as withheld,
          (select coalesce(-sum(tax_paise) filter (where tax_paise < 0), 0)::text from tax_withholdings where fy = ${q.fy} and quarter = ${q.quarter}) as reversed,
          (select coalesce(sum(amount_paise), 0)::text from tax_deposits where fy = ${q.fy} and quarter = ${q.quarter}) as deposited,
          (select coalesce(sum(amount_paise), 0)::text from ledger_lines where account_id = ${PLATFORM_ACCOUNTS.tds_payable}::uuid) as payable,
          (select coalesce(sum(amount_paise), 0)::text from ledger_lines where account_id = ${PLATFORM_ACCOUNTS.tds_deposited}::uuid) as paid_in`,
  );
  const deposits = await queryRows<{ id: string; amount: string; bsr_code: string; challan_serial: string; deposited_on: string; username: string | null; at: string }>(
    ctx.db,
    sql`select d.id::text, d.amount_paise::text as amount, d.bsr_code, d.challan_serial, d.deposited_on, u.username, ${isoText('d.created_at')} as at
        from tax_deposits d left join users u on u.id = d.recorded_by_id
        where d.fy = ${q.fy} and d.quarter = ${q.quarter} order by d.created_at, d.id`,
  );
  const years = await queryRows<{ fy: number }>(
    ctx.db,
    sql`select distinct fy from (select fy from tax_withholdings union select fy from tax_deposits) y order by fy desc`,
  );
  const withheld = BigInt(totals?.withheld ?? '0');
  const reversed = BigInt(totals?.reversed ?? '0');
  const deposited = BigInt(totals?.deposited ?? '0');
  const current = taxPeriodOf(ctx.now()).fy;
  return {
    fy: q.fy,
    quarter: q.quarter,
    ...quarterDays(q.fy, q.quarter),
    enabled: settings.tdsEnabled,
    sections: sections.map((s) => ({
      section: s.section,
      rows: s.rows,
      amount: formatPaise(BigInt(s.amount)),
      tax: formatPaise(BigInt(s.tax)),
      withoutPan: s.without_pan,
    })),
    withheld: formatPaise(withheld),
    reversed: formatPaise(reversed),
    net: formatPaise(withheld - reversed),
    deposited: formatPaise(deposited),
    outstanding: formatPaise(withheld - reversed - deposited),
    deposits: deposits.map((d) => ({
      id: d.id,
      amount: formatPaise(BigInt(d.amount)),
      bsrCode: d.bsr_code,
      challanSerial: d.challan_serial,
      depositedOn: d.deposited_on,
      recordedBy: d.username,
      at: d.at,
    })),
    ledger: { tdsPayable: formatPaise(BigInt(totals?.payable ?? '0')), tdsDeposited: formatPaise(BigInt(totals?.paid_in ?? '0')) },
    years: [...new Set([current, ...years.map((y) => y.fy)])].sort((a, b) => b - a),
  };
}

/** dd/mm/yyyy in India, as Form 26Q writes dates. */
function istDate(at: Date): string {
  const [year, month, day] = dayInIndia(at).split('-');
  return `${day}/${month}/${year}`;
}

/** The entry's short reference, as the wallet statement prints it. */
const reference = (entryId: string) => entryId.replace(/-/g, '').slice(-10).toUpperCase();

export const TAX_REPORT_HEADER = [
  'PAN of deductee',
  'Name of deductee',
  'Section',
  'Date of payment/credit',
  'Amount paid/credited (INR)',
  'Rate (%)',
  'Tax deducted (INR)',
  'Deductee code',
  'Reason code',
  'Reference',
  'Note',
] as const;

/**
 * The quarter's rows, oldest first, in Form 26Q's order; then our own columns: the deductee code
 * (01 company, 02 other), the reason code C (a higher rate for want of a PAN), the entry's reference
 * and, for a reversal, the withholding it reverses.
 */
export async function quarterReportCsv(ctx: AppContext, q: TaxQuarterQuery): Promise<string> {
  const rows = await queryRows<{
    user_id: string;
    entry_id: string;
    section: string;
    rate_bp: number;
    amount: string;
    tax: string;
    pan_sealed: string | null;
    at: string;
    username: string;
    reverses_entry: string | null;
    reverses_at: string | null;
  }>(
    ctx.db,
    sql`select w.user_id::text, w.entry_id::text, w.section, w.rate_bp, w.amount_paise::text as amount, w.tax_paise::text as tax, w.pan_sealed,
          ${isoText('w.created_at')} as at, u.username, o.entry_id::text as reverses_entry, ${isoText('o.created_at')} as reverses_at
        from tax_withholdings w
        join users u on u.id = w.user_id
        left join tax_withholdings o on o.id = w.reverses_id
        where w.fy = ${q.fy} and w.quarter = ${q.quarter}
        order by w.created_at, w.id`,
  );
  const lines: string[][] = [[...TAX_REPORT_HEADER]];
  for (const r of rows) {
    const pan = r.pan_sealed ? openPan(ctx.secretsKey, r.user_id, r.pan_sealed) : null;
    lines.push([
      pan?.pan ?? PAN_NOT_AVAILABLE,
      pan?.name ?? r.username,
      r.section,
      istDate(new Date(r.at)),
      formatPaise(BigInt(r.amount)),
      (r.rate_bp / 100).toFixed(2),
      formatPaise(BigInt(r.tax)),
      deducteeCode(pan?.pan ?? null),
      pan ? '' : 'C',
      reference(r.entry_id),
      r.reverses_entry && r.reverses_at ? `Reverses the deduction of ${istDate(new Date(r.reverses_at))} (${reference(r.reverses_entry)})` : '',
    ]);
  }
  return lines.map((l) => l.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export async function recordTaxDeposit(ctx: AppContext, admin: { id: string; ip: string | null }, input: DepositInput): Promise<TaxQuarterSummary> {
  const [row] = await queryRows<{ outcome: string; outstanding_paise: string | number | null }>(
    ctx.db,
    sql`select * from rh_deposit_tax(${newId()}::uuid, ${input.fy}::int, ${input.quarter}::int, ${String(input.amount)}::bigint, ${input.bsrCode},
          ${input.challanSerial}, ${input.depositedOn}, ${admin.id}::uuid, ${admin.ip}, ${ctx.now().toISOString()}::timestamptz)`,
  );
  if (row?.outcome === 'duplicate') throw conflict('This challan is recorded already', 'CONFLICT');
  if (row?.outcome === 'too_much') {
    throw conflict(`This is more than the ₹${formatPaise(BigInt(row.outstanding_paise ?? 0))} the quarter has left to deposit`, 'CONFLICT');
  }
  return readQuarterSummary(ctx, { fy: input.fy, quarter: input.quarter });
}
