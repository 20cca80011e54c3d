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
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { paymentScreenshotUrl, useDecidePayment, usePayments } from '../api.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { ScreenshotThumbnail } from './screenshot-thumbnail.tsx';
import { DecisionDialog } from './decision-dialog.tsx';
import { RowActions } from './row-actions.tsx';
import { ListToolbar, LoadMore } from './list-toolbar.tsx';

export const DECISION_STATUS_OPTIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'all', label: 'All statuses' },
];

type Pending = { payment: AdminPayment; status: 'approved' | 'rejected' };

export function PaymentsTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('pending');
  const q = useDebouncedValue(search);
  const payments = usePayments({ status, q });
  const decide = useDecidePayment();
  const [confirming, setConfirming] = useState<Pending | null>(null);
  const rows = payments.data?.pages.flatMap((p) => p.items) ?? [];

  const onConfirm = (notes: string) => {
    if (!confirming) return;
    const { payment, status: decision } = confirming;
    decide.mutate(
      { id: payment.id, status: decision, notes },
      {
        onSuccess: () => {
          toast({
            title: decision === 'approved' ? 'Payment approved' : 'Payment rejected',
            description: decision === 'approved' ? `${payment.username} is now active.` : `${payment.username} can submit a new proof.`,
            variant: decision === 'approved' ? 'success' : 'default',
          });
          setConfirming(null);
        },
        onError: (err) => {
          toast({ title: 'Error', description: errorMessage(err, decision === 'approved' ? 'Failed to approve payment' : 'Failed to reject payment'), variant: 'destructive' });
          setConfirming(null);
        },
      },
    );
  };

  const columns: TableColumn<AdminPayment>[] = [
    {
      key: 'user',
      header: 'User',
      mobile: 'title',
      cell: (p) => (
        <div className="min-w-0">
          <p className="truncate font-medium">{p.username}</p>
          <p className="truncate text-xs text-muted-foreground" title={p.userId}>
            {p.phone ?? p.userId.slice(-8)}
          </p>
        </div>
      ),
    },
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
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (p) =>
        p.status === 'pending' ? (
          <RowActions
            approveLabel={`Approve payment from ${p.username}`}
            rejectLabel={`Reject payment from ${p.username}`}
            onApprove={() => setConfirming({ payment: p, status: 'approved' })}
            onReject={() => setConfirming({ payment: p, status: 'rejected' })}
          />
        ) : (
          <span className="block max-w-48 truncate text-xs text-muted-foreground" title={p.adminNotes ?? undefined}>
            {p.adminNotes ?? '—'}
          </span>
        ),
    },
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
      {confirming ? (
        <DecisionDialog
          title={confirming.status === 'approved' ? 'Approve this payment?' : 'Reject this payment?'}
          description={
            confirming.status === 'approved'
              ? `${formatINR(confirming.payment.amount)} from ${confirming.payment.username} (UTR ${confirming.payment.utrNumber}). The account is activated and the referrer is paid.`
              : `${confirming.payment.username} (UTR ${confirming.payment.utrNumber}) will be told the proof was rejected and can submit a new one.`
          }
          confirmLabel={confirming.status === 'approved' ? 'Approve' : 'Reject'}
          tone={confirming.status === 'approved' ? 'success' : 'destructive'}
          busy={decide.isPending}
          onConfirm={onConfirm}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
