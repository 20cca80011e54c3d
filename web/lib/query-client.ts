// React Query defaults of the spec (section 9): no refetch interval or on focus, data never stale,
// no retries. The default queryFn GETs queryKey[0] as the URL; a 401 throws unless `on401: 'returnNull'`.
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, apiJson } from './api-client.ts';

export type UnauthorizedBehavior = 'throw' | 'returnNull';

export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    try {
      return await apiJson<T>('GET', url, { signal });
    } catch (err) {
      if (on401 === 'returnNull' && err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
