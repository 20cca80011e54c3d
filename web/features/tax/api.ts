// Tax withheld at source: the person's PAN and tax year (GET /api/me/tax, PUT /api/me/pan) and the
// yearly summary (the wallet statement of a financial year as PDF, which ends with it); for a Super
// Admin, a quarter's totals and deposits (GET /api/admin/tax), its Form 26Q rows as CSV, recording a
// deposit by challan, and the withholding settings (the admin settings call, tax fields only).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettings, UpdateSettingsRequest, UpdateSettingsResponse } from '../../../contract/settings.ts';
import type { CreateTaxDeposit, MyTax, SetPanRequest, TaxQuarterSummary } from '../../../contract/tax.ts';
import { financialYearLabel } from '../../../contract/tax-calendar.ts';
import { api, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export const MY_TAX_QUERY_KEY = ['/api/me/tax'] as const;

export const myTaxQuery = () => queryOptions({ queryKey: MY_TAX_QUERY_KEY, queryFn: ({ signal }) => api.get<MyTax>('/api/me/tax', { signal }) });
export const useMyTax = (enabled = true) => useQuery({ ...myTaxQuery(), enabled });

export function useSetPan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPanRequest) => api.put<MyTax>('/api/me/pan', body),
    onSuccess: (tax) => queryClient.setQueryData(MY_TAX_QUERY_KEY, tax),
  });
}

/** The financial year's wallet statement as PDF: it ends with the year's tax summary. `today` is YYYY-MM-DD in India. */
export async function downloadTaxSummary(fy: number, today: string): Promise<void> {
  const from = `${fy}-04-01`;
  const end = `${fy + 1}-03-31`;
  const to = today < end ? today : end;
  const res = await apiRequest('GET', `/api/wallet/statement.pdf?from=${from}&to=${to}`);
  saveBlob(await res.blob(), `tax-summary-${financialYearLabel(fy)}.pdf`);
}

// ---------------------------------------------------------------------------------------------
// Admin

export const taxQuarterQuery = (fy: number, quarter: number) =>
  queryOptions({
    queryKey: ['/api/admin/tax', fy, quarter],
    queryFn: ({ signal }) => api.get<TaxQuarterSummary>(`/api/admin/tax?fy=${fy}&quarter=${quarter}`, { signal }),
  });
export const useTaxQuarter = (fy: number, quarter: number) => useQuery(taxQuarterQuery(fy, quarter));

export function useRecordTaxDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaxDeposit) => api.post<TaxQuarterSummary>('/api/admin/tax/deposits', body),
    onSuccess: (summary) => {
      queryClient.setQueryData(taxQuarterQuery(summary.fy, summary.quarter).queryKey, summary);
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/ledger'] });
    },
  });
}

export async function downloadTaxReport(fy: number, quarter: number): Promise<void> {
  const res = await apiRequest('GET', `/api/admin/tax/report?fy=${fy}&quarter=${quarter}`);
  saveBlob(await res.blob(), `tds-26q-${financialYearLabel(fy)}-Q${quarter}.csv`);
}

/** The admin settings (the same query the Settings tab reads, so both stay in step). */
const ADMIN_SETTINGS_KEY = ['/api/admin/settings'] as const;
export const useTaxSettings = () => useQuery({ queryKey: ADMIN_SETTINGS_KEY, queryFn: ({ signal }) => api.get<AdminSettings>('/api/admin/settings', { signal }) });

export function useUpdateTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsRequest) => api.put<UpdateSettingsResponse>('/api/admin/settings', body),
    onSuccess: (settings) => {
      queryClient.setQueryData(ADMIN_SETTINGS_KEY, settings);
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/tax'] });
    },
  });
}
