// Transaction history with Refresh (re-fetch from the first page, spinning icon), Export (CSV of
// exactly the filtered rows of the loaded pages), Filter (type, status, date range) and Load more.
import { useState } from 'react';
import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { saveCsv } from '../../../lib/save-blob.ts';
import { useTransactions } from '../api.ts';
import { applyFilter, csvFileName, EMPTY_FILTER, STATUS_LABELS, transactionsCsv, TYPE_LABELS, type ListFilter } from '../filters.ts';
import { ListToolbar } from './list-toolbar.tsx';
import { TransactionList } from './transaction-list.tsx';
import { loadMoreProps } from '../../../lib/paged-history.ts';
import { formatINR } from '../../../lib/format.ts';
import { transactionStats } from '../stats.ts';
import { useT } from '../../../i18n/t.ts';

export function TransactionHistoryPanel({ title }: { title?: React.ReactNode }) {
  const t = useT();
  const q = useTransactions();
  const typeOptions = Object.entries(TYPE_LABELS).map(([value, key]) => ({ value, label: t(key) }));
  const statusOptions = Object.entries(STATUS_LABELS).flatMap(([value, key]) => (key ? [{ value, label: t(key) }] : []));
  const [filter, setFilter] = useState<ListFilter>(EMPTY_FILTER);
  const rows = q.data ? applyFilter(q.data, filter) : undefined;
  const filtered = Boolean(q.data && q.data.length > 0 && rows?.length === 0);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {title}
        <ListToolbar
          filter={filter}
          onFilterChange={setFilter}
          typeOptions={typeOptions}
          statusOptions={statusOptions}
          refreshing={q.isFetching}
          onRefresh={() => {
            void q.refetch().then((r) => {
              if (r.isError) toast({ title: t('transactions.panel.errorTitle'), description: t('transactions.panel.refreshFailed'), variant: 'destructive' });
            });
          }}
          exportDisabled={!rows || rows.length === 0}
          onExport={() => rows && saveCsv(transactionsCsv(rows), csvFileName('transactions'))}
        />
      </div>
      {q.data && q.data.length > 0 && rows?.length === q.data.length ? <Reconciliation rows={q.data} partial={Boolean(q.hasNextPage)} /> : null}
      {q.data && rows && rows.length !== q.data.length ? (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {q.hasNextPage
            ? t('transactions.panel.showingLoaded', { shown: rows.length, total: q.data.length })
            : t('transactions.panel.showing', { shown: rows.length, total: q.data.length })}
        </p>
      ) : null}
      {filtered ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" className="size-6" />}
          title={t('transactions.panel.noMatchTitle')}
          description={t('transactions.panel.noMatchText')}
          action={
            <Button variant="outline" size="sm" onClick={() => setFilter(EMPTY_FILTER)}>
              {t('transactions.panel.resetFilters')}
            </Button>
          }
        />
      ) : (
        <TransactionList rows={rows} loading={q.isPending} />
      )}
      <LoadMoreButton {...loadMoreProps(q, 'transactions')} />
      {q.isError ? <p className="text-sm text-destructive">{t('transactions.panel.loadFailed')}</p> : null}
    </div>
  );
}

/** The history, summed: opening + credits - debits = the balance, so a person can check it adds up. */
function Reconciliation({ rows, partial }: { rows: Parameters<typeof transactionStats>[0]; partial: boolean }) {
  const t = useT();
  const s = transactionStats(rows);
  if (s.opening === null || s.closing === null) return null;
  const sums = { opening: formatINR(s.opening), credits: formatINR(s.credits), debits: formatINR(s.debits) };
  return (
    <p className="tabular rounded-[10px] bg-muted px-3 py-2 text-xs text-muted-foreground">
      {partial ? t('transactions.reconciliation.before', sums) : t('transactions.reconciliation.opening', sums)}{' '}
      <span className="font-semibold text-foreground">{t('transactions.reconciliation.balance', { closing: formatINR(s.closing) })}</span>
    </p>
  );
}

