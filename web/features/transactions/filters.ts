// List filters (type, status, date range) and the CSV export of exactly the rows on screen.
import { endOfDay, format, isAfter, isBefore, parseISO, startOfDay } from 'date-fns';
import type { Transaction } from '../../../contract/wallet.ts';
import { formatDate } from '../../lib/format.ts';

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

export const TYPE_LABELS: Record<Transaction['type'], string> = {
  referral: 'Referral',
  referral_bonus: 'Referral Bonus',
  spin: 'Spin',
  spin_reward: 'Spin Reward',
  withdrawal: 'Withdrawal',
  refund: 'Refund',
  deposit: 'Deposit',
  payment: 'Payment',
};

/** The spec's user words for a state, the same on every screen. */
export const STATUS_LABELS: Record<string, string> = {
  completed: 'Completed',
  pending: 'Pending',
  rejected: 'Rejected',
};

function csvCell(value: string): string {
  // Quote everything; a leading = + - @ is neutralised so spreadsheets do not run it as a formula.
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function transactionsCsv(rows: Transaction[]): string {
  return toCsv(
    ['Date', 'Type', 'Description', 'Direction', 'Amount (INR)', 'Status', 'Balance after (INR)'],
    rows.map((t) => [
      formatDate(t.createdAt),
      TYPE_LABELS[t.type],
      t.description,
      t.direction === 'credit' ? 'Credit' : 'Debit',
      `${t.direction === 'credit' ? '' : '-'}${t.amount}`,
      STATUS_LABELS[t.status] ?? t.status,
      t.balanceAfter ?? '',
    ]),
  );
}

/** `${prefix}-yyyy-MM-dd.csv` */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${format(now, 'yyyy-MM-dd')}.csv`;
}
