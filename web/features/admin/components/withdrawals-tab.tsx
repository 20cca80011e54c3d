// Withdrawals: bank details parsed from bankDetails, QR screenshots (thumbnail, View, Download,
// Download All with a 300 ms stagger), Approve/Reject with confirmation, and the payout CSV.
import { useState } from 'react';
import { AlertTriangle, Download, Eye, FileSpreadsheet, Images, Landmark, X } from 'lucide-react';
import type { AdminWithdrawal } from '../../../../contract/wallet.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Badge, StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { fetchAllPendingWithdrawals, fetchDownload, fetchImageBlob, useDecideWithdrawal, useWithdrawals, withdrawalScreenshotUrl } from '../api.ts';
import { parseBankDetails } from '../bank-details.ts';
import { payoutCsv } from '../csv.ts';
import { saveBlob, saveCsv } from '../../../lib/save-blob.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { AuthenticatedImage } from '../../../components/ui/authenticated-image.tsx';
import { DECISION_STATUS_OPTIONS, decisionColumn, useDecisionFlow, userColumn } from './decision-flow.tsx';
import { ListToolbar, LoadMore } from './list-toolbar.tsx';

export const SCREENSHOT_STAGGER_MS = 300;
export const NO_SCREENSHOTS_MESSAGE = 'कोई QR स्क्रीनशॉट उपलब्ध नहीं है / No QR screenshots available';

/** A two-word header on two lines in the wide table; on phone cards the words sit side by side. */
function TwoLine({ first, second }: { first: string; second: string }) {
  return (
    <>
      {first} <br className="hidden md:inline" />
      {second}
    </>
  );
}

type Viewing = { withdrawal: AdminWithdrawal; src: string };

export function WithdrawalsTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('pending');
  const q = useDebouncedValue(search);
  const withdrawals = useWithdrawals({ status, q });
  const [viewing, setViewing] = useState<Viewing | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [downloadingAll, setDownloadingAll] = useState(false);
  const rows = withdrawals.data?.pages.flatMap((p) => p.items) ?? [];
  const review = useDecisionFlow<AdminWithdrawal>({
    decide: useDecideWithdrawal(),
    noun: 'withdrawal',
    done: (w, decision) => ({
      title: decision === 'approved' ? 'Withdrawal approved' : 'Withdrawal rejected',
      description: decision === 'approved' ? `${formatINR(w.amount)} to ${w.username} marked as paid.` : `${formatINR(w.amount)} refunded to ${w.username}'s wallet.`,
    }),
    failed: { approved: 'Failed to approve withdrawal', rejected: 'Failed to reject withdrawal' },
    describe: (w, decision) =>
      decision === 'approved'
        ? `Confirm you have paid ${formatINR(w.amount)} to ${w.username} by ${w.method === 'upi' ? `UPI (${w.upiId ?? ''})` : 'bank transfer'}.`
        : `${formatINR(w.amount)} goes back to ${w.username}'s wallet.`,
    approvalReference: { label: 'Transfer reference (UTR)', hint: 'The reference your bank or UPI app gave for this transfer. The user sees it on their withdrawal.' },
  });

  const view = async (w: AdminWithdrawal) => {
    setAlert(null);
    try {
      const blob = await fetchImageBlob(withdrawalScreenshotUrl(w.id));
      setViewing({ withdrawal: w, src: URL.createObjectURL(blob) });
    } catch (err) {
      setAlert(err instanceof ApiError ? 'Failed to load screenshot' : 'Error loading screenshot');
    }
  };

  const closeViewer = () => {
    if (viewing) URL.revokeObjectURL(viewing.src);
    setViewing(null);
  };

  const download = async (w: AdminWithdrawal): Promise<boolean> => {
    try {
      const { blob, fileName } = await fetchDownload(withdrawalScreenshotUrl(w.id, true), `withdrawal-${w.id}.png`);
      saveBlob(blob, fileName);
      return true;
    } catch (err) {
      setAlert(err instanceof ApiError ? 'Failed to download screenshot' : 'Error downloading screenshot');
      return false;
    }
  };

  const downloadAll = () => {
    setAlert(null);
    const withShots = rows.filter((w) => w.hasScreenshot);
    if (withShots.length === 0) {
      setAlert(NO_SCREENSHOTS_MESSAGE);
      return;
    }
    setDownloadingAll(true);
    // Staggered so the browser does not drop simultaneous downloads.
    withShots.forEach((w, i) => {
      setTimeout(() => {
        void download(w).finally(() => {
          if (i === withShots.length - 1) {
            setDownloadingAll(false);
            toast({ title: 'Downloads started', description: `${withShots.length} QR screenshot${withShots.length === 1 ? '' : 's'}`, variant: 'success' });
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
        toast({ title: 'Nothing to export', description: 'There are no pending withdrawals.' });
        return;
      }
      const day = new Date().toISOString().slice(0, 10);
      saveCsv(payoutCsv(pending), `pending-withdrawals-${day}.csv`);
      toast({ title: 'CSV exported', description: `${pending.length} pending withdrawal${pending.length === 1 ? '' : 's'} for bank payout.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'Failed to export withdrawals'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const columns: TableColumn<AdminWithdrawal>[] = [
    userColumn<AdminWithdrawal>(),
    { key: 'amount', header: 'Amount', align: 'right', cell: (w) => <Amount value={w.amount} className="font-semibold" /> },
    { key: 'holder', header: <TwoLine first="Account" second="Holder" />, cell: (w) => parseBankDetails(w.bankDetails).accountHolderName || '—' },
    {
      key: 'account',
      header: <TwoLine first="Account Number" second="/ UPI ID" />,
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
    { key: 'ifsc', header: 'IFSC', cell: (w) => <span className="font-mono text-xs">{w.method === 'upi' ? '—' : parseBankDetails(w.bankDetails).ifscCode || w.ifscCode || '—'}</span> },
    {
      key: 'screenshot',
      header: 'Screenshot',
      cell: (w) =>
        w.hasScreenshot ? (
          <div className="flex items-center justify-end gap-1.5 md:justify-start">
            <button
              type="button"
              onClick={() => void view(w)}
              aria-label={`Enlarge QR screenshot from ${w.username}`}
              className="block size-12 shrink-0 overflow-hidden rounded-[8px] border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <AuthenticatedImage src={withdrawalScreenshotUrl(w.id)} alt={`QR screenshot from ${w.username}`} className="size-full rounded-[8px] bg-muted object-cover" />
            </button>
            {/* Stacked beside the thumbnail in the table, in a row on phone cards. */}
            <div className="flex gap-1 md:flex-col md:gap-0">
              <Button size="icon" variant="ghost" className="size-10 md:size-6" onClick={() => void view(w)} aria-label={`View QR screenshot from ${w.username}`} title="View">
                <Eye aria-hidden="true" className="size-4" />
              </Button>
              <Button size="icon" variant="ghost" className="size-10 md:size-6" onClick={() => void download(w)} aria-label={`Download QR screenshot from ${w.username}`} title="Download">
                <Download aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </div>
        ) : (
          <span className="text-xs text-muted-foreground">None</span>
        ),
    },
    { key: 'status', header: 'Status', cell: (w) => <StatusBadge status={w.status} /> },
    { key: 'date', header: 'Date', cell: (w) => <span className="whitespace-nowrap">{formatDate(w.createdAt)}</span> },
    decisionColumn<AdminWithdrawal>({
      compact: true,
      approveLabel: (w) => `Approve withdrawal for ${w.username}`,
      rejectLabel: (w) => `Reject withdrawal for ${w.username}`,
      onDecide: review.ask,
      notesClassName: 'max-w-40',
    }),
  ];

  // Nine columns: tighter cell padding keeps the row actions in view on a 1280 px screen.
  for (const c of columns) c.className = 'px-2.5!';

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar search={search} onSearchChange={setSearch} searchLabel="Search name, phone, account" status={status} onStatusChange={setStatus} statusOptions={DECISION_STATUS_OPTIONS}>
        <Button variant="outline" onClick={downloadAll} loading={downloadingAll} loadingText="Downloading…">
          <Images aria-hidden="true" className="size-4" /> Download All QR Screenshots
        </Button>
        <Button variant="outline" onClick={() => void exportCsv()} loading={exporting} loadingText="Exporting…">
          <FileSpreadsheet aria-hidden="true" className="size-4" /> Export CSV
        </Button>
      </ListToolbar>
      {alert ? (
        <div role="alert" className="hc-border flex items-start gap-3 rounded-[12px] border border-destructive/40 bg-destructive-soft p-3 text-sm text-destructive-soft-foreground">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p className="flex-1 font-medium">{alert}</p>
          <button type="button" onClick={() => setAlert(null)} className="rounded-md p-0.5 focus-visible:outline-2 focus-visible:outline-ring" aria-label="Dismiss">
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      {withdrawals.isPending ? (
        <SkeletonList rows={6} label="Loading withdrawals" />
      ) : withdrawals.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(withdrawals.error, 'Could not load withdrawals')}
        </p>
      ) : (
        <>
          <Table
            caption="Withdrawal requests"
            columns={columns}
            rows={rows}
            getRowKey={(w) => w.id}
            empty={
              <EmptyState
                icon={<Landmark aria-hidden="true" className="size-6" />}
                title={status === 'pending' && !q ? 'No withdrawals waiting' : 'No withdrawals match'}
                description={status === 'pending' && !q ? 'New payout requests will appear here.' : 'Try another search or status.'}
              />
            }
          />
          {rows.length > 0 ? <LoadMore shown={rows.length} hasNextPage={withdrawals.hasNextPage} isFetchingNextPage={withdrawals.isFetchingNextPage} onLoadMore={() => void withdrawals.fetchNextPage()} /> : null}
        </>
      )}
      {viewing ? (
        <Dialog open onOpenChange={(open) => (open ? undefined : closeViewer())} title={`QR screenshot · ${viewing.withdrawal.username}`} description={`Withdrawal of ${formatINR(viewing.withdrawal.amount)}`} className="max-w-2xl">
          <img src={viewing.src} alt={`QR screenshot from ${viewing.withdrawal.username}`} className="max-h-[65vh] w-full rounded-[10px] bg-muted object-contain" />
          <Button variant="outline" className="mt-4 self-end" onClick={() => void download(viewing.withdrawal)}>
            <Download aria-hidden="true" className="size-4" /> Download
          </Button>
        </Dialog>
      ) : null}
      {review.dialog}
    </div>
  );
}
