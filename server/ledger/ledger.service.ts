// The double-entry ledger. Every money movement is one journal entry whose lines sum to zero,
// posted inside the caller's transaction together with the state change it belongs to.
// Wallets keep a cached balance guarded by CHECK (balance >= 0) and a conditional UPDATE;
// platform accounts are sources and sinks whose balances are computed from their lines (no hot row).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { arrayLiteral, at, queryRows } from '../db/rows.ts';
import { ledgerAccounts, ledgerEntries } from '../db/schema.ts';
import { AppError, isInsufficientBalance } from '../errors.ts';

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
} as const;
export type PlatformAccount = keyof typeof PLATFORM_ACCOUNTS;

export type EntryKind = (typeof ledgerEntries.$inferInsert)['kind'] &
  ('activation_fee' | 'activation_fee_waiver' | 'activation_fee_waiver_reversal' | 'referral_reward' | 'spin_prize' | 'withdrawal_reserve' | 'withdrawal_payout' | 'withdrawal_refund');

export type AccountRef = { wallet: string } | { platform: PlatformAccount };

export interface EntryLine {
  account: AccountRef;
  /** Signed paise: positive adds to the account, negative takes from it. */
  amountPaise: bigint;
}

export interface PostEntryInput {
  kind: EntryKind;
  /** The business record this entry belongs to (payment, referral, spin, withdrawal id). */
  refId: string;
  userId: string | null;
  description: string;
  at: Date;
  lines: EntryLine[];
}

export function walletAccountId(userId: string): string {
  // The wallet's id is the user's id: one wallet per user, no lookup needed.
  return userId;
}

function accountId(ref: AccountRef): string {
  return 'wallet' in ref ? walletAccountId(ref.wallet) : PLATFORM_ACCOUNTS[ref.platform];
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

export async function getWalletBalance(db: DbOrTx, userId: string): Promise<bigint> {
  const rows = await db
    .select({ balance: ledgerAccounts.balancePaise })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, walletAccountId(userId)))
    .limit(1);
  return rows[0]?.balance ?? 0n;
}

/**
 * Posts one balanced entry: one call of rh_post_entry (migration 0006), which checks the lines,
 * updates each wallet in id order with a guard and records every line with its wallet's next line
 * number and the balance after it. Throws AppError INSUFFICIENT_BALANCE (400, 'Insufficient
 * Balance') if a wallet would go below zero; the caller's transaction then rolls back whole.
 * A second entry with the same (kind, refId) violates a unique index: posting twice is impossible.
 */
export async function postEntry(tx: DbOrTx, input: PostEntryInput): Promise<string> {
  const accounts = arrayLiteral(input.lines.map((line) => accountId(line.account)));
  const amounts = arrayLiteral(input.lines.map((line) => line.amountPaise));
  try {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`select rh_post_entry(${input.kind}, ${input.refId}::uuid, ${input.userId}::uuid, ${input.description}, ${at(input.at)}, ${accounts}::uuid[], ${amounts}::bigint[]) as id`,
    );
    return row!.id;
  } catch (err) {
    throw moneyError(err);
  }
}

/** The AppError a failed money call means for the client (a wallet short of funds), else the error itself. */
export function moneyError(err: unknown): unknown {
  return isInsufficientBalance(err) ? new AppError('INSUFFICIENT_BALANCE', 'Insufficient Balance', 400) : err;
}
