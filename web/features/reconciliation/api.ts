// Bank statement reconciliation data: upload a statement as the bank gave it (multipart, with the
// bank's name and column mapping the second time when the server did not know the layout), list the
// statements uploaded lately, read a reconciliation again, and approve its matched proofs. Approving
// changes the admin lists, so their queries refresh.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproveMatchedResponse, LayoutUnknown, Reconciliation, ReconciliationList, StatementMapping } from '../../../contract/reconciliation.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { USER_QUERY_KEY } from '../../lib/auth.tsx';

const BASE = '/api/admin/reconciliation';

export const reconciliationQuery = (id: string) =>
  queryOptions({ queryKey: [BASE, id], queryFn: ({ signal }) => api.get<Reconciliation>(`${BASE}/${encodeURIComponent(id)}`, { signal }) });

export const useReconciliation = (id: string) => useQuery(reconciliationQuery(id));

/** The statements uploaded lately (stored on the server), newest first: the admin opens one again after leaving the screen. */
export const reconciliationsQuery = () =>
  queryOptions({ queryKey: [BASE], queryFn: ({ signal }) => api.get<ReconciliationList>(BASE, { signal }) });

export const useReconciliations = () => useQuery(reconciliationsQuery());

export interface StatementUpload {
  file: File;
  /** With `mapping`: the name the mapped layout is remembered under. */
  bank?: string;
  mapping?: StatementMapping;
}

/** Uploads a statement; the answer is cached as that reconciliation, so the view shows it at once. */
export function useUploadStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, bank, mapping }: StatementUpload) => {
      const form = new FormData();
      if (bank) form.set('bank', bank);
      if (mapping) form.set('mapping', JSON.stringify(mapping));
      form.set('statement', file, file.name);
      return api.post<Reconciliation>(BASE, form);
    },
    onSuccess: (reconciliation) => {
      queryClient.setQueryData(reconciliationQuery(reconciliation.id).queryKey, reconciliation);
      return queryClient.invalidateQueries({ queryKey: reconciliationsQuery().queryKey, exact: true });
    },
  });
}

/** The 422 answer for a bank layout the server does not know yet: the file's columns, to map once. */
export function layoutUnknownOf(err: unknown): LayoutUnknown | null {
  if (!(err instanceof ApiError) || err.status !== 422 || err.code !== 'STATEMENT_LAYOUT_UNKNOWN') return null;
  const body = err.body as Partial<LayoutUnknown> | null;
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((c): c is string => typeof c === 'string') : []);
  return { message: err.serverMessage ?? '', code: 'STATEMENT_LAYOUT_UNKNOWN', columns: strings(body?.columns), missingColumns: strings(body?.missingColumns) };
}

/**
 * The admin lists' keys (web/features/admin/api.ts builds them; a feature does not import another):
 * approving activates payers, pays referrers and writes the audit trail, as a decision there does.
 */
const ADMIN_DATA_KEYS = [['/api/admin/users'], ['/api/admin/manual-payments'], ['/api/admin/stats'], ['/api/admin/activity'], USER_QUERY_KEY] as const;

/** Approves every proof the statement matches now; then the reconciliation is read again. */
export function useApproveMatched(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ApproveMatchedResponse>(`${BASE}/${encodeURIComponent(id)}/approve-matched`),
    onSuccess: () =>
      Promise.all([reconciliationQuery(id).queryKey, ...ADMIN_DATA_KEYS].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
