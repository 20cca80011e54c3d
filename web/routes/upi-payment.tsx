// UPI activation (/upi-payment): Back to the dashboard, the activation fee, the auto-generated QR
// with 'Pay with UPI App', and how to pay. Without a configured UPI ID / business name it says
// 'UPI Payment Not Available'. With a payment gateway configured, "Pay now" comes first (it needs
// no UPI ID of ours) and the UPI-and-proof way follows under its own heading.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, ArrowLeft, BadgeCheck, Upload } from 'lucide-react';
import { Amount } from '../components/ui/amount.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { NumberedSteps } from '../components/ui/numbered-steps.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { useRefreshActivation, useUpiQr } from '../features/activation/api.ts';
import { PaymentDetails } from '../features/activation/components/payment-details.tsx';
import { ProofFlowSection } from '../features/activation/components/proof-flow-section.tsx';
import { offeredGateway } from '../features/gateway/api.ts';
import { PayNowCard } from '../features/gateway/components/pay-now-card.tsx';
import { useAppSettings } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { useT, type MessageKey } from '../i18n/t.ts';

const STEPS = [
  'activation.upi.steps.tap',
  'activation.upi.steps.check',
  'activation.upi.steps.screenshot',
  'activation.upi.steps.submit',
] as const satisfies readonly MessageKey[];

export default function UpiPaymentScreen() {
  const t = useT();
  const { user } = useAuth();
  const settings = useAppSettings();
  const available = Boolean(settings.data?.upiId && settings.data.businessName);
  const qr = useUpiQr(user?.id ?? '', settings.data?.activationFee, Boolean(user && available && !user.isActivated));
  const refreshActivation = useRefreshActivation();

  useEffect(() => {
    if (qr.isError) toast({ title: t('activation.upi.error'), description: t('activation.upi.qrError'), variant: 'destructive' });
  }, [qr.isError]);

  if (!user) return null;
  const fee = qr.data?.paymentDetails.amount ?? settings.data?.activationFee ?? '500.00';
  const gateway = offeredGateway(settings.data);
  // Under the Pay now card the UPI way is a section of its own, so its card titles are h3.
  const cardHeading = gateway ? 'h3' : 'h2';
  const FeeHeading = cardHeading;

  const upiFlow = (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <Card className="hc-border overflow-hidden border-0 bg-gradient-to-br from-hero-from to-hero-to text-hero-foreground">
        <div className="flex flex-col gap-2 p-5 sm:p-6">
          <div className="flex items-center justify-between gap-2">
            <FeeHeading className="text-sm font-semibold opacity-90">{t('activation.upi.feeTitle')}</FeeHeading>
            <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold high-contrast:bg-transparent">{t('activation.upi.oneTime')}</span>
          </div>
          <p className="text-4xl font-bold tracking-tight">
            <Amount value={fee} />
          </p>
          <p className="text-sm opacity-90">{t('activation.upi.feeText')}</p>
        </div>
      </Card>
      <Card className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <CardHeader>
          <div className="flex items-center gap-2">
            <CardTitle as={cardHeading}>{t('activation.upi.scanTitle')}</CardTitle>
            <Badge tone="primary">UPI</Badge>
          </div>
          <CardDescription>{t('activation.upi.scanText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <PaymentDetails
            qr={qr.data}
            qrLoading={qr.isPending}
            upiId={settings.data?.upiId ?? ''}
            businessName={settings.data?.businessName ?? ''}
            amount={fee}
            payLabel={t('activation.upi.payWithApp')}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as={cardHeading}>{t('activation.upi.instructionsTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <NumberedSteps items={STEPS.map((key) => t(key))} />
          <Button asChild variant="outline" className="mt-5 w-full">
            <Link to="/manual-payment">
              <Upload aria-hidden="true" className="size-4" /> {t('activation.upi.submitProof')}
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ms-2">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" className="size-4" /> {t('activation.upi.back')}
          </Link>
        </Button>
      </div>
      <PageHeader title={t('activation.upi.title')} description={t('activation.upi.description')} />

      {user.isActivated ? (
        <Card className="flex flex-wrap items-center gap-4 p-5">
          <BadgeCheck aria-hidden="true" className="size-8 text-success" />
          <div className="flex-1">
            <h2 className="text-lg font-bold">{t('activation.upi.activeTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('activation.upi.activeText')}</p>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to="/referrals">{t('activation.upi.startEarning')}</Link>
          </Button>
        </Card>
      ) : settings.isPending ? (
        <Skeleton className="h-80 w-full rounded-[12px]" />
      ) : gateway ? (
        <>
          <PayNowCard userId={user.id} fee={settings.data?.activationFee ?? fee} gateway={gateway} onPaid={refreshActivation} />
          {available ? <ProofFlowSection>{upiFlow}</ProofFlowSection> : null}
        </>
      ) : !available ? (
        <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
            <AlertTriangle aria-hidden="true" className="size-6" />
          </span>
          <h2 className="text-lg font-bold">{t('activation.upi.unavailableTitle')}</h2>
          <p className="max-w-sm text-sm text-muted-foreground">{t('activation.upi.unavailableText')}</p>
          <Button asChild variant="outline">
            <Link to="/support">{t('activation.upi.contactSupport')}</Link>
          </Button>
        </Card>
      ) : (
        upiFlow
      )}
    </div>
  );
}
