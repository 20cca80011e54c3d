// List filters (type, status, date range) and the CSV export of exactly the rows on screen.
import { endOfDay, format, isAfter, isBefore, parseISO, startOfDay } from 'date-fns';
import type { Transaction } from '../../../contract/wallet.ts';
import { formatDate } from '../../lib/format.ts';
import { t, type MessageKey } from '../../i18n/t.ts';
import { translateServerText } from '../../i18n/server-text.ts';
import { STATUS_LABELS, TYPE_LABELS } from './labels.ts';

export { STATUS_LABELS, TYPE_LABELS };

export interface ListFilter {
  type: string;
  status: string;
  /** yyyy-MM-dd from a date input, or ''. */
  from: string;
  to: string;
}

export const EMPTY_FILTER: ListFilter = { type: 'all', status: 'all', from: '', to: '' };

export function activeFilterCount(f: ListFilter): number {
  return [f.type !== 'all', f.status !== 'all', Boolean(f.from), Boolean(f.to)].filter(Boolean).length;
}

export function applyFilter<T extends { createdAt: string; status: string; type?: string }>(rows: T[], f: ListFilter): T[] {
  const from = f.from ? startOfDay(parseISO(f.from)) : null;
  const to = f.to ? endOfDay(parseISO(f.to)) : null;
  return rows.filter((r) => {
    if (f.type !== 'all' && r.type !== f.type) return false;
    if (f.status !== 'all' && r.status !== f.status) return false;
    const at = parseISO(r.createdAt);
    if (from && isBefore(at, from)) return false;
    if (to && isAfter(at, to)) return false;
    return true;
  });
}

function csvCell(value: string): string {
  // Quote everything; a leading = + - @ is neutralised so spreadsheets do not run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** In the reader's language (called when exporting, not at render). */
export function transactionsCsv(rows: Transaction[]): string {
  return toCsv(
    [
      t('transactions.csv.date'),
      t('transactions.csv.type'),
      t('transactions.csv.description'),
      t('transactions.csv.direction'),
      t('transactions.csv.amount'),
      t('transactions.csv.status'),
      t('transactions.csv.balanceAfter'),
    ],
    rows.map((tx) => {
      const status = STATUS_LABELS[tx.status];
      return [
        formatDate(tx.createdAt),
        t(TYPE_LABELS[tx.type]),
        translateServerText(tx.description),
        tx.direction === 'credit' ? t('transactions.list.credit') : t('transactions.list.debit'),
        `${tx.direction === 'credit' ? '' : '-'}${tx.amount}`,
        status ? t(status) : tx.status,
        tx.balanceAfter ?? '',
      ];
    }),
  );
}

/** `${prefix}-yyyy-MM-dd.csv` */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${format(now, 'yyyy-MM-dd')}.csv`;
}
