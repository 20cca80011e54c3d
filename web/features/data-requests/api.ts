// The admins' queue of requests about personal data (Super Admins), and closing one with an answer.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDataRequest, AdminDataRequestList } from '../../../contract/privacy.ts';
import { api } from '../../lib/api-client.ts';

const QUERY_KEY = ['/api/admin/data-requests'] as const;

export const useDataRequestQueue = (status: 'open' | 'closed') =>
  useQuery({ queryKey: [...QUERY_KEY, status], queryFn: ({ signal }) => api.get<AdminDataRequestList>(`/api/admin/data-requests?status=${status}`, { signal }) });

export function useCloseDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => api.post<AdminDataRequest>(`/api/admin/data-requests/${encodeURIComponent(id)}/close`, { note: note.trim() }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEY }), queryClient.invalidateQueries({ queryKey: ['/api/admin/activity'] })]),
  });
}
