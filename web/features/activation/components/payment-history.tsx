// The user's activation payments: status badge, amount, UTR, date and the screenshot (loaded with
// the bearer token) of a proof, or the payment gateway that confirmed a payment made with "Pay now".
// Skeleton while loading; an empty state that says what to do.
import { useState } from 'react';
import { Receipt, Zap } from 'lucide-react';
import type { ManualPayment } from '../../../../contract/activation.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { AuthenticatedImage } from '../../../components/ui/authenticated-image.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { formatDate, gatewayDisplayName } from '../../../lib/format.ts';
import { useT } from '../../../i18n/t.ts';
import { screenshotUrl } from '../api.ts';

export function PaymentHistoryList({ payments, loading }: { payments: ManualPayment[] | undefined; loading: boolean }) {
  const t = useT();
  if (loading) return <SkeletonList rows={3} label={t('activation.history.loading')} />;
  if (!payments || payments.length === 0) {
    return (
      <EmptyState
        icon={<Receipt aria-hidden="true" className="size-6" />}
        title={t('activation.history.emptyTitle')}
        description={t('activation.history.emptyText')}
      />
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label={t('activation.history.listLabel')}>
      {payments.map((p) => (
        <li key={p.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
          {p.method === 'gateway' ? <GatewayMark /> : <ScreenshotThumb payment={p} />}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <div className="flex items-center justify-between gap-2">
              <Amount value={p.amount} className="font-semibold" />
              <StatusBadge status={p.status} />
            </div>
            {p.method === 'gateway' ? (
              <p className="text-xs font-semibold text-primary">
                {p.gateway ? t('activation.history.viaGateway', { gateway: gatewayDisplayName(p.gateway) }) : t('activation.history.paidOnline')}
              </p>
            ) : null}
            <p className="truncate text-xs text-muted-foreground">
              UTR <span className="tabular font-mono text-foreground">{p.utrNumber}</span>
            </p>
            <p className="text-xs text-muted-foreground">
              {p.method === 'gateway'
                ? t('activation.history.paidOn', { date: formatDate(p.processedAt ?? p.createdAt) })
                : `${t('activation.history.submitted', { date: formatDate(p.createdAt) })}${
                    p.processedAt
                      ? ` · ${p.status === 'approved' ? t('activation.history.approved', { date: formatDate(p.processedAt) }) : t('activation.history.processed', { date: formatDate(p.processedAt) })}`
                      : ''
                  }`}
            </p>
            {p.adminNotes ? (
              <p className={p.status === 'rejected' ? 'text-xs font-medium text-destructive' : 'text-xs text-muted-foreground'}>
                {p.status === 'rejected' ? t('activation.history.reason', { note: p.adminNotes }) : t('activation.history.note', { note: p.adminNotes })}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** In place of a screenshot: a payment the gateway confirmed has none. */
function GatewayMark() {
  return (
    <span className="hc-border flex size-14 shrink-0 items-center justify-center rounded-[10px] border border-border bg-primary-soft text-primary-soft-foreground">
      <Zap aria-hidden="true" className="size-6" />
    </span>
  );
}

/** The proof's thumbnail; tapping it opens the screenshot full size (both loaded with the bearer token). */
function ScreenshotThumb({ payment }: { payment: ManualPayment }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const alt = t('activation.history.screenshotAlt', { utr: payment.utrNumber });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={t('activation.history.viewScreenshot', { utr: payment.utrNumber })}
        className="shrink-0 rounded-[10px] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <AuthenticatedImage src={screenshotUrl(payment.id)} alt={alt} className="size-14 rounded-[10px] border border-border object-cover" />
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={t('activation.history.screenshotTitle')} description={`UTR ${payment.utrNumber} · ${formatDate(payment.createdAt)}`}>
        {open ? (
          <AuthenticatedImage
            src={screenshotUrl(payment.id)}
            alt={alt}
            className="max-h-[70vh] w-full rounded-[10px] border border-border object-contain"
            placeholderClassName="h-72 w-full"
          />
        ) : null}
      </Dialog>
    </>
  );
}
