// Manual Payments: activation payment proofs with their screenshot, Approve/Reject on pending rows
// (confirmation + optional notes), Reverse on approved ones for a Super Admin (a required reason),
// search, status filter and cursor pagination.
import { lazy, Suspense, useState } from 'react';
import { FileSpreadsheet, ReceiptIndianRupee, Undo2 } from 'lucide-react';
import type { AdminPaymentItem } from '../../../../contract/admin.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR, gatewayDisplayName } from '../../../lib/format.ts';
import { paymentScreenshotUrl, useDecidePayment, usePayments, useReversePayment } from '../api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { DecisionDialog } from './decision-dialog.tsx';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { ScreenshotThumbnail } from './screenshot-thumbnail.tsx';
import { PAYMENT_STATUS_OPTIONS, decisionColumn, useDecisionFlow, userColumn } from './decision-flow.tsx';
import { ListToolbar, LoadMore } from './list-toolbar.tsx';

const ReconcileView = lazy(() => import('../../reconciliation/components/reconcile-view.tsx'));

export function PaymentsTab() {
  const t = useT();
  const [reconciling, setReconciling] = useState(false);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('pending');
  const q = useDebouncedValue(search);
  const payments = usePayments({ status, q });
  const rows = payments.data?.pages.flatMap((p) => p.items) ?? [];
  const isSuperAdmin = useAuth().user?.adminRole !== 'reviewer';
  const reverse = useReversePayment();
  const [reversing, setReversing] = useState<AdminPaymentItem | null>(null);
  const onReverse = (p: AdminPaymentItem, reason: string) => {
    reverse.mutate(
      { id: p.id, reason },
      {
        onSuccess: (r) => {
          const debt = Number(r.recordedAsDebt) > 0;
          toast({
            title: t('admin.reversal.done'),
            description: Number(r.clawedBack) > 0
              ? debt
                ? t('admin.reversal.doneDebt', { username: p.username, amount: formatINR(r.clawedBack), debt: formatINR(r.recordedAsDebt) })
                : t('admin.reversal.doneClawback', { username: p.username, amount: formatINR(r.clawedBack) })
              : t('admin.reversal.doneNoReward', { username: p.username }),
            variant: 'success',
          });
          setReversing(null);
        },
        onError: (err) => {
          toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.reversal.failed')), variant: 'destructive' });
          setReversing(null);
        },
      },
    );
  };
  const review = useDecisionFlow<AdminPaymentItem>({
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

  const columns: TableColumn<AdminPaymentItem>[] = [
    userColumn<AdminPaymentItem>(t),
    { key: 'amount', header: t('admin.common.amount'), align: 'right', cell: (p) => <Amount value={p.amount} className="font-semibold" /> },
    { key: 'utr', header: t('admin.payments.utr'), cell: (p) => <span className="font-mono text-xs tracking-wide">{p.utrNumber}</span> },
    {
      key: 'screenshot',
      header: t('admin.common.screenshot'),
      cell: (p) => (
        <div className="flex justify-end md:justify-start">
          {p.method === 'gateway' ? (
            <span className="text-xs font-semibold text-primary">{t('admin.payments.viaGateway', { gateway: gatewayDisplayName(p.gateway) })}</span>
          ) : (
            <ScreenshotThumbnail url={paymentScreenshotUrl(p.id)} alt={t('admin.payments.screenshotAlt', { username: p.username })} title={t('admin.payments.screenshotTitle', { utr: p.utrNumber })} />
          )}
        </div>
      ),
    },
    {
      key: 'status',
      header: t('admin.common.status'),
      cell: (p) =>
        p.status === 'reversed' && p.reversalReason ? (
          <span className="flex flex-col items-start gap-0.5">
            <StatusBadge status={p.status} />
            <span className="max-w-48 truncate text-xs text-muted-foreground" title={p.reversalReason}>
              {p.reversalReason}
            </span>
          </span>
        ) : (
          <StatusBadge status={p.status} />
        ),
    },
    { key: 'date', header: t('admin.common.date'), cell: (p) => <span className="whitespace-nowrap">{formatDate(p.createdAt)}</span> },
    decisionColumn<AdminPaymentItem>(t, {
      approveLabel: (p) => t('admin.payments.approveLabel', { username: p.username }),
      rejectLabel: (p) => t('admin.payments.rejectLabel', { username: p.username }),
      onDecide: review.ask,
      notesClassName: 'max-w-48',
      decided: (p) =>
        p.status === 'approved' && isSuperAdmin ? (
          <Button size="sm" variant="outline" className="text-destructive" onClick={() => setReversing(p)} aria-label={t('admin.reversal.reverseLabel', { username: p.username })}>
            <Undo2 aria-hidden="true" className="size-4" /> {t('admin.reversal.reverse')}
          </Button>
        ) : null,
    }),
  ];

  if (reconciling) {
    return (
      <Suspense fallback={<SkeletonList rows={4} label={t('admin.payments.loading')} />}>
        <ReconcileView onBack={() => setReconciling(false)} />
      </Suspense>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Button variant="outline" onClick={() => setReconciling(true)}>
          <FileSpreadsheet aria-hidden="true" className="size-4" /> {t('admin.payments.reconcile')}
        </Button>
      </div>
      <ListToolbar search={search} onSearchChange={setSearch} searchLabel={t('admin.payments.search')} status={status} onStatusChange={setStatus} statusOptions={PAYMENT_STATUS_OPTIONS} />
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
      {reversing ? (
        <DecisionDialog
          title={t('admin.reversal.confirmTitle')}
          description={t('admin.reversal.describe', { amount: formatINR(reversing.amount), username: reversing.username, utr: reversing.utrNumber })}
          confirmLabel={t('admin.reversal.reverse')}
          tone="destructive"
          notesLabel={t('admin.reversal.reasonLabel')}
          notesHint={t('admin.reversal.reasonHint')}
          notesRequired={5}
          busy={reverse.isPending}
          onConfirm={(reason) => onReverse(reversing, reason)}
          onClose={() => setReversing(null)}
        />
      ) : null}
    </div>
  );
}
