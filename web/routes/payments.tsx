// Payments (/payments): four totals and two tabs, Transaction History and Manual Payments, each with
// Refresh, Export (CSV of what is shown of the loaded pages), Filter and Load more.
import { useState } from 'react';
import { ArrowDownLeft, ArrowUpRight, Clock, SearchX, Wallet } from 'lucide-react';
import type { ManualPayment } from '../../contract/activation.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LoadMoreButton } from '../components/ui/load-more-button.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { MoneyStat } from '../features/transactions/components/money-stat.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { useManualPayments } from '../features/activation/api.ts';
import { PaymentHistoryList } from '../features/activation/components/payment-history.tsx';
import { useTransactions } from '../features/transactions/api.ts';
import { ListToolbar } from '../features/transactions/components/list-toolbar.tsx';
import { TransactionHistoryPanel } from '../features/transactions/components/transaction-history-panel.tsx';
import { applyFilter, csvFileName, EMPTY_FILTER, toCsv, type ListFilter } from '../features/transactions/filters.ts';
import { transactionStats } from '../features/transactions/stats.ts';
import { useAuth } from '../lib/auth.tsx';
import { formatDate } from '../lib/format.ts';
import { saveCsv } from '../lib/save-blob.ts';
import { loadMoreProps } from '../lib/paged-history.ts';
import { t as translate, useT, type MessageKey } from '../i18n/t.ts';

export default function PaymentsScreen() {
  const t = useT();
  const { user } = useAuth();
  const tx = useTransactions();
  const stats = tx.data ? transactionStats(tx.data) : null;
  // Earned comes from the server's total; the others are sums of the loaded pages and say so until all are loaded.
  const partial = Boolean(tx.hasNextPage);
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('activation.payments.title')} description={t('activation.payments.description')} />
      <section aria-label={t('activation.payments.totalsLabel')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <MoneyStat label={t('activation.payments.walletBalance')} amount={user.walletBalance} icon={<Wallet aria-hidden="true" className="size-5" />} />
        <MoneyStat label={t('activation.payments.totalEarned')} tone="success" amount={user.totalEarnings} icon={<ArrowDownLeft aria-hidden="true" className="size-5" />} />
        <MoneyStat
          label={partial ? t('activation.payments.withdrawnLoaded') : t('activation.payments.totalWithdrawn')}
          hint={partial && stats ? t('activation.payments.withdrawnHint', { count: stats.count }) : undefined}
          tone="destructive"
          amount={stats ? stats.withdrawn : null}
          icon={<ArrowUpRight aria-hidden="true" className="size-5" />}
        />
        <MoneyStat
          label={partial ? t('activation.payments.pendingLoaded') : t('activation.payments.pending')}
          tone="warning"
          value={stats ? stats.pending : '—'}
          icon={<Clock aria-hidden="true" className="size-5" />}
          hint={partial && stats ? t('activation.payments.pendingHintPartial', { count: stats.count }) : t('activation.payments.pendingHint')}
        />
      </section>
      <Tabs defaultValue="transactions">
        <TabsList>
          <TabsTrigger value="transactions">{t('activation.payments.transactionsTab')}</TabsTrigger>
          <TabsTrigger value="manual">{t('activation.payments.manualTab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="transactions">
          <Card>
            <div className="p-5">
              <TransactionHistoryPanel title={<h2 className="text-base font-semibold">{t('activation.payments.transactionsTab')}</h2>} />
            </div>
          </Card>
        </TabsContent>
        <TabsContent value="manual">
          <Card>
            <div className="p-5">
              <ManualPaymentsPanel />
            </div>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}

const PAYMENT_STATUS_KEYS = {
  pending: 'activation.status.pending',
  approved: 'activation.status.approved',
  rejected: 'activation.status.rejected',
} as const satisfies Record<string, MessageKey>;

const PAYMENT_STATUS_OPTIONS = [
  { value: 'pending', label: PAYMENT_STATUS_KEYS.pending },
  { value: 'approved', label: PAYMENT_STATUS_KEYS.approved },
  { value: 'rejected', label: PAYMENT_STATUS_KEYS.rejected },
] as const;

function statusText(status: string): string {
  const key = PAYMENT_STATUS_KEYS[status as keyof typeof PAYMENT_STATUS_KEYS] as MessageKey | undefined;
  return key ? translate(key) : status.charAt(0).toUpperCase() + status.slice(1);
}

/** The export, in the reader's language (called when Export is tapped). */
function paymentsCsv(rows: ManualPayment[]): string {
  return toCsv(
    [
      translate('activation.payments.csv.date'),
      translate('activation.payments.csv.amount'),
      translate('activation.payments.csv.utr'),
      translate('activation.payments.csv.status'),
      translate('activation.payments.csv.notes'),
    ],
    rows.map((p) => [formatDate(p.createdAt), p.amount, p.utrNumber, statusText(p.status), p.notes ?? '']),
  );
}

function ManualPaymentsPanel() {
  const t = useT();
  const q = useManualPayments();
  const [filter, setFilter] = useState<ListFilter>(EMPTY_FILTER);
  const rows = q.data ? applyFilter(q.data, filter) : undefined;
  const filteredOut = Boolean(q.data && q.data.length > 0 && rows?.length === 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{t('activation.payments.manualTab')}</h2>
        <ListToolbar
          filter={filter}
          onFilterChange={setFilter}
          statusOptions={PAYMENT_STATUS_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
          refreshing={q.isFetching}
          onRefresh={() => {
            void q.refetch().then((r) => {
              if (r.isError) toast({ title: t('activation.payments.error'), description: t('activation.payments.refreshFailed'), variant: 'destructive' });
            });
          }}
          exportDisabled={!rows || rows.length === 0}
          onExport={() => rows && saveCsv(paymentsCsv(rows), csvFileName('manual-payments'))}
        />
      </div>
      {filteredOut ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" className="size-6" />}
          title={t('activation.payments.noMatch')}
          action={
            <Button variant="outline" size="sm" onClick={() => setFilter(EMPTY_FILTER)}>
              {t('activation.payments.resetFilters')}
            </Button>
          }
        />
      ) : (
        <PaymentHistoryList payments={rows} loading={q.isPending} />
      )}
      <LoadMoreButton {...loadMoreProps(q, 'payments')} />
    </div>
  );
}
