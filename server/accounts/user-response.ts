// The user object the API answers with (contract UserSchema): one mapper, so no column leaks and
// every feature that returns "the user" returns the same shape.
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_ECONOMICS } from '../../contract/constants.ts';
import { formatPaise } from '../../contract/money.ts';
import type { User } from '../../contract/accounts.ts';
import type { DbOrTx } from '../db/client.ts';
import { appSettings, ledgerAccounts, users } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { consentRequired } from '../sessions/auth.ts';

type UserRow = typeof users.$inferSelect;

const heldAccounts = alias(ledgerAccounts, 'held_account');
const debtAccounts = alias(ledgerAccounts, 'debt_account');

/** A person's money: the wallet, the rewards held for review, and what a clawback left owed (a debt account is zero or below). */
export interface UserBalances {
  walletPaise: bigint;
  heldPaise: bigint;
  debtPaise: bigint;
}

export function toUserResponse(row: UserRow, balances: UserBalances, referralsPerSpin: number): User {
  const { walletPaise: walletBalancePaise, heldPaise: heldBalancePaise, debtPaise } = balances;
  return {
    id: row.id,
    username: row.username,
    phone: row.phone,
    email: row.email,
    referralCode: row.referralCode,
    walletBalance: formatPaise(walletBalancePaise),
    heldBalance: formatPaise(heldBalancePaise),
    debt: formatPaise(debtPaise < 0n ? -debtPaise : 0n),
    successfulReferrals: row.successfulReferrals,
    totalEarnings: formatPaise(row.totalEarningsPaise),
    spinsAvailable: Math.max(0, row.spinsGranted - row.spinsUsed),
    // After referrals-per-spin is lowered below someone's progress, their very next referral grants
    // a spin (decision 006), so the count never shows 0 or less.
    referralsToNextSpin: Math.max(1, referralsPerSpin - row.referralsTowardSpin),
    isActivated: row.isActivated,
    isAdmin: row.isAdmin,
    adminRole: row.adminRole === 'super_admin' || row.adminRole === 'reviewer' ? row.adminRole : null,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    consentRequired: consentRequired(row),
  };
}

/** The user object for one user id (wallet balance from the ledger); 404 when there is no such user. */
export async function getUserResponse(db: DbOrTx, userId: string): Promise<User> {
  const rows = await db
    .select({
      user: users,
      balance: ledgerAccounts.balancePaise,
      held: heldAccounts.balancePaise,
      debt: debtAccounts.balancePaise,
      referralsPerSpin: appSettings.referralsPerSpin,
    })
    .from(users)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, users.id))
    .leftJoin(heldAccounts, and(eq(heldAccounts.userId, users.id), eq(heldAccounts.kind, 'held')))
    .leftJoin(debtAccounts, and(eq(debtAccounts.userId, users.id), eq(debtAccounts.kind, 'debt')))
    .leftJoin(appSettings, eq(appSettings.id, 1))
    .where(eq(users.id, userId))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound('User not found');
  return toUserResponse(
    row.user,
    { walletPaise: row.balance ?? 0n, heldPaise: row.held ?? 0n, debtPaise: row.debt ?? 0n },
    row.referralsPerSpin ?? DEFAULT_ECONOMICS.referralsPerSpin,
  );
}
