// The UPI payment panel: QR image plus amount, UPI ID (copy) and the business paid, and the
// 'Open UPI App' deep link when the QR answer carried one. The pieces are exported so the
// dashboard's activation card lays the same parts out side by side.
import { ExternalLink, QrCode, Smartphone } from 'lucide-react';
import type { UpiQrResponse } from '../../../../contract/activation.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { QrDisplay } from '../../../components/ui/qr-display.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatINR } from '../../../lib/format.ts';

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
  if (!upiId) {
    return (
      <div
        className={cn(
          'flex size-[250px] flex-col items-center justify-center gap-2 rounded-[16px] border border-dashed border-border p-6 text-center text-sm text-muted-foreground',
          className,
        )}
      >
        <QrCode aria-hidden="true" className="size-8" />
        UPI payment is not available right now. Please contact support.
      </div>
    );
  }
  return (
    <QrDisplay
      src={qr?.qrData}
      loading={qrLoading}
      alt={`UPI QR code to pay ${formatINR(amount, 0)} to ${businessName || 'the business'}`}
      caption="Scan with any UPI app"
      className={className}
    />
  );
}

/** Amount, UPI ID with copy, and the business paid. */
export function PaymentFacts({ upiId, businessName, amount, className }: { upiId: string; businessName: string; amount: string; className?: string }) {
  return (
    <dl className={cn('hc-border divide-y divide-border rounded-[12px] border border-border', className)}>
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <dt className="text-sm text-muted-foreground">Amount</dt>
        <dd className="text-lg font-bold">
          <Amount value={amount} />
        </dd>
      </div>
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <dt className="text-sm text-muted-foreground">UPI ID</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <span className="truncate font-mono text-sm font-semibold">{upiId || '—'}</span>
          {upiId ? (
            <CopyButton
              value={upiId}
              size="icon"
              variant="ghost"
              label="Copy UPI ID"
              className="size-9 shrink-0"
              onCopied={() => toast({ title: 'Copied', description: 'UPI ID copied to clipboard', variant: 'success' })}
              onError={() => toast({ title: 'Error', description: 'Failed to copy UPI ID', variant: 'destructive' })}
            />
          ) : null}
        </dd>
      </div>
      <div className="flex items-center justify-between gap-3 px-4 py-3">
        <dt className="text-sm text-muted-foreground">Pay to</dt>
        <dd className="truncate text-sm font-semibold">{businessName || '—'}</dd>
      </div>
    </dl>
  );
}

/** Opens the UPI deep link from the QR answer; disabled until there is one. */
export function OpenUpiAppButton({ upiUrl, label = 'Open UPI App', className }: { upiUrl: string | undefined; label?: string; className?: string }) {
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

export function PaymentDetails({ payLabel = 'Open UPI App', ...props }: PaymentDetailsProps) {
  return (
    <div className="flex flex-col items-center gap-5">
      <PaymentQr {...props} />
      <PaymentFacts upiId={props.upiId} businessName={props.businessName} amount={props.amount} className="w-full" />
      <OpenUpiAppButton upiUrl={props.qr?.upiUrl} label={payLabel} className="w-full" />
    </div>
  );
}
