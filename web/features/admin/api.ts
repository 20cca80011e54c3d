// Admin panel data: stats, the audit trail, keyset-paginated lists (users, manual payments,
// withdrawals), the decisions on them and the settings update. Mutations invalidate by the
// builders' query keys, so a key is never typed twice.
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPaymentsPage, AdminStats, AdminUser, AdminUsersPage, ReversePaymentResponse, SmsJobList } from '../../../contract/admin.ts';
import type { ActivityPage } from '../../../contract/admin-security.ts';
import type { ForfeitHoldsResponse, ReleaseHoldsResponse } from '../../../contract/risk.ts';
import type { AdminSettings, UpdateSettingsRequest, UpdateSettingsResponse } from '../../../contract/settings.ts';
import type { AdminWithdrawalList } from '../../../contract/wallet.ts';
import { api, apiRequest } from '../../lib/api-client.ts';
import { APP_SETTINGS_QUERY_KEY } from '../../lib/app-settings.ts';
import { USER_QUERY_KEY } from '../../lib/auth.tsx';

export const PAGE_SIZE = 25;

export interface ListFilter {
  status: string;
  q: string;
}

function listUrl(base: string, filter: ListFilter, cursor: string | null, limit = PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filter.status && filter.status !== 'all') params.set('status', filter.status);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (cursor) params.set('cursor', cursor);
  return `${base}?${params.toString()}`;
}

/** The settings as admins see them: the public ones plus the abuse limits and the fee-waiver rule. */
export const adminSettingsQuery = () =>
  queryOptions({ queryKey: ['/api/admin/settings'], queryFn: ({ signal }) => api.get<AdminSettings>('/api/admin/settings', { signal }) });
export const useAdminSettings = () => useQuery(adminSettingsQuery());

export const statsQuery = () => queryOptions({ queryKey: ['/api/admin/stats'], queryFn: ({ signal }) => api.get<AdminStats>('/api/admin/stats', { signal }) });

export const activityQuery = () =>
  queryOptions({ queryKey: ['/api/admin/activity', { limit: 12 }], queryFn: ({ signal }) => api.get<ActivityPage>('/api/admin/activity?limit=12', { signal }) });

function listQuery<TPage extends { nextCursor: string | null }>(base: string, filter: ListFilter) {
  return infiniteQueryOptions({
    queryKey: [base, 'list', filter],
    queryFn: ({ pageParam, signal }) => api.get<TPage>(listUrl(base, filter, pageParam), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TPage) => last.nextCursor,
  });
}

export const usersQuery = (filter: ListFilter) => listQuery<AdminUsersPage>('/api/admin/users', filter);
export const paymentsQuery = (filter: ListFilter) => listQuery<AdminPaymentsPage>('/api/admin/manual-payments', filter);
export const withdrawalsQuery = (filter: ListFilter) => listQuery<AdminWithdrawalList>('/api/admin/withdrawals', filter);

export const useStats = () => useQuery(statsQuery());
/** SMS the queue gave up on (the dead-letter list). */
export const useDeadSms = () => useQuery({ queryKey: ['/api/admin/sms-jobs'], queryFn: ({ signal }) => api.get<SmsJobList>('/api/admin/sms-jobs', { signal }) });

/** An undelivered code looked into: off the Overview's list. */
export function useDismissDeadSms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/sms-jobs/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['/api/admin/sms-jobs'] }),
  });
}
export const useActivity = () => useQuery(activityQuery());
export const useUsers = (filter: ListFilter) => useInfiniteQuery(usersQuery(filter));
export const usePayments = (filter: ListFilter) => useInfiniteQuery(paymentsQuery(filter));
export const useWithdrawals = (filter: ListFilter) => useInfiniteQuery(withdrawalsQuery(filter));

/** Every pending withdrawal, page by page (for the bank payout CSV). */
export async function fetchAllPendingWithdrawals(): Promise<AdminWithdrawalList['items']> {
  const all: AdminWithdrawalList['items'] = [];
  let cursor: string | null = null;
  do {
    const page: AdminWithdrawalList = await api.get<AdminWithdrawalList>(listUrl('/api/admin/withdrawals', { status: 'pending', q: '' }, cursor, 200));
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/** After any decision: lists, counters, the audit trail and the admin's own balance may change. */
function useInvalidateAdminData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['/api/admin/users'], ['/api/admin/manual-payments'], ['/api/admin/withdrawals'], statsQuery().queryKey, ['/api/admin/activity'], USER_QUERY_KEY].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** `version`: the payout details' version the row showed (withdrawals), so an approval never pays details it did not show. */
export type Decision = { id: string; status: 'approved' | 'rejected'; notes: string; payoutReference?: string; version?: number };

/** Direct activation: a fee waiver; the reason goes to the audit log. */
export function useActivateUser() {
  const invalidate = useInvalidateAdminData();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.put<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/activate`, reason.trim() ? { reason: reason.trim() } : undefined),
    onSuccess: invalidate,
  });
}

export function useDecidePayment() {
  const invalidate = useInvalidateAdminData();
  return useMutation({
    mutationFn: ({ id, status, notes }: Decision) => api.put(`/api/admin/manual-payments/${encodeURIComponent(id)}`, { status, notes: notes.trim() || null }),
    onSuccess: invalidate,
  });
}

/** A Super Admin takes back an approved activation payment (the reason is required). */
export function useReversePayment() {
  const invalidate = useInvalidateAdminData();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post<ReversePaymentResponse>(`/api/admin/manual-payments/${encodeURIComponent(id)}/reverse`, { reason: reason.trim() }),
    onSuccess: invalidate,
  });
}

/** Any admin suspends a user or lifts it, with a reason the user is told. */
export function useSetUserStatus() {
  const invalidate = useInvalidateAdminData();
  return useMutation({
    mutationFn: ({ id, status, reason }: { id: string; status: 'suspended' | 'active'; reason: string }) =>
      api.put<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/status`, { status, reason: reason.trim() }),
    onSuccess: invalidate,
  });
}

/** A Super Admin releases the rewards held for a flagged user (an optional note) or forfeits them (a reason). */
export function useDecideHolds() {
  const invalidate = useInvalidateAdminData();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: string; action: 'release' | 'forfeit'; note: string }): Promise<ReleaseHoldsResponse | ForfeitHoldsResponse> =>
      action === 'release'
        ? api.post<ReleaseHoldsResponse>(`/api/admin/users/${encodeURIComponent(id)}/holds/release`, { note: note.trim() || null })
        : api.post<ForfeitHoldsResponse>(`/api/admin/users/${encodeURIComponent(id)}/holds/forfeit`, { note: note.trim() }),
    onSuccess: invalidate,
  });
}

export function useDecideWithdrawal() {
  const invalidate = useInvalidateAdminData();
  return useMutation({
    mutationFn: ({ id, status, notes, payoutReference, version }: Decision) =>
      api.put(`/api/admin/withdrawals/${encodeURIComponent(id)}`, { status, notes: notes.trim() || null, payoutReference: payoutReference?.trim() || null, version }),
    // Refused as PAYOUT_CHANGED too: the list then shows the details as they are now.
    onSettled: invalidate,
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsRequest) => api.put<UpdateSettingsResponse>('/api/admin/settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
      return Promise.all([APP_SETTINGS_QUERY_KEY, ['/api/admin/activity'], statsQuery().queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** A Super Admin confirms or turns down a guard-rail change another proposed (the proposer may withdraw it). */
export function useDecideProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'confirm' | 'reject' }) =>
      api.post<AdminSettings>(`/api/admin/settings/proposals/${encodeURIComponent(id)}/${action}`),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
      return Promise.all([APP_SETTINGS_QUERY_KEY, ['/api/admin/activity']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    // Decided by someone else meanwhile, or stale: the list shows what is true now.
    onError: () => queryClient.invalidateQueries({ queryKey: adminSettingsQuery().queryKey }),
  });
}

/** Upload (or replace) the Android app package; the server checks it is an APK. */
export function useUploadAndroidApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, version }: { file: File | null; version: string }) => {
      const form = new FormData();
      form.set('version', version.trim());
      if (file) form.set('apk', file);
      return api.put<AdminSettings>('/api/admin/android-app', form);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: APP_SETTINGS_QUERY_KEY });
    },
  });
}

export function useRemoveAndroidApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<AdminSettings>('/api/admin/android-app'),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: APP_SETTINGS_QUERY_KEY });
    },
  });
}

export const paymentScreenshotUrl = (id: string) => `/api/manual-payments/${encodeURIComponent(id)}/screenshot`;
export const withdrawalScreenshotUrl = (id: string, download = false) =>
  `/api/admin/withdrawal-screenshot/${encodeURIComponent(id)}${download ? '?download=true' : ''}`;

/** Fetches an image with the bearer token (an <img src> cannot send it). */
export async function fetchImageBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const res = await apiRequest('GET', url, { signal });
  return res.blob();
}

/** The file name the server suggests (Content-Disposition), else a fallback. */
export async function fetchDownload(url: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await apiRequest('GET', url);
  const disposition = res.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await res.blob(), fileName: match?.[1] ? decodeURIComponent(match[1]) : fallbackName };
}
