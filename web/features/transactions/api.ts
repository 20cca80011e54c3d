// Transaction history (GET /api/transactions, newest first, keyset-paged): the query builder shared
// by the wallet, payments and transactions screens.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { Transaction } from '../../../contract/wallet.ts';
import { pagedHistoryQuery } from '../../lib/paged-history.ts';

export const transactionsQuery = pagedHistoryQuery<Transaction>('/api/transactions');

/** `data` is every loaded transaction; `fetchNextPage` loads the next older page. */
export function useTransactions() {
  return useInfiniteQuery(transactionsQuery);
}
