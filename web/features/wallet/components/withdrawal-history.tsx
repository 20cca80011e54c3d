// Withdrawal History: amount, status (Pending / Completed / Rejected), where it goes (UPI ID or
// bank account), dates, the transfer's reference once paid and the admin's note; in a scroll area
// of 20rem so the page does not grow with the list. A pending one's payout details can be corrected.
import { lazy, Suspense, useState } from 'react';
import { Landmark, PencilLine } from 'lucide-react';
import type { Withdrawal } from '../../../../contract/wallet.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT, type MessageKey } from '../../../i18n/t.ts';

// The correction dialog is code of its own, loaded when a correction is opened.
const CorrectPayoutDialog = lazy(() => import('./correct-payout-dialog.tsx').then((m) => ({ default: m.CorrectPayoutDialog })));

const LABELS = {
  pending: 'wallet.status.pending',
  approved: 'wallet.status.completed',
  rejected: 'wallet.status.rejected',
} as const satisfies Record<Withdrawal['status'], MessageKey>;

export function WithdrawalHistory({ rows, loading }: { rows: Withdrawal[] | undefined; loading: boolean }) {
  const t = useT();
  const [correcting, setCorrecting] = useState<Withdrawal | null>(null);
  if (loading) return <SkeletonList rows={3} label={t('wallet.history.loading')} />;
  if (!rows || rows.length === 0) {
    return <EmptyState icon={<Landmark aria-hidden="true" className="size-6" />} title={t('wallet.history.emptyTitle')} description={t('wallet.history.emptyText')} />;
  }
  return (
    // A fixed 20rem window once the list would be taller than that; short lists take their own height.
    <ScrollArea className={rows.length > 3 ? 'h-80 pe-3' : 'pe-3'} label={t('wallet.history.scrollLabel')}>
      <ul className="flex flex-col divide-y divide-border" aria-label={t('wallet.history.listLabel')}>
        {rows.map((w) => (
          <li key={w.id} className="flex flex-col gap-1 py-3 first:pt-0">
            <div className="flex items-center justify-between gap-3">
              <Amount value={w.amount} className="text-base font-bold" />
              <StatusBadge status={w.status === 'approved' ? 'completed' : w.status} label={t(LABELS[w.status])} />
            </div>
            <p className="truncate text-xs text-muted-foreground">
              {w.method === 'upi'
                ? t('wallet.history.upiLine', { upiId: w.upiId ?? '', name: w.accountHolderName })
                : t('wallet.history.bankLine', { name: w.accountHolderName, account: w.accountNumber ?? '', ifsc: w.ifscCode ?? '' })}
            </p>
            <p className="text-xs text-muted-foreground">
              {t('wallet.history.requested', { date: formatDate(w.createdAt) })}
              {w.processedAt ? ` · ${t('wallet.history.processed', { status: t(LABELS[w.status]), date: formatDate(w.processedAt) })}` : ''}
            </p>
            {w.payoutReference ? (
              <p className="text-xs text-muted-foreground">
                {t('wallet.history.utr')} <span className="font-mono font-semibold text-foreground">{w.payoutReference}</span>
              </p>
            ) : null}
            {w.status === 'pending' ? (
              <Button size="sm" variant="ghost" className="self-start px-0 text-primary" onClick={() => setCorrecting(w)} aria-label={t('wallet.correct.openLabel', { amount: w.amount })}>
                <PencilLine aria-hidden="true" className="size-4" /> {t('wallet.correct.open')}
              </Button>
            ) : null}
            {w.adminNotes ? (
              <p className={w.status === 'rejected' ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}>
                {w.status === 'rejected' ? t('wallet.history.reason') : t('wallet.history.note')}: {w.adminNotes}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {correcting ? (
        <Suspense fallback={null}>
          <CorrectPayoutDialog withdrawal={correcting} onClose={() => setCorrecting(null)} />
        </Suspense>
      ) : null}
    </ScrollArea>
  );
}
