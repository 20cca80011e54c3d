// The admins' queue of requests about personal data (Super Admins), closing one with an answer,
// and exporting or erasing the user's data on their request.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminDataRequest, AdminDataRequestList } from '../../../contract/privacy.ts';
import { api, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

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

/** The user's data as the JSON file they would download themselves (the reason is audited). */
export async function exportUserData(userId: string, reason: string): Promise<void> {
  const res = await apiRequest('POST', `/api/admin/users/${encodeURIComponent(userId)}/export`, { body: { reason: reason.trim() } });
  saveBlob(await res.blob(), `user-data-${userId.slice(-8)}.json`);
}

/** Erases the user on their request (refused while money is owed either way); the reason is audited. */
export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reason }: { userId: string; reason: string }) =>
      api.post<{ erased: true; pseudonym: string }>(`/api/admin/users/${encodeURIComponent(userId)}/erase`, { reason: reason.trim() }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: QUERY_KEY }), queryClient.invalidateQueries({ queryKey: ['/api/admin/users'] }), queryClient.invalidateQueries({ queryKey: ['/api/admin/activity'] })]),
  });
}
