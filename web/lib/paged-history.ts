// Keyset-paged user lists (DESIGN.md section 5: `?limit` and `?before=<id of the last item shown>`,
// newest first, plain arrays): one TanStack infinite query per list, flattened to the loaded items.
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { toast } from '../components/ui/toast-store.ts';
import { t, type MessageKey } from '../i18n/t.ts';

/** Items per request; a full page means there may be more. */
export const HISTORY_PAGE_SIZE = 50;

/** Infinite query over `path` (no query string); `data` is every loaded item, newest first. */
export function pagedHistoryQuery<T extends { id: string }>(path: string) {
  return infiniteQueryOptions({
    queryKey: [path] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
      if (pageParam) params.set('before', pageParam);
      return api.get<T[]>(`${path}?${params.toString()}`, { signal });
    },
    getNextPageParam: (last: T[]) => (last.length >= HISTORY_PAGE_SIZE ? last[last.length - 1]?.id : undefined),
    select: (data: InfiniteData<T[], string | undefined>) => data.pages.flat(),
  });
}

/** What a 'Load more' button needs from a paged history query (see components/ui/load-more-button). */
export interface PagedHistoryState {
  data: unknown[] | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<{ isError: boolean }>;
}

/** The items a paged history holds, with the texts naming them (the error toast, the count). */
const NOUN_TEXTS = {
  transactions: { failed: 'transactions.paged.loadFailed.transactions', loaded: 'transactions.paged.loaded.transactions' },
  withdrawals: { failed: 'transactions.paged.loadFailed.withdrawals', loaded: 'transactions.paged.loaded.withdrawals' },
  payments: { failed: 'transactions.paged.loadFailed.payments', loaded: 'transactions.paged.loaded.payments' },
  referrals: { failed: 'transactions.paged.loadFailed.referrals', loaded: 'transactions.paged.loaded.referrals' },
} as const satisfies Record<string, { failed: MessageKey; loaded: MessageKey }>;

export type HistoryNoun = keyof typeof NOUN_TEXTS;

/**
 * Props for LoadMoreButton: `noun` names the items ("transactions") in the count and the error toast.
 * Called while rendering, so the count follows the language the calling screen renders in.
 */
export function loadMoreProps(query: PagedHistoryState, noun: HistoryNoun) {
  const texts = NOUN_TEXTS[noun];
  return {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    onLoadMore: () => {
      void query.fetchNextPage().then((r) => {
        if (r.isError) toast({ title: t('transactions.paged.errorTitle'), description: t(texts.failed), variant: 'destructive' });
      });
    },
    loadedLabel: query.data ? t(texts.loaded, { count: query.data.length }) : undefined,
  };
}
