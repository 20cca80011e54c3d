// The UPI payment panel: QR image plus amount, UPI ID (copy) and the business paid, and the
// 'Open UPI App' deep link when the QR answer carried one. The pieces are exported so the
// dashboard's activation card lays the same parts out side by side.
import { ExternalLink, QrCode, Smartphone } from 'lucide-react';
import type { UpiQrResponse } from '../../../../contract/activation.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { QrDisplay } from '../../../components/ui/qr-display.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { cn } from '../../../lib/cn.ts';
import { formatINR } from '../../../lib/format.ts';
import { useT } from '../../../i18n/t.ts';

export interface PaymentDetailsProps {
  qr: UpiQrResponse | undefined;
  qrLoading: boolean;
  upiId: string;
  businessName: string;
  amount: string;
  payLabel?: string;
}

/** The QR tile, or a 'not available' placeholder of the same size when no UPI ID is configured. */
export function PaymentQr({ qr, qrLoading, upiId, businessName, amount, className }: Omit<PaymentDetailsProps, 'payLabel'> & { className?: string }) {
  const t = useT();
  if (!upiId) {
    return (
      <div
        className={cn(
          'flex size-[250px] flex-col items-center justify-center gap-2 rounded-[16px] border border-dashed border-border p-6 text-center text-sm text-muted-foreground',
          className,
        )}
      >
        <QrCode aria-hidden="true" className="size-8" />
        {t('activation.details.notAvailable')}
      </div>
    );
  }
  return (
    <QrDisplay
      src={qr?.qrData}
      loading={qrLoading}
      alt={t('activation.details.qrAlt', { amount: formatINR(amount, 0), business: businessName || t('activation.details.theBusiness') })}
      caption={t('activation.details.qrCaption')}
      className={className}
    />
  );
}

/** Amount, UPI ID with copy, and the business paid. */
export function PaymentFacts({ upiId, businessName, amount, className }: { upiId: string; businessName: string; amount: string; className?: string }) {
  const t = useT();
  return (
    <dl className={cn('hc-border divide-y divide-border rounded-[12px] border border-border', className)}>
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <dt className="text-sm text-muted-foreground">{t('activation.details.amount')}</dt>
        <dd className="text-lg font-bold">
          <Amount value={amount} />
        </dd>
      </div>
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <dt className="text-sm text-muted-foreground">{t('activation.details.upiId')}</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <span className="truncate font-mono text-sm font-semibold">{upiId || '—'}</span>
          {upiId ? (
            <CopyButton
              value={upiId}
              size="icon"
              variant="ghost"
              label={t('activation.details.copyUpiId')}
              className="size-9 shrink-0"
              onCopied={() => toast({ title: t('activation.details.copied'), description: t('activation.details.upiIdCopied'), variant: 'success' })}
              onError={() => toast({ title: t('activation.details.error'), description: t('activation.details.copyFailed'), variant: 'destructive' })}
            />
          ) : null}
        </dd>
      </div>
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <dt className="text-sm text-muted-foreground">{t('activation.details.payTo')}</dt>
        <dd className="truncate text-sm font-semibold">{businessName || '—'}</dd>
      </div>
    </dl>
  );
}

/** Opens the UPI deep link from the QR answer; disabled until there is one. `label` defaults to 'Open UPI App'. */
export function OpenUpiAppButton({ upiUrl, label: labelProp, className }: { upiUrl: string | undefined; label?: string; className?: string }) {
  const t = useT();
  const label = labelProp ?? t('activation.details.openUpiApp');
  if (!upiUrl) {
    return (
      <Button size="lg" className={className} disabled>
        <Smartphone aria-hidden="true" className="size-4" /> {label}
      </Button>
    );
  }
  return (
    <Button asChild size="lg" className={className}>
      <a href={upiUrl} target="_blank" rel="noreferrer">
        <Smartphone aria-hidden="true" className="size-4" /> {label}
        <ExternalLink aria-hidden="true" className="size-3.5 opacity-80" />
      </a>
    </Button>
  );
}

/** `payLabel` defaults to 'Open UPI App'. */
export function PaymentDetails({ payLabel, ...props }: PaymentDetailsProps) {
  return (
    <div className="flex flex-col items-center gap-5">
      <PaymentQr {...props} />
      <PaymentFacts upiId={props.upiId} businessName={props.businessName} amount={props.amount} className="w-full" />
      <OpenUpiAppButton upiUrl={props.qr?.upiUrl} label={payLabel} className="w-full" />
    </div>
  );
}
