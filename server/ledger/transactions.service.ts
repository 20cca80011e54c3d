// A user's transaction history, read straight from the ledger (no second copy of the money that
// could drift): every entry that moved money in or out of the user's wallet, each described in
// words a person understands. The activation fee is paid by UPI from outside, never from the
// wallet: it belongs to the user's payments, not here (the history adds up to the balance).
import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_LIMIT } from '../../contract/constants.ts';
import { formatPaise } from '../../contract/money.ts';
import type { Transaction } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/ids.ts';
import { ledgerEntries, ledgerLines, referrals, users, withdrawals } from '../db/schema.ts';
import { walletAccountId } from './ledger.service.ts';

const referredUsers = alias(users, 'referred_user');

interface HistoryRow {
  id: string;
  kind: string;
  description: string;
  createdAt: Date;
  walletPaise: string | null;
  grossPaise: string | null;
  withdrawalStatus: string | null;
  accountNumber: string | null;
  referredUsername: string | null;
}

function ending(accountNumber: string | null): string {
  return accountNumber ? ` (account ending ${accountNumber.slice(-4)})` : '';
}

function toTransaction(row: HistoryRow): Transaction {
  const wallet = row.walletPaise !== null ? BigInt(row.walletPaise) : null;
  const gross = row.grossPaise !== null ? BigInt(row.grossPaise) : 0n;
  const magnitude = wallet !== null ? (wallet < 0n ? -wallet : wallet) : gross;
  const base = { id: row.id, amount: formatPaise(magnitude), createdAt: row.createdAt.toISOString() };
  switch (row.kind) {
    case 'referral_reward':
      return {
        ...base,
        type: 'referral_bonus',
        direction: 'credit',
        status: 'completed',
        description: row.referredUsername ? `Referral bonus: ${row.referredUsername} activated their account` : 'Referral bonus',
      };
    case 'spin_prize':
      return { ...base, type: 'spin_reward', direction: 'credit', status: 'completed', description: 'Spin wheel prize' };
    case 'withdrawal_reserve': {
      const status = row.withdrawalStatus === 'approved' || row.withdrawalStatus === 'rejected' ? row.withdrawalStatus : 'pending';
      return { ...base, type: 'withdrawal', direction: 'debit', status, description: `Withdrawal to bank account${ending(row.accountNumber)}` };
    }
    case 'withdrawal_refund':
      return {
        ...base,
        type: 'deposit',
        direction: 'credit',
        status: 'completed',
        description: `Refund of rejected withdrawal${ending(row.accountNumber)}`,
      };
    case 'activation_fee':
      return { ...base, type: 'payment', direction: 'debit', status: 'approved', description: 'Account activation fee' };
    default:
      return {
        ...base,
        type: wallet !== null && wallet < 0n ? 'withdrawal' : 'deposit',
        direction: wallet !== null && wallet < 0n ? 'debit' : 'credit',
        status: 'completed',
        description: row.description,
      };
  }
}

export async function listTransactions(
  ctx: AppContext,
  userId: string,
  page: { limit?: number; before?: string },
): Promise<Transaction[]> {
  const wallet = walletAccountId(userId);
  // Ids first from the wallet's lines (indexed), so the cost follows this user's history, not the
  // size of the whole ledger.
  const mine = sql`${ledgerEntries.id} in (select l.entry_id from ${ledgerLines} l where l.account_id = ${wallet})`;
  const conditions: SQL[] = [
    // Payouts move money between platform accounts only; the withdrawal line already shows its status.
    ne(ledgerEntries.kind, 'withdrawal_payout'),
    mine,
  ];
  if (page.before) {
    if (!isUuid(page.before)) return [];
    conditions.push(
      sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (select b.created_at, b.id from ${ledgerEntries} b where b.id = ${page.before})`,
    );
  }
  const rows: HistoryRow[] = await ctx.db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      description: ledgerEntries.description,
      createdAt: ledgerEntries.createdAt,
      walletPaise: sql<string | null>`(select sum(l.amount_paise)::text from ${ledgerLines} l where l.entry_id = ${ledgerEntries.id} and l.account_id = ${wallet})`,
      grossPaise: sql<string | null>`(select sum(l.amount_paise)::text from ${ledgerLines} l where l.entry_id = ${ledgerEntries.id} and l.amount_paise > 0)`,
      withdrawalStatus: withdrawals.status,
      accountNumber: withdrawals.accountNumber,
      referredUsername: referredUsers.username,
    })
    .from(ledgerEntries)
    .leftJoin(
      withdrawals,
      and(eq(withdrawals.id, ledgerEntries.refId), inArray(ledgerEntries.kind, ['withdrawal_reserve', 'withdrawal_refund'])),
    )
    .leftJoin(referrals, and(eq(referrals.id, ledgerEntries.refId), eq(ledgerEntries.kind, 'referral_reward')))
    .leftJoin(referredUsers, eq(referredUsers.id, referrals.referredId))
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(page.limit ?? DEFAULT_PAGE_LIMIT);
  return rows.map(toTransaction);
}
