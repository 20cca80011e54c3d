// Keyset-paged user lists (DESIGN.md section 5: `?limit` and `?before=<id of the last item shown>`,
// newest first, plain arrays): one TanStack infinite query per list, flattened to the loaded items.
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { toast } from '../components/ui/toast-store.ts';

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

/** Props for LoadMoreButton: `noun` names the items ("transactions") in the count and the error toast. */
export function loadMoreProps(query: PagedHistoryState, noun: string) {
  return {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    onLoadMore: () => {
      void query.fetchNextPage().then((r) => {
        if (r.isError) toast({ title: 'Error', description: `Failed to load more ${noun}`, variant: 'destructive' });
      });
    },
    loadedLabel: query.data ? `${query.data.length} ${noun} loaded` : undefined,
  };
}
