// A withdrawal's state in the admin list, with its payout when a payout provider pays it: "Sending"
// while the provider works on it (and what it says: processing, waiting for the bank balance...),
// "Not sent" when it refused, then the payout id, the UTR and the provider's reason for a return.
import { AlertTriangle, Hourglass, Send } from 'lucide-react';
import type { PayoutInfo } from '../../../../contract/payouts.ts';
import type { AdminWithdrawal } from '../../../../contract/wallet.ts';
import { Badge, StatusBadge } from '../../../components/ui/badge.tsx';
import { useT, type MessageKey } from '../../../i18n/t.ts';
import { providerName } from '../api.ts';

const PROVIDER_STATUS: Record<string, MessageKey> = {
  queued: 'admin.payouts.providerStatus.queued',
  pending: 'admin.payouts.providerStatus.pending',
  scheduled: 'admin.payouts.providerStatus.pending',
  processing: 'admin.payouts.providerStatus.processing',
  processed: 'admin.payouts.providerStatus.processed',
  reversed: 'admin.payouts.providerStatus.reversed',
  failed: 'admin.payouts.providerStatus.failed',
  rejected: 'admin.payouts.providerStatus.rejected',
  cancelled: 'admin.payouts.providerStatus.cancelled',
};

export function PayoutStatus({ status, payout }: { status: AdminWithdrawal['status']; payout: PayoutInfo | null }) {
  const t = useT();
  if (!payout) return <StatusBadge status={status} />;
  const provider = providerName(payout.provider);
  const badge =
    status !== 'paying' ? (
      <StatusBadge status={status} />
    ) : payout.job === 'failed' ? (
      <Badge tone="destructive" icon={<AlertTriangle aria-hidden="true" className="size-3.5" />}>
        {t('admin.payouts.notSent')}
      </Badge>
    ) : payout.waitingForBalance ? (
      <Badge tone="warning" icon={<Hourglass aria-hidden="true" className="size-3.5" />}>
        {t('admin.payouts.waitingBadge')}
      </Badge>
    ) : (
      <Badge tone="primary" icon={<Send aria-hidden="true" className="size-3.5" />}>
        {t('admin.payouts.sending')}
      </Badge>
    );
  const known = payout.status ? PROVIDER_STATUS[payout.status] : undefined;
  const said = payout.status ? (known ? t(known) : payout.status) : payout.job === 'failed' ? null : t('admin.payouts.notYetSent');
  // Why it is not out yet: the refusal, or the error of the try it waits to repeat. (A returned
  // payout's reason is the withdrawal's note, in the next column.)
  const why = status === 'paying' && (payout.job === 'failed' || payout.job === 'queued') ? payout.lastError : null;
  return (
    <div className="flex max-w-48 flex-col items-end gap-0.5 md:items-start">
      {badge}
      {said ? (
        <span className="text-xs text-muted-foreground">
          {provider}
          {payout.mode ? ` · ${payout.mode}` : ''}: {said}
        </span>
      ) : null}
      {payout.payoutId ? (
        <span className="break-all font-mono text-[0.6875rem] text-muted-foreground" title={t('admin.payouts.payoutIdTitle')}>
          {payout.payoutId}
        </span>
      ) : null}
      {payout.utr ? <span className="break-all font-mono text-xs font-semibold">{t('admin.payouts.utr', { utr: payout.utr })}</span> : null}
      {why ? (
        <span className="line-clamp-2 text-xs text-destructive" title={why}>
          {why}
        </span>
      ) : null}
    </div>
  );
}
