// Admins and invitations (Super Admin): the admins with their role, state and actions, invitations
// by one-time link, suspending and bringing back an admin; and the public invitation page's lookup
// and acceptance. Mutations invalidate by the builders' query keys.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptInvitationRequest,
  AdminAccount,
  AdminAccountList,
  CreatedInvitation,
  CreateInvitationRequest,
  InvitationList,
  InvitationLookup,
  UpdateAdminRequest,
} from '../../../contract/admins.ts';
import type { ActivityPage } from '../../../contract/admin-security.ts';
import { api } from '../../lib/api-client.ts';

export const adminsQuery = () => queryOptions({ queryKey: ['/api/admin/admins'], queryFn: ({ signal }) => api.get<AdminAccountList>('/api/admin/admins', { signal }) });
export const invitationsQuery = () =>
  queryOptions({ queryKey: ['/api/admin/invitations'], queryFn: ({ signal }) => api.get<InvitationList>('/api/admin/invitations', { signal }) });
export const adminActivityQuery = (adminId: string) =>
  infiniteQueryOptions({
    queryKey: ['/api/admin/admins', adminId, 'activity'],
    queryFn: ({ pageParam, signal }) =>
      api.get<ActivityPage>(`/api/admin/admins/${encodeURIComponent(adminId)}/activity?limit=25${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ActivityPage) => last.nextCursor,
  });

export const useAdmins = () => useQuery(adminsQuery());
export const useInvitations = () => useQuery(invitationsQuery());
export const useAdminActivity = (adminId: string) => useInfiniteQuery(adminActivityQuery(adminId));

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationRequest) => api.post<CreatedInvitation>('/api/admin/invitations', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsQuery().queryKey }),
  });
}

export function useSetAdminStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string } & UpdateAdminRequest) => api.put<AdminAccount>(`/api/admin/admins/${encodeURIComponent(id)}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQuery().queryKey }),
  });
}

export const invitationLookupQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/admin/invitations/lookup', token],
    queryFn: ({ signal }) => api.get<InvitationLookup>(`/api/admin/invitations/lookup?token=${encodeURIComponent(token)}`, { signal }),
    enabled: token.length > 0,
  });
export const useInvitationLookup = (token: string) => useQuery(invitationLookupQuery(token));

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) => api.post<{ userId: string; email: string }>('/api/admin/invitations/accept', body),
  });
}
