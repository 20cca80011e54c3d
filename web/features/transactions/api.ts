// Transaction history (GET /api/transactions, newest first): the query builder shared by the wallet,
// payments and transactions screens.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '../../../contract/wallet.ts';
import { api } from '../../lib/api-client.ts';

export const TRANSACTIONS_LIMIT = 200;

export const transactionsQuery = queryOptions({
  queryKey: ['/api/transactions'] as const,
  queryFn: ({ signal }) => api.get<Transaction[]>(`/api/transactions?limit=${TRANSACTIONS_LIMIT}`, { signal }),
});

export function useTransactions() {
  return useQuery(transactionsQuery);
}
