// Withdrawal History: amount, status (Pending / Completed / Rejected), where it goes (UPI ID or
// bank account), dates, the transfer's reference once paid and the admin's note; in a scroll area
// of 20rem so the page does not grow with the list.
import { Landmark } from 'lucide-react';
import type { Withdrawal } from '../../../../contract/wallet.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';

const LABELS = { pending: 'Pending', approved: 'Completed', rejected: 'Rejected' } as const;

export function WithdrawalHistory({ rows, loading }: { rows: Withdrawal[] | undefined; loading: boolean }) {
  if (loading) return <SkeletonList rows={3} label="Loading withdrawal history" />;
  if (!rows || rows.length === 0) {
    return <EmptyState icon={<Landmark aria-hidden="true" className="size-6" />} title="No withdrawals yet" description="Your withdrawal requests and their status will appear here." />;
  }
  return (
    // A fixed 20rem window once the list would be taller than that; short lists take their own height.
    <ScrollArea className={rows.length > 3 ? 'h-80 pr-3' : 'pr-3'} label="Withdrawal history">
      <ul className="flex flex-col divide-y divide-border" aria-label="Withdrawal requests">
        {rows.map((w) => (
          <li key={w.id} className="flex flex-col gap-1 py-3 first:pt-0">
            <div className="flex items-center justify-between gap-3">
              <Amount value={w.amount} className="text-base font-bold" />
              <StatusBadge status={w.status === 'approved' ? 'completed' : w.status} label={LABELS[w.status]} />
            </div>
            <p className="truncate text-xs text-muted-foreground">
              {w.method === 'upi' ? `UPI ${w.upiId ?? ''} · ${w.accountHolderName}` : `${w.accountHolderName} · A/c ${w.accountNumber ?? ''} · ${w.ifscCode ?? ''}`}
            </p>
            <p className="text-xs text-muted-foreground">
              Requested {formatDate(w.createdAt)}
              {w.processedAt ? ` · ${LABELS[w.status]} ${formatDate(w.processedAt)}` : ''}
            </p>
            {w.payoutReference ? (
              <p className="text-xs text-muted-foreground">
                Transfer reference (UTR): <span className="font-mono font-semibold text-foreground">{w.payoutReference}</span>
              </p>
            ) : null}
            {w.adminNotes ? (
              <p className={w.status === 'rejected' ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}>
                {w.status === 'rejected' ? 'Reason' : 'Note'}: {w.adminNotes}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </ScrollArea>
  );
}
