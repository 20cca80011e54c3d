// The double-entry ledger. Every money movement is one journal entry whose lines sum to zero,
// posted inside the caller's transaction together with the state change it belongs to.
// Wallets keep a cached balance guarded by CHECK (balance >= 0) and a conditional UPDATE;
// platform accounts are sources and sinks whose balances are computed from their lines (no hot row).
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { ledgerAccounts, ledgerEntries, ledgerLines } from '../db/schema.ts';
import { AppError } from '../errors.ts';

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
 * Posts one balanced entry. Throws AppError INSUFFICIENT_BALANCE (400, 'Insufficient Balance') if a
 * wallet would go below zero; the caller's transaction then rolls back whole.
 * A second entry with the same (kind, refId) violates a unique index: posting twice is impossible.
 */
export async function postEntry(tx: Tx, input: PostEntryInput): Promise<string> {
  if (input.lines.length < 2) throw new Error('a ledger entry needs at least two lines');
  let sum = 0n;
  for (const line of input.lines) {
    if (line.amountPaise === 0n) throw new Error('a ledger line cannot be zero');
    sum += line.amountPaise;
  }
  if (sum !== 0n) throw new Error(`ledger entry ${input.kind} does not balance (sum ${sum})`);

  const entryId = newId();
  await tx.insert(ledgerEntries).values({
    id: entryId,
    kind: input.kind,
    refId: input.refId,
    userId: input.userId,
    description: input.description,
    createdAt: input.at,
  });

  // Update wallets in a fixed order (by id) so two transactions never wait on each other in a cycle.
  // Each wallet line takes the wallet's next line number and records the balance right after it:
  // the row lock orders them, so a wallet's history reads in the order its balance changed.
  const walletLines = input.lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => 'wallet' in line.account)
    .sort((a, b) => (accountId(a.line.account) < accountId(b.line.account) ? -1 : 1));
  const walletState = new Map<number, { seq: number; balanceAfter: bigint }>();
  for (const { line, index } of walletLines) {
    const id = accountId(line.account);
    const updated = await tx
      .update(ledgerAccounts)
      .set({
        balancePaise: sql`${ledgerAccounts.balancePaise} + ${line.amountPaise}`,
        lineCount: sql`${ledgerAccounts.lineCount} + 1`,
        updatedAt: input.at,
      })
      .where(and(eq(ledgerAccounts.id, id), sql`${ledgerAccounts.balancePaise} + ${line.amountPaise} >= 0`))
      .returning({ balance: ledgerAccounts.balancePaise, lineCount: ledgerAccounts.lineCount });
    const row = updated[0];
    if (!row) {
      throw new AppError('INSUFFICIENT_BALANCE', 'Insufficient Balance', 400);
    }
    walletState.set(index, { seq: row.lineCount, balanceAfter: row.balance });
  }

  await tx.insert(ledgerLines).values(
    input.lines.map((line, index) => ({
      id: newId(),
      entryId,
      accountId: accountId(line.account),
      amountPaise: line.amountPaise,
      seq: walletState.get(index)?.seq ?? null,
      balanceAfterPaise: walletState.get(index)?.balanceAfter ?? null,
      createdAt: input.at,
    })),
  );
  return entryId;
}
