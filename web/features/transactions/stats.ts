// Totals of a transaction list, summed in paise so rupee strings never go through floating point.
import { formatPaise, parseRupees } from '../../../contract/money.ts';
import type { Transaction } from '../../../contract/wallet.ts';

export interface TransactionStats {
  credits: string;
  debits: string;
  withdrawn: string;
  pending: number;
  count: number;
}

export function transactionStats(rows: Transaction[]): TransactionStats {
  let credits = 0n;
  let debits = 0n;
  let withdrawn = 0n;
  let pending = 0;
  for (const t of rows) {
    const paise = parseRupees(t.amount) ?? 0n;
    if (t.status === 'pending') pending += 1;
    if (t.status === 'rejected' || t.status === 'failed') continue;
    if (t.direction === 'credit') credits += paise;
    else {
      debits += paise;
      if (t.type === 'withdrawal') withdrawn += paise;
    }
  }
  return { credits: formatPaise(credits), debits: formatPaise(debits), withdrawn: formatPaise(withdrawn), pending, count: rows.length };
}
