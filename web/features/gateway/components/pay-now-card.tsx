// "Pay now": the card that pays the activation fee through the payment gateway, offered first on
// the activation screens when a gateway is configured. It opens a checkout (a single-use UPI QR for
// the exact fee), shows it with a live status and its expiry, offers a new QR once one expired,
// and tells the screen when the gateway confirmed the payment (the account is then active).
import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, BadgeCheck, Check, Loader2, TimerOff, Zap } from 'lucide-react';
import type { Checkout } from '../../../../contract/gateway.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError, errorMessage, isTransientError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatINR, gatewayDisplayName } from '../../../lib/format.ts';
import { formatLocale } from '../../../lib/format-locale.ts';
import { formatCountdown } from '../../../lib/use-countdown.ts';
import { useT, type Translate } from '../../../i18n/t.ts';
import { rememberCheckout, rememberedCheckout, useCheckout, useOpenCheckout } from '../api.ts';
import { CheckoutPanel } from './checkout-panel.tsx';

export interface PayNowCardProps {
  userId: string;
  /** The activation fee ("500.00"), shown before a checkout says its own amount. */
  fee: string;
  /** The configured gateway ('razorpay'). */
  gateway: string;
  /**
   * Called once when the gateway confirmed the payment, or the account turned out to be active
   * already: the screen refreshes the signed-in user and the payments list.
   */
  onPaid(): unknown;
}

export function PayNowCard({ userId, fee, gateway, onPaid }: PayNowCardProps) {
  const t = useT();
  const gatewayName = gatewayDisplayName(gateway);
  const resumedId = useRef<string | null>(rememberedCheckout(userId));
  const [checkoutId, setCheckoutId] = useState<string | null>(resumedId.current);
  const [error, setError] = useState<string | null>(null);
  const openCheckout = useOpenCheckout();
  const checkout = useCheckout(checkoutId);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusPanel = useRef(false);
  const paidOnce = useRef(false);

  const current = checkout.data;
  const status = current?.status;

  // A checkout resumed from an earlier visit that no longer takes payment (or that the server does
  // not know) is dropped: the card starts over with "Pay now".
  useEffect(() => {
    if (!checkoutId || checkoutId !== resumedId.current) return;
    if (checkout.isError && !current) forget();
    else if (status === 'expired' || status === 'failed') forget();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- decided by the first answer about it
  }, [checkoutId, checkout.isError, status]);

  useEffect(() => {
    if (status !== 'paid' || paidOnce.current) return;
    paidOnce.current = true;
    rememberCheckout(userId, null);
    toast({ title: t('gateway.toast.paidTitle'), description: t('gateway.toast.paidText'), variant: 'success' });
    void onPaid();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it turns paid
  }, [status]);

  // After "Pay now" or "Get a new QR" the button is gone: focus moves to the QR panel.
  useEffect(() => {
    if (current && focusPanel.current) {
      focusPanel.current = false;
      panelRef.current?.focus();
    }
  }, [current?.id]);

  function forget() {
    resumedId.current = null;
    rememberCheckout(userId, null);
    setCheckoutId(null);
  }

  function start() {
    setError(null);
    openCheckout.mutate(undefined, {
      onSuccess: (opened) => {
        focusPanel.current = true;
        resumedId.current = null;
        rememberCheckout(userId, opened.id);
        setCheckoutId(opened.id);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'ALREADY_ACTIVATED') {
          void onPaid();
          return;
        }
        setError(openErrorText(err, t));
      },
    });
  }

  const shown = current && checkoutId ? current : null;
  const amount = shown?.amount ?? fee;

  return (
    <Card className="overflow-hidden ring-2 ring-primary/60">
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Zap aria-hidden="true" className="size-6" />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-lg font-bold tracking-tight">{t('gateway.payNow.title')}</h2>
              <Badge tone="success">{t('gateway.payNow.badge')}</Badge>
            </div>
            <p className="text-sm text-muted-foreground">{t('gateway.payNow.text', { fee: formatINR(amount, 0) })}</p>
          </div>
        </div>

        {!shown ? (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <ul className="flex flex-col gap-1.5 text-sm sm:flex-row sm:flex-wrap sm:gap-x-5">
              {[t('gateway.payNow.benefits.instant'), t('gateway.payNow.benefits.noProof'), t('gateway.payNow.benefits.secure', { gateway: gatewayName })].map((text) => (
                <li key={text} className="flex items-center gap-1.5">
                  <Check aria-hidden="true" className="size-4 shrink-0 text-success" />
                  {text}
                </li>
              ))}
            </ul>
            <Button size="lg" className="w-full shrink-0 sm:w-auto" onClick={start} loading={openCheckout.isPending || (Boolean(checkoutId) && checkout.isPending)} loadingText={t('gateway.payNow.opening')}>
              <Zap aria-hidden="true" className="size-4" /> {error ? t('gateway.payNow.retry') : t('gateway.payNow.button', { fee: formatINR(fee, 0) })}
            </Button>
          </div>
        ) : null}

        {error && !shown ? (
          <div role="alert" className="hc-border flex items-start gap-2 rounded-[10px] border border-destructive/30 bg-destructive-soft p-3 text-sm text-destructive-soft-foreground">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </div>
        ) : null}
      </div>

      <StatusBand checkout={shown} />
      {shown ? <CheckoutPanel ref={panelRef} checkout={shown} gatewayName={gatewayName} onRenew={start} renewing={openCheckout.isPending} /> : null}
      {shown && error ? (
        <p role="alert" className="px-5 pb-5 text-sm font-medium text-destructive sm:px-6">
          {error}
        </p>
      ) : null}
    </Card>
  );
}

/** Why a checkout could not be opened, in words that say what to do instead. */
function openErrorText(err: unknown, t: Translate): string {
  if (err instanceof ApiError && err.code === 'GATEWAY_NOT_CONFIGURED') return t('gateway.errors.notConfigured');
  if ((err instanceof ApiError && err.code === 'GATEWAY_UNAVAILABLE') || isTransientError(err)) return t('gateway.errors.unavailable');
  return errorMessage(err, t('gateway.errors.generic'));
}

const BAND_TONES: Record<Checkout['status'], string> = {
  open: 'bg-primary-soft text-primary-soft-foreground',
  paid: 'bg-success-soft text-success-soft-foreground',
  expired: 'bg-warning-soft text-warning-soft-foreground',
  failed: 'bg-destructive-soft text-destructive-soft-foreground',
};

/**
 * The checkout's state in one line, in a polite live region that is always mounted (so the change
 * from waiting to paid is announced), with the expiry beside it while the QR is open.
 */
function StatusBand({ checkout }: { checkout: Checkout | null }) {
  const t = useT();
  const status = checkout?.status;
  const secondsLeft = useSecondsLeft(checkout?.expiresAt ?? null, status === 'open');
  const Icon = status === 'paid' ? BadgeCheck : status === 'open' ? Loader2 : status ? TimerOff : null;
  const text =
    status === 'open'
      ? t('gateway.checkout.waiting')
      : status === 'paid'
        ? t('gateway.checkout.paid')
        : status === 'expired'
          ? t('gateway.checkout.expired')
          : status === 'failed'
            ? t('gateway.checkout.failed')
            : '';
  return (
    <div className={cn(status && 'hc-border flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-y border-border px-5 py-3 sm:px-6', status && BAND_TONES[status])}>
      <p role="status" className="flex items-center gap-2 text-sm font-semibold">
        {Icon ? <Icon aria-hidden="true" className={cn('size-4 shrink-0', status === 'open' && 'animate-spin')} /> : null}
        {text}
      </p>
      {status === 'open' && checkout?.expiresAt && secondsLeft !== null ? (
        <p className="tabular text-xs font-medium">
          {t('gateway.checkout.validUntil', { time: formatClock(new Date(checkout.expiresAt)) })}
          <span aria-hidden="true"> · </span>
          {t('gateway.checkout.timeLeft', { left: formatCountdown(secondsLeft) })}
        </p>
      ) : null}
    </div>
  );
}

/** Whole seconds until `expiresAt` (never below 0), ticking each second while `active`. */
function useSecondsLeft(expiresAt: string | null, active: boolean): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [active]);
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? null : Math.max(0, Math.floor((end - now) / 1000));
}

/** "4:15 PM" in English (as the rest of the app writes times), the reader's locale otherwise. */
function formatClock(d: Date): string {
  const { language, locale } = formatLocale();
  if (language === 'en') return `${d.getHours() % 12 || 12}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', numberingSystem: 'latn' }).format(d);
}
