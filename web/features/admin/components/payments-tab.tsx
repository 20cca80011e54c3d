// Manual Payments: activation payment proofs with their screenshot, Approve/Reject on pending rows
// (confirmation + optional notes), search, status filter and cursor pagination.
import { useState } from 'react';
import { ReceiptIndianRupee } from 'lucide-react';
import type { AdminPayment } from '../../../../contract/admin.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { paymentScreenshotUrl, useDecidePayment, usePayments } from '../api.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { ScreenshotThumbnail } from './screenshot-thumbnail.tsx';
import { DECISION_STATUS_OPTIONS, decisionColumn, useDecisionFlow, userColumn } from './decision-flow.tsx';
import { ListToolbar, LoadMore } from './list-toolbar.tsx';

export function PaymentsTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('pending');
  const q = useDebouncedValue(search);
  const payments = usePayments({ status, q });
  const rows = payments.data?.pages.flatMap((p) => p.items) ?? [];
  const review = useDecisionFlow<AdminPayment>({
    decide: useDecidePayment(),
    noun: 'payment',
    done: (p, decision) => ({
      title: decision === 'approved' ? 'Payment approved' : 'Payment rejected',
      description: decision === 'approved' ? `${p.username} is now active.` : `${p.username} can submit a new proof.`,
    }),
    failed: { approved: 'Failed to approve payment', rejected: 'Failed to reject payment' },
    describe: (p, decision) =>
      decision === 'rejected'
        ? `${p.username} (UTR ${p.utrNumber}) will be told the proof was rejected and can submit a new one.`
        : p.userActivated
          ? `${formatINR(p.amount)} from ${p.username} (UTR ${p.utrNumber}). The account is already active (activated directly): the fee is recorded and replaces the waiver, and the referrer is paid only if no reward was paid for this account yet.`
          : `${formatINR(p.amount)} from ${p.username} (UTR ${p.utrNumber}). The account is activated and the referrer is paid.`,
  });

  const columns: TableColumn<AdminPayment>[] = [
    userColumn<AdminPayment>(),
    { key: 'amount', header: 'Amount', align: 'right', cell: (p) => <Amount value={p.amount} className="font-semibold" /> },
    { key: 'utr', header: 'UTR', cell: (p) => <span className="font-mono text-xs tracking-wide">{p.utrNumber}</span> },
    {
      key: 'screenshot',
      header: 'Screenshot',
      cell: (p) => (
        <div className="flex justify-end md:justify-start">
          <ScreenshotThumbnail url={paymentScreenshotUrl(p.id)} alt={`Payment screenshot from ${p.username}`} title={`Payment proof · UTR ${p.utrNumber}`} />
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
    { key: 'date', header: 'Date', cell: (p) => <span className="whitespace-nowrap">{formatDate(p.createdAt)}</span> },
    decisionColumn<AdminPayment>({
      approveLabel: (p) => `Approve payment from ${p.username}`,
      rejectLabel: (p) => `Reject payment from ${p.username}`,
      onDecide: review.ask,
      notesClassName: 'max-w-48',
    }),
  ];

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar search={search} onSearchChange={setSearch} searchLabel="Search UTR, name, phone" status={status} onStatusChange={setStatus} statusOptions={DECISION_STATUS_OPTIONS} />
      {payments.isPending ? (
        <SkeletonList rows={6} label="Loading payments" />
      ) : payments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(payments.error, 'Could not load payments')}
        </p>
      ) : (
        <>
          <Table
            caption="Manual payments"
            columns={columns}
            rows={rows}
            getRowKey={(p) => p.id}
            empty={
              <EmptyState
                icon={<ReceiptIndianRupee aria-hidden="true" className="size-6" />}
                title={status === 'pending' && !q ? 'No payments waiting' : 'No payments match'}
                description={status === 'pending' && !q ? 'New activation proofs will appear here for review.' : 'Try another search or status.'}
              />
            }
          />
          {rows.length > 0 ? <LoadMore shown={rows.length} hasNextPage={payments.hasNextPage} isFetchingNextPage={payments.isFetchingNextPage} onLoadMore={() => void payments.fetchNextPage()} /> : null}
        </>
      )}
      {review.dialog}
    </div>
  );
}
