// Withdrawals: bank details parsed from bankDetails, QR screenshots (thumbnail, View, Download,
// Download All with a 300 ms stagger), Approve/Reject with confirmation, and the payout CSV.
import { useState } from 'react';
import { AlertTriangle, Download, Eye, FileSpreadsheet, Images, Landmark, X } from 'lucide-react';
import type { AdminWithdrawalItem } from '../../../../contract/wallet.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT, type MessageKey } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { fetchAllPendingWithdrawals, fetchDownload, fetchImageBlob, useDecideWithdrawal, useWithdrawals, withdrawalScreenshotUrl } from '../api.ts';
import { parseBankDetails } from '../bank-details.ts';
import { payoutCsv } from '../csv.ts';
import { saveBlob, saveCsv } from '../../../lib/save-blob.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { AuthenticatedImage } from '../../../components/ui/authenticated-image.tsx';
import { WITHDRAWAL_STATUS_OPTIONS, decisionColumn, useDecisionFlow, userColumn } from './decision-flow.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { ListToolbar, LoadMore, type StatusOption } from './list-toolbar.tsx';
import { providerName, usePayoutOverview, useWatchPayouts } from '../../payouts/api.ts';
import { PayoutStatus } from '../../payouts/components/payout-status.tsx';
import { PayoutsPanel } from '../../payouts/components/payouts-panel.tsx';

export const SCREENSHOT_STAGGER_MS = 300;

/** A two-word header on two lines in the wide table; on phone cards the words sit side by side. */
function TwoLine({ first, second }: { first: string; second: string }) {
  return (
    <>
      {first} <br className="hidden md:inline" />
      {second}
    </>
  );
}

type Viewing = { withdrawal: AdminWithdrawalItem; src: string };

export function WithdrawalsTab() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('pending');
  const q = useDebouncedValue(search);
  const withdrawals = useWithdrawals({ status, q });
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [alert, setAlert] = useState<MessageKey | null>(null);
  const [exporting, setExporting] = useState(false);
  const [downloadingAll, setDownloadingAll] = useState(false);
  const rows = withdrawals.data?.pages.flatMap((p) => p.items) ?? [];
  const me = useAuth().user?.id;
  // With a payout provider, an approval sends the money (no UTR to type), and rows being paid change by themselves.
  const payouts = usePayoutOverview();
  const provider = payouts.data?.provider ?? null;
  useWatchPayouts(rows.some((w) => w.status === 'paying'));
  const statusOptions: readonly StatusOption[] = provider
    ? WITHDRAWAL_STATUS_OPTIONS.flatMap((o) => (o.value === 'approved' ? [{ value: 'paying', label: 'admin.payouts.statusFilter' }, o] : [o]))
    : WITHDRAWAL_STATUS_OPTIONS;
  const review = useDecisionFlow<AdminWithdrawalItem>({
    decide: useDecideWithdrawal(),
    confirmTitle: { approved: t('admin.withdrawals.confirmApprove'), rejected: t('admin.withdrawals.confirmReject') },
    done: (w, decision, result) =>
      (result as Partial<AdminWithdrawalItem> | null)?.status === 'awaiting_second_approval'
        ? { title: t('admin.withdrawals.firstApproval'), description: t('admin.withdrawals.firstApprovalText', { amount: formatINR(w.amount), username: w.username }) }
        : (result as Partial<AdminWithdrawalItem> | null)?.status === 'paying'
          ? { title: t('admin.payouts.approvedTitle'), description: t('admin.payouts.approvedText', { amount: formatINR(w.amount), username: w.username, provider: providerName(provider) }) }
          : {
      title: decision === 'approved' ? t('admin.withdrawals.approved') : t('admin.withdrawals.rejected'),
      description:
        decision === 'approved'
          ? t('admin.withdrawals.approvedText', { amount: formatINR(w.amount), username: w.username })
          : t('admin.withdrawals.rejectedText', { amount: formatINR(w.amount), username: w.username }),
          },
    failed: { approved: t('admin.withdrawals.approveFailed'), rejected: t('admin.withdrawals.rejectFailed') },
    describe: (w, decision) =>
      decision === 'approved' && provider
        ? w.method === 'upi'
          ? t('admin.payouts.describeApproveUpi', { amount: formatINR(w.amount), username: w.username, upiId: w.upiId ?? '', provider: providerName(provider) })
          : t('admin.payouts.describeApproveBank', { amount: formatINR(w.amount), username: w.username, provider: providerName(provider) })
        : decision === 'approved'
        ? w.method === 'upi'
          ? t('admin.withdrawals.describeApproveUpi', { amount: formatINR(w.amount), username: w.username, upiId: w.upiId ?? '' })
          : t('admin.withdrawals.describeApproveBank', { amount: formatINR(w.amount), username: w.username })
        : t('admin.withdrawals.describeReject', { amount: formatINR(w.amount), username: w.username }),
    approvalReference: provider ? undefined : { label: t('admin.withdrawals.referenceLabel'), hint: t('admin.withdrawals.referenceHint') },
  });

  const view = async (w: AdminWithdrawalItem) => {
    setAlert(null);
    try {
      const blob = await fetchImageBlob(withdrawalScreenshotUrl(w.id));
      setViewing({ withdrawal: w, src: URL.createObjectURL(blob) });
    } catch (err) {
      setAlert(err instanceof ApiError ? 'admin.withdrawals.loadScreenshotFailed' : 'admin.withdrawals.loadScreenshotError');
    }
  };

  const closeViewer = () => {
    if (viewing) URL.revokeObjectURL(viewing.src);
    setViewing(null);
  };

  const download = async (w: AdminWithdrawalItem): Promise<boolean> => {
    try {
      const { blob, fileName } = await fetchDownload(withdrawalScreenshotUrl(w.id, true), `withdrawal-${w.id}.png`);
      saveBlob(blob, fileName);
      return true;
    } catch (err) {
      setAlert(err instanceof ApiError ? 'admin.withdrawals.downloadFailed' : 'admin.withdrawals.downloadError');
      return false;
    }
  };

  const downloadAll = () => {
    setAlert(null);
    const withShots = rows.filter((w) => w.hasScreenshot);
    if (withShots.length === 0) {
      // The spec's text is bilingual (Hindi / English); the Hindi catalogue shows the Hindi half.
      setAlert('admin.withdrawals.noScreenshots');
      return;
    }
    setDownloadingAll(true);
    // Staggered so the browser does not drop simultaneous downloads.
    withShots.forEach((w, i) => {
      setTimeout(() => {
        void download(w).finally(() => {
          if (i === withShots.length - 1) {
            setDownloadingAll(false);
            toast({ title: t('admin.withdrawals.downloadsStarted'), description: t('admin.withdrawals.downloadsCount', { count: withShots.length }), variant: 'success' });
          }
        });
      }, i * SCREENSHOT_STAGGER_MS);
    });
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const pending = await fetchAllPendingWithdrawals();
      if (pending.length === 0) {
        toast({ title: t('admin.withdrawals.nothingToExport'), description: t('admin.withdrawals.noPending') });
        return;
      }
      const day = new Date().toISOString().slice(0, 10);
      saveCsv(payoutCsv(pending), `pending-withdrawals-${day}.csv`);
      toast({ title: t('admin.withdrawals.csvExported'), description: t('admin.withdrawals.csvExportedText', { count: pending.length }), variant: 'success' });
    } catch (err) {
      toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.withdrawals.exportFailed')), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumn<AdminWithdrawalItem>[] = [
    userColumn<AdminWithdrawalItem>(t),
    { key: 'amount', header: t('admin.common.amount'), align: 'right', cell: (w) => <Amount value={w.amount} className="font-semibold" /> },
    { key: 'holder', header: <TwoLine first={t('admin.withdrawals.holderFirst')} second={t('admin.withdrawals.holderSecond')} />, cell: (w) => parseBankDetails(w.bankDetails).accountHolderName || '—' },
    {
      key: 'account',
      header: <TwoLine first={t('admin.withdrawals.accountFirst')} second={t('admin.withdrawals.accountSecond')} />,
      cell: (w) =>
        w.method === 'upi' ? (
          <span className="flex flex-col gap-0.5">
            <Badge tone="primary" className="self-start">UPI</Badge>
            <span className="break-all font-mono text-xs">{w.upiId}</span>
          </span>
        ) : (
          <span className="flex flex-col gap-0.5">
            <span className="break-all font-mono text-xs">{parseBankDetails(w.bankDetails).accountNumber || w.accountNumber || '—'}</span>
            {w.upiId ? <span className="break-all text-xs text-muted-foreground">UPI {w.upiId}</span> : null}
          </span>
        ),
    },
    { key: 'ifsc', header: t('admin.withdrawals.ifsc'), cell: (w) => <span className="font-mono text-xs">{w.method === 'upi' ? '—' : parseBankDetails(w.bankDetails).ifscCode || w.ifscCode || '—'}</span> },
    {
      key: 'screenshot',
      header: t('admin.common.screenshot'),
      cell: (w) =>
        w.hasScreenshot ? (
          <div className="flex items-center justify-end gap-1.5 md:justify-start">
            <button
              type="button"
              onClick={() => void view(w)}
              aria-label={t('admin.withdrawals.enlarge', { username: w.username })}
              className="block size-12 shrink-0 overflow-hidden rounded-[8px] border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <AuthenticatedImage src={withdrawalScreenshotUrl(w.id)} alt={t('admin.withdrawals.screenshotAlt', { username: w.username })} className="size-full rounded-[8px] bg-muted object-cover" />
            </button>
            {/* Stacked beside the thumbnail in the table, in a row on phone cards. */}
            <div className="flex gap-1 md:flex-col md:gap-0">
              <Button size="icon" variant="ghost" className="size-10 md:size-6" onClick={() => void view(w)} aria-label={t('admin.withdrawals.viewLabel', { username: w.username })} title={t('admin.withdrawals.view')}>
                <Eye aria-hidden="true" className="size-4" />
              </Button>
              <Button size="icon" variant="ghost" className="size-10 md:size-6" onClick={() => void download(w)} aria-label={t('admin.withdrawals.downloadLabel', { username: w.username })} title={t('admin.withdrawals.download')}>
                <Download aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </div>
        ) : (
          <span className="text-xs text-muted-foreground">{t('admin.withdrawals.none')}</span>
        ),
    },
    { key: 'status', header: t('admin.common.status'), cell: (w) => <PayoutStatus status={w.status} payout={w.payout ?? null} /> },
    { key: 'date', header: t('admin.common.date'), cell: (w) => <span className="whitespace-nowrap">{formatDate(w.createdAt)}</span> },
    decisionColumn<AdminWithdrawalItem>(t, {
      compact: true,
      approveLabel: (w) => t('admin.withdrawals.approveLabel', { username: w.username }),
      rejectLabel: (w) => t('admin.withdrawals.rejectLabel', { username: w.username }),
      onDecide: review.ask,
      notesClassName: 'max-w-40',
      waiting: (w) =>
        w.status === 'awaiting_second_approval' && w.firstApproval
          ? w.firstApproval.byAdminId === me
            ? { note: t('admin.withdrawals.waitingForAnother'), mayApprove: false }
            : { note: t('admin.withdrawals.firstApprovedBy', { name: w.firstApproval.byAdminName ?? '—' }), mayApprove: true }
          : null,
    }),
  ];

  // Nine columns: tighter cell padding keeps the row actions in view on a 1280 px screen.
  for (const c of columns) c.className = 'px-2.5!';

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar search={search} onSearchChange={setSearch} searchLabel={t('admin.withdrawals.search')} status={status} onStatusChange={setStatus} statusOptions={statusOptions}>
        <Button variant="outline" onClick={downloadAll} loading={downloadingAll} loadingText={t('admin.withdrawals.downloading')}>
          <Images aria-hidden="true" className="size-4" /> {t('admin.withdrawals.downloadAll')}
        </Button>
        <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} loadingText={t('admin.withdrawals.exporting')}>
          <FileSpreadsheet aria-hidden="true" className="size-4" /> {t('admin.withdrawals.exportCsv')}
        </Button>
      </ListToolbar>
      {alert ? (
        <div role="alert" className="hc-border flex items-start gap-3 rounded-[12px] border border-destructive/40 bg-destructive-soft p-3 text-sm text-destructive-soft-foreground">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="flex-1 font-medium">{t(alert)}</p>
          <button type="button" onClick={() => setAlert(null)} className="rounded-md p-0.5 focus-visible:outline-2 focus-visible:outline-ring" aria-label={t('admin.withdrawals.dismiss')}>
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <PayoutsPanel overview={payouts.data} />
      {withdrawals.isPending ? (
        <SkeletonList rows={6} label={t('admin.withdrawals.loading')} />
      ) : withdrawals.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(withdrawals.error, t('admin.withdrawals.loadError'))}
        </p>
      ) : (
        <>
          <Table
            caption={t('admin.withdrawals.caption')}
            columns={columns}
            rows={rows}
            getRowKey={(w) => w.id}
            empty={
              <EmptyState
                icon={<Landmark aria-hidden="true" className="size-6" />}
                title={status === 'pending' && !q ? t('admin.withdrawals.emptyWaiting') : t('admin.withdrawals.emptyMatch')}
                description={status === 'pending' && !q ? t('admin.withdrawals.emptyWaitingText') : t('admin.common.tryAnother')}
              />
            }
          />
          {rows.length > 0 ? <LoadMore shown={rows.length} hasNextPage={withdrawals.hasNextPage} isFetchingNextPage={withdrawals.isFetchingNextPage} onLoadMore={() => void withdrawals.fetchNextPage()} /> : null}
        </>
      )}
      {viewing ? (
        <Dialog open onOpenChange={(open) => (open ? undefined : closeViewer())} title={t('admin.withdrawals.viewerTitle', { username: viewing.withdrawal.username })} description={t('admin.withdrawals.viewerText', { amount: formatINR(viewing.withdrawal.amount) })} className="max-w-2xl">
          <img src={viewing.src} alt={t('admin.withdrawals.screenshotAlt', { username: viewing.withdrawal.username })} className="max-h-[65vh] w-full rounded-[10px] bg-muted object-contain" />
          <Button variant="outline" className="mt-4 self-end" onClick={() => void download(viewing.withdrawal)}>
            <Download aria-hidden="true" className="size-4" /> {t('admin.withdrawals.download')}
          </Button>
        </Dialog>
      ) : null}
      {review.dialog}
    </div>
  );
}
