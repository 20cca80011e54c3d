// A wallet statement as CSV for a spreadsheet or an accountant: one row per line between an
// opening and a closing row, amounts as plain decimals (no grouping, so they stay numbers), dates
// and times in India (IST). English headings, like the app's other exports. A line that withheld
// tax at source says so in its description; after the closing row, the yearly tax summary (in
// words, so the amount columns still add up to the lines).
import { formatPaise } from '../../contract/money.ts';
import type { TaxSummary } from '../tax/tax-summary.ts';
import { taxNote, type StatementData } from './statement.service.ts';

/** Whose tax, withheld by whom: printed above the yearly summaries. */
export interface TaxSummaryHeading {
  deductorName: string;
  tan: string | null;
  maskedPan: string | null;
}

const DEPOSIT_WORDS = { deposited: 'deposited with the government', partly: 'partly deposited so far', pending: 'not deposited yet' } as const;

/** The summary's lines in words: a heading per year, a line per quarter and section, the year's total. */
export function taxSummaryLines(years: TaxSummary[], heading: TaxSummaryHeading): { quarter: string; text: string }[] {
  const rupees = (p: bigint) => `₹${formatPaise(p)}`;
  return years.flatMap((y) => [
    {
      quarter: `FY ${y.label}`,
      text:
        `Tax withheld at source, financial year ${y.label}: deducted by ${heading.deductorName}` +
        `${heading.tan ? ` (TAN ${heading.tan})` : ''}, PAN ${heading.maskedPan ?? 'not given'}. A summary, not Form 16A.`,
    },
    ...y.rows.map((r) => ({
      quarter: `Q${r.quarter} (${r.months})`,
      text:
        `Section ${r.section} at ${r.rates}%: ${rupees(r.taxPaise)} withheld on ${rupees(r.taxedOnPaise)}` +
        `${r.withoutPan ? ' (without a PAN, at the higher rate)' : ''}; ${DEPOSIT_WORDS[r.deposit]}`,
    })),
    { quarter: `FY ${y.label}`, text: `Total: ${rupees(y.taxPaise)} withheld on ${rupees(y.taxedOnPaise)}` },
  ]);
}

const IST_OFFSET_MS = 330 * 60_000;

/** 2026-11-05 14:03 in India. */
function istDateTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

export function csvCell(value: string): string {
  // Quoted; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function statementCsv(data: StatementData, tax?: { years: TaxSummary[]; heading: TaxSummaryHeading }): string {
  const rows: string[][] = [
    ['Date (IST)', 'Description', 'Reference', 'Credit (INR)', 'Debit (INR)', 'Balance (INR)'],
    [data.from, 'Opening balance', '', '', '', formatPaise(data.openingPaise)],
    ...data.lines.map((l) => [
      istDateTime(l.at),
      l.tax ? l.description + taxNote(l.tax) : l.description,
      l.reference,
      l.creditPaise > 0n ? formatPaise(l.creditPaise) : '',
      l.debitPaise > 0n ? formatPaise(l.debitPaise) : '',
      formatPaise(l.balanceAfterPaise),
    ]),
    // The period's totals go in words, not in the Credit and Debit columns, so a column's sum is the lines' sum.
    [data.to, `Closing balance (total credits ${formatPaise(data.creditsPaise)}, total debits ${formatPaise(data.debitsPaise)})`, '', '', '', formatPaise(data.closingPaise)],
    ...(tax && tax.years.length ? [['', '', '', '', '', ''], ...taxSummaryLines(tax.years, tax.heading).map((l) => [l.quarter, l.text, '', '', '', ''])] : []),
  ];
  return rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
