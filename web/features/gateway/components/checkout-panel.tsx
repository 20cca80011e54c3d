// The opened checkout inside the Pay now card: the QR to scan (or a tile saying it expired or was
// paid), the amount, what to do, "Open UPI app" on a phone, and "Get a new QR" once it expired.
import { forwardRef, type ReactNode } from 'react';
import { BadgeCheck, ExternalLink, QrCode, RefreshCw, ShieldCheck, Smartphone, TimerOff } from 'lucide-react';
import type { Checkout } from '../../../../contract/gateway.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NumberedSteps } from '../../../components/ui/numbered-steps.tsx';
import { QrDisplay } from '../../../components/ui/qr-display.tsx';
import { formatINR } from '../../../lib/format.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../i18n/t.ts';
import { useCheckoutQrImage } from '../api.ts';

/** The QR's pixel size: comfortably scannable from another phone, and fits a 390 px screen. */
const QR_SIZE = 224;

export interface CheckoutPanelProps {
  checkout: Checkout;
  /** The gateway's display name ('Razorpay'). */
  gatewayName: string;
  /** Opens a new checkout (after this one expired or failed). */
  onRenew(): void;
  renewing: boolean;
}

export const CheckoutPanel = forwardRef<HTMLDivElement, CheckoutPanelProps>(function CheckoutPanel({ checkout, gatewayName, onRenew, renewing }, ref) {
  const t = useT();
  const isMobile = useIsMobile();
  const fee = formatINR(checkout.amount, 0);
  const open = checkout.status === 'open';
  const ended = checkout.status === 'expired' || checkout.status === 'failed';

  return (
    <div ref={ref} tabIndex={-1} className="grid grid-cols-1 gap-6 p-5 outline-none sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start sm:p-6">
      {open && isMobile && checkout.upiUrl ? (
        <Button asChild size="lg" className="w-full">
          <a href={checkout.upiUrl} rel="noreferrer">
            <Smartphone aria-hidden="true" className="size-4" /> {t('gateway.checkout.openUpiApp')}
            <ExternalLink aria-hidden="true" className="size-3.5 opacity-80" />
          </a>
        </Button>
      ) : null}

      <div className="flex justify-center">
        {open ? (
          <CheckoutQr checkout={checkout} gatewayName={gatewayName} />
        ) : (
          <QrTile tone={checkout.status === 'paid' ? 'success' : 'warning'}>
            {checkout.status === 'paid' ? <BadgeCheck aria-hidden="true" className="size-10" /> : <TimerOff aria-hidden="true" className="size-10" />}
            <span className="text-sm font-semibold">
              {checkout.status === 'paid' ? t('gateway.checkout.paidTile') : checkout.status === 'expired' ? t('gateway.checkout.expiredTile') : t('gateway.checkout.failedTile')}
            </span>
          </QrTile>
        )}
      </div>

      <div className="flex min-w-0 flex-col gap-5">
        <div className="flex flex-col gap-0.5">
          <p className="text-sm text-muted-foreground">{t('gateway.checkout.amount')}</p>
          <p className="text-3xl font-bold tracking-tight">
            <Amount value={checkout.amount} />
          </p>
          <p className="text-sm text-muted-foreground">{t('gateway.checkout.amountHint')}</p>
        </div>

        {open ? (
          <NumberedSteps
            items={[
              isMobile ? t('gateway.checkout.steps.scanPhone') : t('gateway.checkout.steps.scan'),
              t('gateway.checkout.steps.pay', { amount: fee }),
              t('gateway.checkout.steps.wait'),
            ]}
          />
        ) : ended ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">{checkout.status === 'expired' ? t('gateway.checkout.expiredHint') : t('gateway.checkout.failedHint')}</p>
            <Button size="lg" onClick={onRenew} loading={renewing} loadingText={t('gateway.payNow.opening')} className="w-full sm:w-auto">
              <RefreshCw aria-hidden="true" className="size-4" /> {t('gateway.checkout.newQr')}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('gateway.checkout.paidHint')}</p>
        )}

        <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
          {t('gateway.checkout.secured', { gateway: gatewayName })}
        </p>
      </div>
    </div>
  );
});

/** The QR image of an open checkout: shown as it came (a data URL) or fetched with the bearer token. */
function CheckoutQr({ checkout, gatewayName }: { checkout: Checkout; gatewayName: string }) {
  const t = useT();
  const image = useCheckoutQrImage(checkout.qrImage);
  if (image.failed) {
    return (
      <QrTile tone="neutral">
        <QrCode aria-hidden="true" className="size-10" />
        <span className="text-sm font-semibold">{t('gateway.checkout.qrFailed')}</span>
        <Button size="sm" variant="outline" onClick={image.retry}>
          <RefreshCw aria-hidden="true" className="size-4" /> {t('gateway.checkout.qrRetry')}
        </Button>
      </QrTile>
    );
  }
  return (
    <QrDisplay
      src={image.src}
      loading={image.loading}
      size={QR_SIZE}
      alt={t('gateway.checkout.qrAlt', { amount: formatINR(checkout.amount, 0), gateway: gatewayName })}
      caption={t('gateway.checkout.qrCaption')}
    />
  );
}

const TILE_TONES = {
  success: 'border-success/40 bg-success-soft text-success-soft-foreground',
  warning: 'border-warning/40 bg-warning-soft text-warning-soft-foreground',
  neutral: 'border-dashed border-border bg-muted/40 text-muted-foreground',
} as const;

/** A tile the size of the QR, for when there is no QR to scan. */
function QrTile({ tone, children }: { tone: keyof typeof TILE_TONES; children: ReactNode }) {
  return (
    <div
      className={cn('hc-border flex flex-col items-center justify-center gap-3 rounded-[16px] border p-6 text-center', TILE_TONES[tone])}
      style={{ width: QR_SIZE + 26, height: QR_SIZE + 26 }}
    >
      {children}
    </div>
  );
}
