// Manual Payment (/manual-payment): pay the activation fee by UPI (QR, amount, copyable UPI ID,
// business name) and upload the proof (screenshot + UTR); Payment History below. A pending proof
// replaces the form with its review status; an activated user sees 'Account Active'. With a
// payment gateway configured, "Pay now" comes first and the proof flow follows under its heading.
import { Link } from 'react-router';
import { ArrowRight, BadgeCheck, Clock } from 'lucide-react';
import { Amount } from '../components/ui/amount.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { LoadMoreButton } from '../components/ui/load-more-button.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useManualPayments, useRefreshActivation, useUpiQr } from '../features/activation/api.ts';
import { PaymentDetails } from '../features/activation/components/payment-details.tsx';
import { PaymentHistoryList } from '../features/activation/components/payment-history.tsx';
import { PaymentProofForm } from '../features/activation/components/payment-proof-form.tsx';
import { ProofFlowSection } from '../features/activation/components/proof-flow-section.tsx';
import { offeredGateway } from '../features/gateway/api.ts';
import { PayNowCard } from '../features/gateway/components/pay-now-card.tsx';
import { useAppSettings } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { formatDate } from '../lib/format.ts';
import { loadMoreProps } from '../lib/paged-history.ts';
import { useT } from '../i18n/t.ts';

export default function ManualPaymentScreen() {
  const t = useT();
  const { user } = useAuth();
  const settings = useAppSettings();
  const payments = useManualPayments();
  const refreshActivation = useRefreshActivation();
  const activated = Boolean(user?.isActivated);
  const upiId = settings.data?.upiId ?? '';
  const qr = useUpiQr(user?.id ?? '', settings.data?.activationFee, Boolean(user && settings.data && upiId && !activated));
  if (!user) return null;

  const amount = qr.data?.paymentDetails.amount ?? settings.data?.activationFee ?? '500.00';
  const pending = payments.data?.find((p) => p.status === 'pending');
  const gateway = offeredGateway(settings.data);
  // Under the Pay now card the proof flow is a section of its own, so its card titles are h3.
  const cardHeading = gateway ? 'h3' : 'h2';

  const proofFlow = (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <Card>
        <CardHeader>
          <CardTitle as={cardHeading}>{t('activation.manual.payTitle')}</CardTitle>
          <CardDescription>{t('activation.manual.payText')}</CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <Skeleton className="mx-auto size-[224px] rounded-[16px]" />
          ) : (
            <PaymentDetails qr={qr.data} qrLoading={qr.isPending} upiId={upiId} businessName={settings.data?.businessName ?? ''} amount={amount} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as={cardHeading}>{t('activation.manual.uploadTitle')}</CardTitle>
          <CardDescription>{t('activation.manual.uploadText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <PaymentProofForm amount={amount} />
        </CardContent>
      </Card>
    </div>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t('activation.manual.title')}
        description={
          activated ? t('activation.manual.descriptionActive') : gateway && !pending ? t('activation.manual.descriptionGateway') : t('activation.manual.description')
        }
      />

      {activated ? (
        <Card className="flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
            <BadgeCheck aria-hidden="true" className="size-6" />
          </span>
          <div className="flex-1">
            <h2 className="text-lg font-bold">{t('activation.manual.activeTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('activation.manual.activeText')}</p>
          </div>
          <Button asChild variant="outline">
            <Link to="/referrals">
              {t('activation.manual.goToReferrals')} <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
        </Card>
      ) : payments.isPending ? (
        <Skeleton className="h-64 w-full rounded-[12px]" />
      ) : pending ? (
        <Card className="overflow-hidden">
          <div className="flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
              <Clock aria-hidden="true" className="size-6" />
            </span>
            <div className="flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-bold">{t('activation.manual.reviewTitle')}</h2>
                <Badge tone="warning">{t('activation.status.pending')}</Badge>
              </div>
              <p className="text-sm text-muted-foreground">
                {t('activation.manual.receivedBefore')} <Amount value={pending.amount} className="font-semibold text-foreground" />{' '}
                {t('activation.manual.receivedUtr')} <span className="tabular font-mono text-foreground">{pending.utrNumber}</span>
                {t('activation.manual.receivedAfter', { date: formatDate(pending.createdAt) })}
              </p>
            </div>
          </div>
        </Card>
      ) : gateway ? (
        <>
          <PayNowCard userId={user.id} fee={settings.data?.activationFee ?? amount} gateway={gateway} onPaid={refreshActivation} />
          <ProofFlowSection>{proofFlow}</ProofFlowSection>
        </>
      ) : (
        proofFlow
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t('activation.manual.historyTitle')}</CardTitle>
        </CardHeader>
        <CardContent>
          <PaymentHistoryList payments={payments.data} loading={payments.isPending} />
          <LoadMoreButton {...loadMoreProps(payments, 'payments')} />
        </CardContent>
      </Card>
    </div>
  );
}
