// Reading a withdrawal's payout details: bankDetails is JSON text {accountHolderName, accountNumber,
// ifscCode} (or {accountHolderName, upiId} for a UPI payout); when it is not valid JSON the raw
// text stands in as the account number (spec section 3).
export interface BankDetails {
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function parseBankDetails(raw: string | null | undefined): BankDetails {
  const source = raw ?? '';
  try {
    const parsed: unknown = JSON.parse(source);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const o = parsed as Record<string, unknown>;
      return { accountHolderName: text(o.accountHolderName), accountNumber: text(o.accountNumber), ifscCode: text(o.ifscCode).toUpperCase() };
    }
  } catch {
    // Fall through: legacy free text.
  }
  return { accountHolderName: '', accountNumber: source.trim(), ifscCode: '' };
}
