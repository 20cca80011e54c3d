// The double-entry ledger's accounts. Every money movement is one journal entry whose lines sum
// to zero, posted by the database function rh_post_entry (server/db/functions/rh_post_entry.sql) inside the money
// function that makes the state change it belongs to. Wallets keep a cached balance guarded by
// CHECK (balance >= 0) and a conditional UPDATE; platform accounts are sources and sinks whose
// balances are computed from their lines (no hot row).
import type { DbOrTx } from '../db/client.ts';
import { ledgerAccounts } from '../db/schema.ts';

export const PLATFORM_ACCOUNTS = {
  /** Money that came in by UPI for activation fees (a source: goes negative as fees arrive). */
  upi_collections: '00000000-0000-7000-8000-000000000001',
  /** Activation fee income. */
  activation_fees: '00000000-0000-7000-8000-000000000002',
  /** The cost of referral rewards paid to wallets (a source). */
  referral_rewards: '00000000-0000-7000-8000-000000000003',
  /** The cost of spin prizes paid to wallets (a source). */
  spin_prizes: '00000000-0000-7000-8000-000000000004',
  /** Withdrawals reserved from wallets, awaiting an admin's decision. */
  payouts_pending: '00000000-0000-7000-8000-000000000005',
  /** Withdrawals paid out to bank accounts (a sink). */
  payouts_paid: '00000000-0000-7000-8000-000000000006',
  /** Activation fees an admin waived (a direct activation with no money received): the fee's contra account. */
  fee_waivers: '00000000-0000-7000-8000-000000000007',
  /** Activation fees received through the payment gateway (a source, like UPI collections). */
  gateway_collections: '00000000-0000-7000-8000-000000000008',
  /** Held rewards an admin forfeited (a sink). */
  forfeited_rewards: '00000000-0000-7000-8000-000000000009',
  /** Income tax withheld at source from rewards and prizes, owed to the government until deposited (server/tax). */
  tds_payable: '00000000-0000-7000-8000-000000000010',
  /** Tax withheld and deposited with the government, by challan (a sink). */
  tds_deposited: '00000000-0000-7000-8000-000000000011',
} as const;
export type PlatformAccount = keyof typeof PLATFORM_ACCOUNTS;

export function walletAccountId(userId: string): string {
  // The wallet's id is the user's id: one wallet per user, no lookup needed.
  return userId;
}

/** Creates the platform accounts if missing (first boot). */
export async function ensurePlatformAccounts(db: DbOrTx): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(
      Object.entries(PLATFORM_ACCOUNTS).map(([name, id]) => ({ id, code: `platform:${name}`, kind: 'platform', userId: null })),
    )
    .onConflictDoNothing();
}

/** Opens a user's wallet; call in the transaction that creates the user. */
export async function createWallet(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values({ id: walletAccountId(userId), code: `wallet:${userId}`, kind: 'wallet', userId, createdAt: at, updatedAt: at })
    .onConflictDoNothing();
}
