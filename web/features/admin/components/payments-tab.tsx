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
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { paymentScreenshotUrl, useDecidePayment, usePayments } from '../api.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { ScreenshotThumbnail } from './screenshot-thumbnail.tsx';
import { DECISION_STATUS_OPTIONS, decisionColumn, useDecisionFlow, userColumn } from './decision-flow.tsx';
import { ListToolbar, LoadMore } from './list-toolbar.tsx';

export function PaymentsTab() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('pending');
  const q = useDebouncedValue(search);
  const payments = usePayments({ status, q });
  const rows = payments.data?.pages.flatMap((p) => p.items) ?? [];
  const review = useDecisionFlow<AdminPayment>({
    decide: useDecidePayment(),
    confirmTitle: { approved: t('admin.payments.confirmApprove'), rejected: t('admin.payments.confirmReject') },
    done: (p, decision) => ({
      title: decision === 'approved' ? t('admin.payments.approved') : t('admin.payments.rejected'),
      description: decision === 'approved' ? t('admin.payments.approvedText', { username: p.username }) : t('admin.payments.rejectedText', { username: p.username }),
    }),
    failed: { approved: t('admin.payments.approveFailed'), rejected: t('admin.payments.rejectFailed') },
    describe: (p, decision) =>
      decision === 'rejected'
        ? t('admin.payments.describeReject', { username: p.username, utr: p.utrNumber })
        : p.userActivated
          ? t('admin.payments.describeApproveActive', { amount: formatINR(p.amount), username: p.username, utr: p.utrNumber })
          : t('admin.payments.describeApprove', { amount: formatINR(p.amount), username: p.username, utr: p.utrNumber }),
  });

  const columns: TableColumn<AdminPayment>[] = [
    userColumn<AdminPayment>(t),
    { key: 'amount', header: t('admin.common.amount'), align: 'right', cell: (p) => <Amount value={p.amount} className="font-semibold" /> },
    { key: 'utr', header: t('admin.payments.utr'), cell: (p) => <span className="font-mono text-xs tracking-wide">{p.utrNumber}</span> },
    {
      key: 'screenshot',
      header: t('admin.common.screenshot'),
      cell: (p) => (
        <div className="flex justify-end md:justify-start">
          <ScreenshotThumbnail url={paymentScreenshotUrl(p.id)} alt={t('admin.payments.screenshotAlt', { username: p.username })} title={t('admin.payments.screenshotTitle', { utr: p.utrNumber })} />
        </div>
      ),
    },
    { key: 'status', header: t('admin.common.status'), cell: (p) => <StatusBadge status={p.status} /> },
    { key: 'date', header: t('admin.common.date'), cell: (p) => <span className="whitespace-nowrap">{formatDate(p.createdAt)}</span> },
    decisionColumn<AdminPayment>(t, {
      approveLabel: (p) => t('admin.payments.approveLabel', { username: p.username }),
      rejectLabel: (p) => t('admin.payments.rejectLabel', { username: p.username }),
      onDecide: review.ask,
      notesClassName: 'max-w-48',
    }),
  ];

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar search={search} onSearchChange={setSearch} searchLabel={t('admin.payments.search')} status={status} onStatusChange={setStatus} statusOptions={DECISION_STATUS_OPTIONS} />
      {payments.isPending ? (
        <SkeletonList rows={6} label={t('admin.payments.loading')} />
      ) : payments.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(payments.error, t('admin.payments.loadError'))}
        </p>
      ) : (
        <>
          <Table
            caption={t('admin.payments.caption')}
            columns={columns}
            rows={rows}
            getRowKey={(p) => p.id}
            empty={
              <EmptyState
                icon={<ReceiptIndianRupee aria-hidden="true" className="size-6" />}
                title={status === 'pending' && !q ? t('admin.payments.emptyWaiting') : t('admin.payments.emptyMatch')}
                description={status === 'pending' && !q ? t('admin.payments.emptyWaitingText') : t('admin.common.tryAnother')}
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
