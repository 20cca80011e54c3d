// A user's transaction history, read straight from the ledger (no second copy of the money that
// could drift): every line on the user's wallet, newest first, each with the wallet's balance
// right after it, described in words a person understands. The activation fee is paid by UPI
// from outside, never from the wallet: it belongs to the user's payments, not here, so the history
// adds up to the balance. Lines are numbered per wallet (seq), so a page costs the same however
// long the history is.
import { and, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_PAGE_LIMIT } from '../../contract/constants.ts';
import { formatPaise } from '../../contract/money.ts';
import type { Transaction } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { ledgerEntries, ledgerLines, referrals, users, withdrawals } from '../db/schema.ts';
import { walletAccountId } from './ledger.service.ts';
import { payoutTarget } from '../withdrawals/withdrawals.service.ts';

const referredUsers = alias(users, 'referred_user');

interface HistoryRow {
  id: string;
  kind: string;
  description: string;
  createdAt: Date;
  walletPaise: bigint;
  balanceAfterPaise: bigint | null;
  withdrawal: { status: string; method: string; upiId: string | null; accountNumber: string | null } | null;
  referredUsername: string | null;
}

/** The user's words for a withdrawal's state, the same everywhere they read it. */
const WITHDRAWAL_STATUS = { pending: 'pending', approved: 'completed', rejected: 'rejected' } as const;

function toTransaction(row: HistoryRow): Transaction {
  const credit = row.walletPaise > 0n;
  const base = {
    id: row.id,
    amount: formatPaise(credit ? row.walletPaise : -row.walletPaise),
    direction: credit ? ('credit' as const) : ('debit' as const),
    createdAt: row.createdAt.toISOString(),
    ...(row.balanceAfterPaise !== null ? { balanceAfter: formatPaise(row.balanceAfterPaise) } : {}),
  };
  const target = row.withdrawal ? ` to ${payoutTarget(row.withdrawal)}` : '';
  switch (row.kind) {
    case 'referral_reward':
      return {
        ...base,
        type: 'referral_bonus',
        status: 'completed',
        description: row.referredUsername ? `Referral bonus: ${row.referredUsername} activated their account` : 'Referral bonus',
      };
    case 'spin_prize':
      return { ...base, type: 'spin_reward', status: 'completed', description: 'Spin wheel prize' };
    case 'withdrawal_reserve': {
      const status = WITHDRAWAL_STATUS[(row.withdrawal?.status ?? 'pending') as keyof typeof WITHDRAWAL_STATUS] ?? 'pending';
      return { ...base, type: 'withdrawal', status, description: `Withdrawal${target}` };
    }
    case 'withdrawal_refund':
      return { ...base, type: 'refund', status: 'completed', description: `Refund of a rejected withdrawal${target}` };
    default:
      return { ...base, type: credit ? 'deposit' : 'withdrawal', status: 'completed', description: row.description };
  }
}

/** The page query, prepared once per database: with a cursor (`before` = an entry id) or without. */
function preparePage(db: Db, withCursor: boolean) {
  const wallet = sql.placeholder('wallet');
  const conditions: SQL[] = [eq(ledgerLines.accountId, wallet), sql`${ledgerLines.seq} is not null`];
  if (withCursor) {
    // The cursor is the last entry shown; its line on this wallet gives the place to go on from.
    conditions.push(lt(ledgerLines.seq, sql`(select b.seq from ${ledgerLines} b where b.entry_id = ${sql.placeholder('before')} and b.account_id = ${wallet})`));
  }
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      description: ledgerEntries.description,
      createdAt: ledgerEntries.createdAt,
      walletPaise: ledgerLines.amountPaise,
      balanceAfterPaise: ledgerLines.balanceAfterPaise,
      withdrawalStatus: withdrawals.status,
      withdrawalMethod: withdrawals.method,
      upiId: withdrawals.upiId,
      accountNumber: withdrawals.accountNumber,
      referredUsername: referredUsers.username,
    })
    .from(ledgerLines)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
    .leftJoin(withdrawals, and(eq(withdrawals.id, ledgerEntries.refId), inArray(ledgerEntries.kind, ['withdrawal_reserve', 'withdrawal_refund'])))
    .leftJoin(referrals, and(eq(referrals.id, ledgerEntries.refId), eq(ledgerEntries.kind, 'referral_reward')))
    .leftJoin(referredUsers, eq(referredUsers.id, referrals.referredId))
    .where(and(...conditions))
    .orderBy(desc(ledgerLines.seq))
    .limit(sql.placeholder('limit'))
    .prepare(withCursor ? 'transactions_page_before' : 'transactions_page');
}

const prepared = new WeakMap<Db, { first: ReturnType<typeof preparePage>; before: ReturnType<typeof preparePage> }>();

export async function listTransactions(
  ctx: AppContext,
  userId: string,
  page: { limit?: number; before?: string },
): Promise<Transaction[]> {
  if (page.before !== undefined && !isUuid(page.before)) return [];
  let statements = prepared.get(ctx.db);
  if (!statements) {
    statements = { first: preparePage(ctx.db, false), before: preparePage(ctx.db, true) };
    prepared.set(ctx.db, statements);
  }
  const params = { wallet: walletAccountId(userId), limit: page.limit ?? DEFAULT_PAGE_LIMIT };
  const rows = page.before ? await statements.before.execute({ ...params, before: page.before }) : await statements.first.execute(params);
  return rows.map((r) =>
    toTransaction({
      ...r,
      withdrawal: r.withdrawalStatus ? { status: r.withdrawalStatus, method: r.withdrawalMethod ?? 'bank', upiId: r.upiId, accountNumber: r.accountNumber } : null,
    }),
  );
}
