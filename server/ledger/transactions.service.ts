// A user's transaction history, read straight from the ledger (no second copy of the money that
// could drift): every line on the user's wallet, newest first, each with the wallet's balance
// right after it, described in words a person understands. The activation fee is paid by UPI
// from outside, never from the wallet: it belongs to the user's payments, not here, so the history
// adds up to the balance.
//
// The page is built as JSON by the database (server/db/functions/rh_wallet_history.sql): it reads the
// page straight off the wallet's (account, seq) index, so it costs the same however long the
// history is, and the server passes the text on without building fifty objects to serialise them
// again (that was most of the route's cost). Its shape is contract/wallet.ts TransactionSchema.
import { sql } from 'drizzle-orm';
import { DEFAULT_PAGE_LIMIT } from '../../contract/constants.ts';
import type { AppContext } from '../context.ts';
import { isUuid } from '../db/ids.ts';
import { queryRows } from '../db/rows.ts';
import { walletAccountId } from './ledger.service.ts';

/** A page of the user's history as JSON text (an array of contract Transactions). */
export async function listTransactionsJson(ctx: AppContext, userId: string, page: { limit?: number; before?: string }): Promise<string> {
  if (page.before !== undefined && !isUuid(page.before)) return '[]';
  const [row] = await queryRows<{ page: string }>(
    ctx.db,
    sql`select rh_wallet_history(${walletAccountId(userId)}::uuid, ${page.before ?? null}::uuid, ${page.limit ?? DEFAULT_PAGE_LIMIT}::int) as page`,
  );
  return row?.page ?? '[]';
}
