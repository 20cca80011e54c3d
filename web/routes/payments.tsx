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
import { toast } from '../components/ui/toast.tsx';
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

export default function PaymentsScreen() {
  const { user } = useAuth();
  const tx = useTransactions();
  const stats = tx.data ? transactionStats(tx.data) : null;
  // Earned comes from the server's total; the others are sums of the loaded pages and say so until all are loaded.
  const partial = Boolean(tx.hasNextPage);
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Payments" description="Your earnings, withdrawals and activation payments in one place." />
      <section aria-label="Payment totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <MoneyStat label="Wallet Balance" amount={user.walletBalance} icon={<Wallet aria-hidden="true" className="size-5" />} />
        <MoneyStat label="Total Earned" tone="success" amount={user.totalEarnings} icon={<ArrowDownLeft aria-hidden="true" className="size-5" />} />
        <MoneyStat
          label={partial ? 'Withdrawn (loaded)' : 'Total Withdrawn'}
          hint={partial && stats ? `Of the latest ${stats.count} transactions` : undefined}
          tone="destructive"
          amount={stats ? stats.withdrawn : null}
          icon={<ArrowUpRight aria-hidden="true" className="size-5" />}
        />
        <MoneyStat
          label={partial ? 'Pending (loaded)' : 'Pending'}
          tone="warning"
          value={stats ? stats.pending : '—'}
          icon={<Clock aria-hidden="true" className="size-5" />}
          hint={partial && stats ? `Awaiting review, of the latest ${stats.count}` : 'Transactions awaiting review'}
        />
      </section>
      <Tabs defaultValue="transactions">
        <TabsList>
          <TabsTrigger value="transactions">Transaction History</TabsTrigger>
          <TabsTrigger value="manual">Manual Payments</TabsTrigger>
        </TabsList>
        <TabsContent value="transactions">
          <Card>
            <div className="p-5">
              <TransactionHistoryPanel title={<h2 className="text-base font-semibold">Transaction History</h2>} />
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

const PAYMENT_STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

function paymentsCsv(rows: ManualPayment[]): string {
  return toCsv(
    ['Date', 'Amount (INR)', 'UTR Number', 'Status', 'Notes'],
    rows.map((p) => [formatDate(p.createdAt), p.amount, p.utrNumber, p.status.charAt(0).toUpperCase() + p.status.slice(1), p.notes ?? '']),
  );
}

function ManualPaymentsPanel() {
  const q = useManualPayments();
  const [filter, setFilter] = useState<ListFilter>(EMPTY_FILTER);
  const rows = q.data ? applyFilter(q.data, filter) : undefined;
  const filteredOut = Boolean(q.data && q.data.length > 0 && rows?.length === 0);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Manual Payments</h2>
        <ListToolbar
          filter={filter}
          onFilterChange={setFilter}
          statusOptions={PAYMENT_STATUS_OPTIONS}
          refreshing={q.isFetching}
          onRefresh={() => {
            void q.refetch().then((r) => {
              if (r.isError) toast({ title: 'Error', description: 'Failed to refresh payments', variant: 'destructive' });
            });
          }}
          exportDisabled={!rows || rows.length === 0}
          onExport={() => rows && saveCsv(paymentsCsv(rows), csvFileName('manual-payments'))}
        />
      </div>
      {filteredOut ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" className="size-6" />}
          title="No payments match these filters"
          action={
            <Button variant="outline" size="sm" onClick={() => setFilter(EMPTY_FILTER)}>
              Reset filters
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
