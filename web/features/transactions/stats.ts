// Totals of a transaction list, summed in paise so rupee strings never go through floating point.
// Every row is a real movement of the wallet (a rejected withdrawal is its debit and its refund),
// so for any run of rows: opening balance + credits - debits = closing balance.
import { formatPaise, parseRupees } from '../../../contract/rupees.ts';
import type { Transaction } from '../../../contract/wallet.ts';

export interface TransactionStats {
  credits: string;
  debits: string;
  /** Withdrawals paid out (completed). */
  withdrawn: string;
  pending: number;
  count: number;
  /** The balance before the oldest row and after the newest one (null when the rows do not say). */
  opening: string | null;
  closing: string | null;
}

const paise = (money: string | undefined) => (money === undefined ? null : parseRupees(money));

/** `rows` newest first, as the API gives them. */
export function transactionStats(rows: Transaction[]): TransactionStats {
  let credits = 0n;
  let debits = 0n;
  let withdrawn = 0n;
  let pending = 0;
  for (const t of rows) {
    const amount = parseRupees(t.amount) ?? 0n;
    if (t.status === 'pending') pending += 1;
    if (t.direction === 'credit') credits += amount;
    else debits += amount;
    if (t.type === 'withdrawal' && t.status === 'completed') withdrawn += amount;
  }
  const newest = rows[0];
  const oldest = rows.at(-1);
  const closing = paise(newest?.balanceAfter);
  const oldestAfter = paise(oldest?.balanceAfter);
  const oldestAmount = oldest ? (parseRupees(oldest.amount) ?? 0n) : 0n;
  const opening = oldest && oldestAfter !== null ? oldestAfter - (oldest.direction === 'credit' ? oldestAmount : -oldestAmount) : rows.length === 0 ? 0n : null;
  return {
    credits: formatPaise(credits),
    debits: formatPaise(debits),
    withdrawn: formatPaise(withdrawn),
    pending,
    count: rows.length,
    opening: opening === null ? null : formatPaise(opening),
    closing: closing === null ? (rows.length === 0 ? formatPaise(0n) : null) : formatPaise(closing),
  };
}
