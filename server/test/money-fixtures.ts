// Fixtures for wallet tests, built through the public API only: a user with money (earned from
// real referral rewards) and the withdraw form as the web app sends it.
import type { ApiClient } from './api-client.ts';
import { expect } from 'vitest';
import { createActivatedUser, type RegisteredUser } from './fixtures.ts';
import { formatPaise, parseRupees } from '../../contract/money.ts';

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
  /** 'upi': a payout to upiId alone (no bank account). */
  method?: 'upi' | 'bank';
  /** Raw bankDetails text instead of the JSON built from the three fields. */
  bankDetails?: string;
  screenshot?: File;
}

export const GOOD_BANK = { accountHolderName: 'Asha Verma', accountNumber: '123456789012', ifscCode: 'HDFC0001234' } as const;

export function withdrawForm(fields: WithdrawFields = {}): FormData {
  const form = new FormData();
  if (fields.amount !== undefined) form.set('amount', fields.amount);
  if (fields.method) form.set('method', fields.method);
  form.set(
    'bankDetails',
    fields.bankDetails ??
      JSON.stringify(
        fields.method === 'upi'
          ? { accountHolderName: fields.accountHolderName ?? GOOD_BANK.accountHolderName, upiId: fields.upiId }
          : {
              accountHolderName: fields.accountHolderName ?? GOOD_BANK.accountHolderName,
              accountNumber: fields.accountNumber ?? GOOD_BANK.accountNumber,
              ifscCode: fields.ifscCode ?? GOOD_BANK.ifscCode,
            },
      ),
  );
  if (fields.upiId !== undefined) form.set('upiId', fields.upiId);
  if (fields.screenshot) form.set('screenshot', fields.screenshot);
  return form;
}

export async function withdraw(s: ApiClient, token: string, fields: WithdrawFields, headers?: Record<string, string>) {
  return s.upload('POST', '/api/withdraw', withdrawForm(fields), { token, headers });
}

/**
 * The wallet history a user reads adds up: walking every page oldest to newest, each row's balance
 * after it is the one before plus its amount (from 0), and the last one is the balance shown.
 */
export async function expectHistoryAddsUp(s: ApiClient, token: string): Promise<void> {
  const rows: { id: string; amount: string; direction: string; balanceAfter?: string }[] = [];
  for (let before = ''; ; ) {
    const page = await s.api('GET', `/api/transactions?limit=200${before ? `&before=${before}` : ''}`, { token });
    expect(page.status).toBe(200);
    rows.push(...page.body);
    if (page.body.length < 200) break;
    before = page.body.at(-1).id;
  }
  let balance = 0n;
  for (const row of [...rows].reverse()) {
    const amount = parseRupees(row.amount) ?? 0n;
    balance += row.direction === 'credit' ? amount : -amount;
    expect(row.balanceAfter, `balance after ${row.id}`).toBe(formatPaise(balance));
  }
  const me = await s.api('GET', '/api/user', { token });
  expect(me.body.walletBalance).toBe(formatPaise(balance));
}

