// Fixtures for wallet tests, built through the public API only: a user with money (earned from
// real referral rewards) and the withdraw form as the web app sends it.
import type { ApiClient } from './api-client.ts';
import { createActivatedUser, type RegisteredUser } from './fixtures.ts';

/**
 * An activated user referred by the admin, whose `referrals` referred users were then activated:
 * with the default economics, 5 referrals = ₹2000.00 and 1 spin.
 */
export async function createFundedUser(s: ApiClient, adminToken: string, adminReferralCode: string, referrals = 5): Promise<RegisteredUser> {
  const owner = await createActivatedUser(s, adminToken, adminReferralCode);
  for (let i = 0; i < referrals; i++) await createActivatedUser(s, adminToken, owner.user.referralCode);
  const me = await s.api('GET', '/api/user', { token: owner.token });
  return { ...owner, user: me.body };
}

export interface WithdrawFields {
  amount?: string;
  accountHolderName?: string;
  accountNumber?: string;
  ifscCode?: string;
  upiId?: string;
  /** Raw bankDetails text instead of the JSON built from the three fields. */
  bankDetails?: string;
  screenshot?: File;
}

export const GOOD_BANK = { accountHolderName: 'Asha Verma', accountNumber: '123456789012', ifscCode: 'HDFC0001234' } as const;

export function withdrawForm(fields: WithdrawFields = {}): FormData {
  const form = new FormData();
  if (fields.amount !== undefined) form.set('amount', fields.amount);
  form.set(
    'bankDetails',
    fields.bankDetails ??
      JSON.stringify({
        accountHolderName: fields.accountHolderName ?? GOOD_BANK.accountHolderName,
        accountNumber: fields.accountNumber ?? GOOD_BANK.accountNumber,
        ifscCode: fields.ifscCode ?? GOOD_BANK.ifscCode,
      }),
  );
  if (fields.upiId !== undefined) form.set('upiId', fields.upiId);
  if (fields.screenshot) form.set('screenshot', fields.screenshot);
  return form;
}

export async function withdraw(s: ApiClient, token: string, fields: WithdrawFields, headers?: Record<string, string>) {
  return s.upload('POST', '/api/withdraw', withdrawForm(fields), { token, headers });
}
