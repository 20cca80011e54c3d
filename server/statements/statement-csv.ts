// A wallet statement as CSV for a spreadsheet or an accountant: one row per line between an
// opening and a closing row, amounts as plain decimals (no grouping, so they stay numbers), dates
// and times in India (IST). English headings, like the app's other exports.
import { formatPaise } from '../../contract/money.ts';
import type { StatementData } from './statement.service.ts';

const IST_OFFSET_MS = 330 * 60_000;

/** 2026-11-05 14:03 in India. */
function istDateTime(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

function cell(value: string): string {
  // Quoted; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function statementCsv(data: StatementData): string {
  const rows: string[][] = [
    ['Date (IST)', 'Description', 'Reference', 'Credit (INR)', 'Debit (INR)', 'Balance (INR)'],
    [data.from, 'Opening balance', '', '', '', formatPaise(data.openingPaise)],
    ...data.lines.map((l) => [
      istDateTime(l.at),
      l.description,
      l.reference,
      l.creditPaise > 0n ? formatPaise(l.creditPaise) : '',
      l.debitPaise > 0n ? formatPaise(l.debitPaise) : '',
      formatPaise(l.balanceAfterPaise),
    ]),
    // The period's totals go in words, not in the Credit and Debit columns, so a column's sum is the lines' sum.
    [data.to, `Closing balance (total credits ${formatPaise(data.creditsPaise)}, total debits ${formatPaise(data.debitsPaise)})`, '', '', '', formatPaise(data.closingPaise)],
  ];
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
