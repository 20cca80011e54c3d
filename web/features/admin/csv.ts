// CSV for the bank payout sheet: RFC 4180 quoting, and cells that a spreadsheet would run as a
// formula (=, +, -, @, tab, CR) are prefixed with an apostrophe. The sheet is for the bank and the
// accountants, so it stays in English whatever language the admin reads the panel in.
import { format, isValid, parseISO } from 'date-fns';
import type { AdminWithdrawal } from '../../../contract/wallet.ts';
import { DATE_FORMAT } from '../../lib/format.ts';
import { parseBankDetails } from './bank-details.ts';

function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** 'dd MMM yyyy' with the English month, as formatDate shows it in English. */
function englishDate(value: string): string {
  const d = parseISO(value);
  return isValid(d) ? format(d, DATE_FORMAT) : '';
}

export function toCsv(rows: string[][]): string {
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** One row per pending payout: by UPI ID or to a bank account, with everything the transfer needs. */
export function payoutCsv(withdrawals: AdminWithdrawal[]): string {
  const header = ['Method', 'Account Holder', 'UPI ID', 'Account Number', 'IFSC', 'Amount (INR)', 'Withdrawal ID', 'Requested On'];
  const rows = withdrawals.map((w) => {
    const bank = parseBankDetails(w.bankDetails);
    return [
      w.method === 'upi' ? 'UPI' : 'Bank',
      bank.accountHolderName || w.accountHolderName,
      w.upiId ?? '',
      w.method === 'upi' ? '' : bank.accountNumber || w.accountNumber || '',
      w.method === 'upi' ? '' : bank.ifscCode || w.ifscCode || '',
      w.amount,
      w.id,
      englishDate(w.createdAt),
    ];
  });
  return toCsv([header, ...rows]);
}
