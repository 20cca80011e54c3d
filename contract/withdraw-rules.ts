// The withdraw form's rules and words, shared by the web form and the server's schema (wallet.ts
// re-exports them): plain values and functions, no schema library, so the form loads this alone.
import { formatPaise } from './rupees.ts';
import type { ErrorBody } from './errors.ts';

/** "₹100" for 100.00, "₹100.50" for 100.50: how the spec writes the minimum. */
export function formatRupeesShort(paise: bigint): string {
  const text = formatPaise(paise);
  return `₹${text.endsWith('.00') ? text.slice(0, -3) : text}`;
}

export function minimumWithdrawalMessage(minWithdrawalPaise: bigint): string {
  return `Minimum withdrawal amount is ${formatRupeesShort(minWithdrawalPaise)}`;
}

export const ACCOUNT_NUMBER_RE = /^\d{9,18}$/;

export const WITHDRAW_MESSAGES = {
  holder: 'Account Holder Name Required',
  accountNumber: 'Account Number Required',
  accountNumberInvalid: 'Enter a valid account number (9 to 18 digits)',
  ifsc: 'IFSC Code Required',
  ifscInvalid: 'Enter a valid IFSC code (like HDFC0001234)',
  upiId: 'UPI ID Required',
  upiIdInvalid: 'Enter a valid UPI ID (like name@okhdfcbank)',
} as const;

// ---------------------------------------------------------------------------------------------
// Toasts: the spec gives a title and a description for these failures. The API's `message` is
// the text the spec puts first for the case (for the minimum, the description carries the
// configured amount); this maps an error body to both lines.

const TOASTS: Partial<Record<string, { title: string; description?: string }>> = {
  BELOW_MINIMUM: { title: 'Invalid Amount' },
  INSUFFICIENT_BALANCE: { title: 'Insufficient Balance', description: "You don't have enough balance for this withdrawal" },
  INVALID_FILE: { title: 'Invalid File Type', description: 'Please upload an image file (PNG, JPG, JPEG)' },
  NO_SPINS: { title: 'No Spins Available', description: 'Refer 5 more users to get a free spin!' },
};

/** Title and description for a wallet error toast. */
export function describeWalletError(body: ErrorBody, fallbackTitle = 'Error'): { title: string; description?: string } {
  const known = TOASTS[body.code];
  if (!known) return { title: body.message || fallbackTitle };
  const description = known.description ?? (body.message !== known.title ? body.message : undefined);
  return description ? { title: known.title, description } : { title: known.title };
}
