// The admin's ledger view (Super Admin): the platform accounts with their balances and the sealed
// chain's state, and the entries of one account, newest first, page by page.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { LedgerAccountName, LedgerEntriesPage, LedgerOverview } from '../../../contract/ledger.ts';
import { api } from '../../lib/api-client.ts';

export const ledgerOverviewQuery = () => queryOptions({ queryKey: ['/api/admin/ledger'], queryFn: ({ signal }) => api.get<LedgerOverview>('/api/admin/ledger', { signal }) });

export const ledgerEntriesQuery = (account: LedgerAccountName) =>
  infiniteQueryOptions({
    queryKey: ['/api/admin/ledger', account, 'entries'],
    queryFn: ({ pageParam, signal }) =>
      api.get<LedgerEntriesPage>(`/api/admin/ledger/${account}/entries?limit=25${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: LedgerEntriesPage) => last.nextCursor,
  });

export const useLedgerOverview = () => useQuery(ledgerOverviewQuery());
export const useLedgerEntries = (account: LedgerAccountName) => useInfiniteQuery(ledgerEntriesQuery(account));
