// Dashboard (/ and /dashboard): welcome banner with account status, balance / referrals / spins
// cards with progress, quick links, the activation card (UPI QR, copyable UPI ID) for users who are
// not activated, and the Admin Access card for admins.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ArrowRight, BadgeCheck, Gift, PlusCircle, ShieldCheck, Upload, Users, Wallet } from 'lucide-react';
import type { User } from '../../contract/accounts.ts';
import { Amount } from '../components/ui/amount.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { NumberedSteps } from '../components/ui/numbered-steps.tsx';
import { Progress } from '../components/ui/progress.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { StatCard } from '../components/ui/stat-card.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { OpenUpiAppButton, PaymentFacts, PaymentQr } from '../features/activation/components/payment-details.tsx';
import { useActivationQr } from '../features/dashboard/api.ts';
import { useManualPayments } from '../features/activation/api.ts';
import { useAppSettings, type AppSettings } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { formatINR } from '../lib/format.ts';
import { useT, type MessageKey } from '../i18n/t.ts';
import { referralsToNextSpin } from '../lib/spin-progress.ts';

const REFERRALS_FULL = 10;
const SPINS_FULL = 5;
const WALLET_BAR = 75;
const ACTIVATION_STEPS = [
  'dashboard.activation.steps.scan',
  'dashboard.activation.steps.note',
  'dashboard.activation.steps.submit',
] as const satisfies readonly MessageKey[];

function greeting(now = new Date()): MessageKey {
  const h = now.getHours();
  if (h < 12) return 'dashboard.greeting.morning';
  if (h < 17) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

export default function DashboardScreen() {
  const t = useT();
  const { user } = useAuth();
  const settings = useAppSettings();
  if (!user) return null;
  const fee = settings.data?.activationFee ?? '500.00';
  const toNextSpin = referralsToNextSpin(user);

  return (
    <div className="flex flex-col gap-6">
      <WelcomeBanner user={user} fee={fee} />

      {/* Activation is the one thing a new user should do next, so it leads. */}
      {user.isActivated ? null : <ActivationCard user={user} settings={settings.data} settingsLoading={settings.isPending} />}

      <section aria-labelledby="stats-heading" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <h2 id="stats-heading" className="sr-only">
          {t('dashboard.stats.heading')}
        </h2>
        <Card className="col-span-2 flex flex-col gap-3 p-5 lg:col-span-1">
          <div className="flex items-start justify-between">
            <div>
              <p className="text-sm font-medium text-muted-foreground">{t('dashboard.stats.walletBalance')}</p>
              <p className="mt-1 text-3xl font-bold tracking-tight">
                <Amount value={user.walletBalance} />
              </p>
            </div>
            <span className="flex size-10 items-center justify-center rounded-[10px] bg-success-soft text-success-soft-foreground">
              <Wallet aria-hidden="true" className="size-5" />
            </span>
          </div>
          <Progress value={WALLET_BAR} label={t('dashboard.stats.walletProgress')} tone="success" />
          <p className="text-xs text-muted-foreground">
            {t('dashboard.stats.totalEarned')} <Amount value={user.totalEarnings} className="font-semibold text-foreground" />
          </p>
          {Number(user.debt) > 0 ? (
            <p className="rounded-[10px] bg-warning-soft px-3 py-2 text-xs text-warning-soft-foreground" data-testid="dashboard-debt">
              {t('dashboard.stats.debt', { amount: formatINR(user.debt) })}
            </p>
          ) : null}
        </Card>
        <StatCard
          label={t('dashboard.stats.totalReferrals')}
          value={user.successfulReferrals}
          icon={<Users aria-hidden="true" className="size-5" />}
          progress={Math.min(100, (user.successfulReferrals / REFERRALS_FULL) * 100)}
          hint={t('dashboard.stats.referralsMilestone', { count: Math.min(user.successfulReferrals, REFERRALS_FULL), total: REFERRALS_FULL })}
        />
        <StatCard
          label={t('dashboard.stats.spinsAvailable')}
          value={user.spinsAvailable}
          tone="warning"
          icon={<Gift aria-hidden="true" className="size-5" />}
          progress={Math.min(100, (user.spinsAvailable / SPINS_FULL) * 100)}
          hint={t('dashboard.stats.toNextSpin', { count: toNextSpin })}
        />
      </section>

      <QuickLinks activated={user.isActivated} />

      {user.isAdmin ? (
        <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-[12px] bg-primary-soft text-primary-soft-foreground">
              <ShieldCheck aria-hidden="true" className="size-5" />
            </span>
            <div>
              <h2 className="font-semibold">{t('dashboard.admin.title')}</h2>
              <p className="text-sm text-muted-foreground">{t(user.adminRole === 'reviewer' ? 'dashboard.admin.textReviewer' : 'dashboard.admin.text')}</p>
            </div>
          </div>
          <Button asChild variant="outline">
            <Link to="/admin">
              {t('dashboard.admin.open')} <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
        </Card>
      ) : null}
    </div>
  );
}

function WelcomeBanner({ user, fee }: { user: User; fee: string }) {
  const t = useT();
  return (
    <section className="hc-border relative overflow-hidden rounded-[16px] bg-gradient-to-br from-hero-from to-hero-to p-5 text-hero-foreground shadow-raised sm:p-7">
      <div aria-hidden="true" className="pointer-events-none absolute -end-16 -top-20 size-64 rounded-full bg-white/10 high-contrast:hidden" />
      <div aria-hidden="true" className="pointer-events-none absolute -bottom-24 end-24 size-48 rounded-full bg-white/5 high-contrast:hidden" />
      <div className="relative flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium opacity-90">{t(greeting())},</p>
          <h1 className="mt-0.5 text-2xl font-bold tracking-tight sm:text-3xl">{user.username}</h1>
          <p className="mt-1.5 max-w-md text-sm opacity-90">
            {user.isActivated ? t('dashboard.welcome.activeText') : t('dashboard.welcome.inactiveText')}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {user.isActivated ? (
            <span className="inline-flex h-9 items-center gap-1.5 rounded-full bg-white px-3 text-sm font-semibold text-success high-contrast:bg-success high-contrast:text-success-foreground">
              <BadgeCheck aria-hidden="true" className="size-4" /> {t('dashboard.welcome.accountActive')}
            </span>
          ) : (
            <Button asChild variant="inverse">
              <Link to="/manual-payment">{t('dashboard.welcome.activateFor', { fee: formatINR(fee, 0) })}</Link>
            </Button>
          )}
          {user.isAdmin ? (
            <Button asChild variant="glass">
              <Link to="/admin">
                <ShieldCheck aria-hidden="true" className="size-4" /> {t('dashboard.welcome.adminPanel')}
              </Link>
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}

const QUICK_LINKS = [
  { to: '/referrals', label: 'dashboard.quickLinks.referrals', icon: Users, tone: 'bg-primary-soft text-primary-soft-foreground' },
  { to: '/wallet', label: 'dashboard.quickLinks.wallet', icon: Wallet, tone: 'bg-success-soft text-success-soft-foreground' },
  { to: '/spin', label: 'dashboard.quickLinks.spin', icon: Gift, tone: 'bg-warning-soft text-warning-soft-foreground' },
  { to: '/manual-payment', label: 'dashboard.quickLinks.addMoney', activeLabel: 'dashboard.quickLinks.myPayment', icon: PlusCircle, tone: 'bg-primary-soft text-primary-soft-foreground' },
] as const satisfies readonly { to: string; label: MessageKey; activeLabel?: MessageKey; icon: unknown; tone: string }[];

function QuickLinks({ activated }: { activated: boolean }) {
  const t = useT();
  return (
    <section aria-labelledby="quick-links">
      <h2 id="quick-links" className="mb-3 text-base font-semibold">
        {t('dashboard.quickLinks.heading')}
      </h2>
      <ul className="grid grid-cols-4 gap-2 sm:gap-4">
        {QUICK_LINKS.map((q) => (
          <li key={q.to}>
            <Link
              to={q.to}
              className="hc-border flex h-full flex-col items-center gap-2 rounded-[12px] border border-border bg-card px-1 py-3.5 text-center shadow-card transition-colors hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-ring sm:flex-row sm:gap-3 sm:px-4 sm:py-4 sm:text-start"
            >
              <span className={`flex size-10 shrink-0 items-center justify-center rounded-full sm:rounded-[10px] ${q.tone}`}>
                <q.icon aria-hidden="true" className="size-5" />
              </span>
              <span className="text-xs font-semibold leading-tight sm:text-sm">{t(activated && 'activeLabel' in q ? q.activeLabel : q.label)}</span>
              <ArrowRight aria-hidden="true" className="ms-auto hidden size-4 text-muted-foreground sm:block" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ActivationCard({ user, settings, settingsLoading }: { user: User; settings: AppSettings | undefined; settingsLoading: boolean }) {
  const upiAvailable = Boolean(settings?.upiId);
  const t = useT();
  const qr = useActivationQr({ userId: user.id, amount: settings?.activationFee, enabled: Boolean(settings) && upiAvailable && !user.isActivated });

  useEffect(() => {
    if (qr.isError) toast({ title: t('dashboard.activation.errorTitle'), description: t('dashboard.activation.qrError'), variant: 'destructive' });
  }, [qr.isError]);

  const details = qr.data?.paymentDetails;
  const upiId = details?.upiId ?? settings?.upiId ?? '';
  const businessName = details?.businessName ?? settings?.businessName ?? '';
  const amount = details?.amount ?? settings?.activationFee ?? '500.00';

  return (
    <Card className="overflow-hidden">
      <CardHeader className="border-b border-border bg-warning-soft/60 pb-4">
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>{t('dashboard.activation.title')}</CardTitle>
          <Badge tone="warning">{t('dashboard.activation.oneTimeFee')}</Badge>
        </div>
        <CardDescription>
          {t('dashboard.activation.payBefore')} <Amount value={amount} decimals={0} className="font-semibold text-foreground" /> {t('dashboard.activation.payAfter')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 pt-5 md:grid-cols-[auto_1fr] md:items-start">
        {settingsLoading ? (
          <Skeleton className="mx-auto size-[250px] rounded-[16px]" />
        ) : (
          <PaymentQr qr={qr.data} qrLoading={qr.isPending} upiId={upiAvailable ? upiId : ''} businessName={businessName} amount={amount} className="mx-auto" />
        )}

        <div className="flex flex-col gap-4">
          <LatestProofStatus />
          <PaymentFacts upiId={upiId} businessName={businessName} amount={amount} />

          <NumberedSteps items={ACTIVATION_STEPS.map((key) => t(key))} />

          <div className="flex flex-col gap-2 sm:flex-row">
            <OpenUpiAppButton upiUrl={qr.data?.upiUrl} className="sm:flex-1" />
            <Button asChild size="lg" variant="outline" className="sm:flex-1">
              <Link to="/manual-payment">
                <Upload aria-hidden="true" className="size-4" /> {t('dashboard.activation.submitProof')}
              </Link>
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Where the user's latest payment proof stands: waiting for review, or rejected with the admin's
 * reason and what to do next (a new proof). Nothing before the first proof.
 */
function LatestProofStatus() {
  const t = useT();
  const payments = useManualPayments();
  const latest = payments.data?.[0];
  if (!latest || latest.status === 'approved') return null;
  if (latest.status === 'pending') {
    return (
      <p role="status" className="rounded-[10px] bg-muted px-3 py-2 text-sm">
        {t('dashboard.proofStatus.pendingBefore')} <span className="font-mono">{latest.utrNumber}</span>
        {t('dashboard.proofStatus.pendingAfter')}
      </p>
    );
  }
  return (
    <div role="status" className="hc-border rounded-[10px] border border-destructive/40 bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground">
      <p className="font-semibold">
        {t('dashboard.proofStatus.rejectedBefore')} <span className="font-mono">{latest.utrNumber}</span>
        {t('dashboard.proofStatus.rejectedAfter')}
      </p>
      {latest.adminNotes ? <p>{t('dashboard.proofStatus.reason', { reason: latest.adminNotes })}</p> : null}
      <p>{t('dashboard.proofStatus.next')}</p>
    </div>
  );
}

