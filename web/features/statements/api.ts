// A wallet statement for a calendar month: its figures (JSON) to show, and the same as a PDF that
// looks like a bank statement or a CSV for a spreadsheet, downloaded with the session's token.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletStatement } from '../../../contract/ledger.ts';
import { api, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

export interface StatementPeriod {
  from: string;
  to: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The first and last day of a calendar month (YYYY-MM-DD). */
export function monthPeriod(year: number, monthIndex: number): StatementPeriod {
  const last = new Date(year, monthIndex + 1, 0).getDate();
  return { from: `${year}-${pad2(monthIndex + 1)}-01`, to: `${year}-${pad2(monthIndex + 1)}-${pad2(last)}` };
}

const query = (p: StatementPeriod) => `from=${p.from}&to=${p.to}`;

export const statementQuery = (p: StatementPeriod) =>
  queryOptions({ queryKey: ['/api/wallet/statement', p], queryFn: ({ signal }) => api.get<WalletStatement>(`/api/wallet/statement?${query(p)}`, { signal }) });
export const useStatement = (p: StatementPeriod) => useQuery(statementQuery(p));

export async function downloadStatement(p: StatementPeriod, format: 'pdf' | 'csv'): Promise<void> {
  const res = await apiRequest('GET', `/api/wallet/statement.${format}?${query(p)}`);
  saveBlob(await res.blob(), `wallet-statement-${p.from}-to-${p.to}.${format}`);
}
