// Referrals (/referrals): gated on activation. Stats, the referral code and link with copy buttons,
// Quick Share (WhatsApp, SMS, Email) and Referral History.
import { Gift, Mail, MessageCircle, MessageSquare, Trophy, Users, Wallet } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { CopyButton } from '../components/ui/copy-button.tsx';
import { LoadMoreButton } from '../components/ui/load-more-button.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { MoneyStat } from '../features/transactions/components/money-stat.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { ActivationRequired } from '../features/activation/components/activation-required.tsx';
import { referralLink, shareLinks, useReferrals } from '../features/referrals/api.ts';
import { ReferralHistory } from '../features/referrals/components/referral-history.tsx';
import { APP_NAME, useAppSettings } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { formatINR } from '../lib/format.ts';
import { referralsToNextSpin } from '../lib/spin-progress.ts';
import { loadMoreProps } from '../lib/paged-history.ts';
import { useT } from '../i18n/t.ts';

export default function ReferralsScreen() {
  const t = useT();
  const { user } = useAuth();
  const settings = useAppSettings();
  const activated = Boolean(user?.isActivated);
  const referrals = useReferrals(activated);
  if (!user) return null;
  if (!activated) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={t('referrals.title')} description={t('referrals.inactiveText')} />
        <ActivationRequired feature={t('referrals.feature')} fee={settings.data?.activationFee} />
      </div>
    );
  }

  const perSpin = settings.data?.referralsPerSpin ?? 5;
  const reward = settings.data?.referralReward ?? '400.00';
  const toNextSpin = referralsToNextSpin(user);
  const towardSpin = Math.max(0, perSpin - toNextSpin);
  const link = referralLink(user.referralCode);
  const share = shareLinks(APP_NAME, user.referralCode, link, formatINR(reward, 0), t);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('referrals.title')} description={t('referrals.description', { reward: formatINR(reward, 0), perSpin })} />

      <section aria-label={t('referrals.stats.label')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <MoneyStat
          label={t('referrals.stats.totalReferrals')}
          // Counted from the loaded pages: while older ones remain it is a lower bound, shown as "50+".
          value={referrals.data ? (referrals.hasNextPage ? `${referrals.data.length}+` : referrals.data.length) : '—'}
          hint={referrals.hasNextPage ? t('referrals.stats.moreInHistory') : undefined}
          icon={<Users aria-hidden="true" className="size-5" />}
        />
        <MoneyStat label={t('referrals.stats.successful')} value={user.successfulReferrals} tone="success" icon={<Trophy aria-hidden="true" className="size-5" />} />
        <MoneyStat label={t('referrals.stats.earnings')} amount={user.totalEarnings} tone="success" icon={<Wallet aria-hidden="true" className="size-5" />} />
        <MoneyStat
          label={t('referrals.stats.nextFreeSpin')}
          value={t('referrals.stats.moreCount', { count: toNextSpin })}
          tone="warning"
          icon={<Gift aria-hidden="true" className="size-5" />}
          progress={(towardSpin / perSpin) * 100}
          hint={t('referrals.stats.spinProgress', { done: towardSpin, total: perSpin })}
        />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-6">
          <Card className="overflow-hidden">
            <CardHeader>
              <CardTitle>{t('referrals.code.title')}</CardTitle>
              <CardDescription>{t('referrals.code.text')}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <div className="hc-border flex items-center justify-between gap-3 rounded-[12px] border-2 border-dashed border-primary/40 bg-primary-soft/50 px-4 py-3">
                <span className="font-mono text-2xl font-bold tracking-[0.2em] text-primary-soft-foreground" data-testid="referral-code">
                  {user.referralCode}
                </span>
                <CopyButton
                  value={user.referralCode}
                  label={t('referrals.code.copy')}
                  onCopied={() => toast({ title: t('referrals.code.copied'), description: t('referrals.code.codeCopied'), variant: 'success' })}
                  onError={() => toast({ title: t('referrals.code.error'), description: t('referrals.code.codeCopyFailed'), variant: 'destructive' })}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <span className="text-sm font-medium" id="referral-link-label">
                  {t('referrals.code.linkLabel')}
                </span>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <output aria-labelledby="referral-link-label" className="hc-border block min-w-0 flex-1 break-all rounded-[10px] border border-border bg-muted/50 px-3 py-2.5 font-mono text-xs sm:text-sm" data-testid="referral-link">
                    {link}
                  </output>
                  <CopyButton
                    value={link}
                    label={t('referrals.code.copyLink')}
                    size="md"
                    onCopied={() => toast({ title: t('referrals.code.copied'), description: t('referrals.code.linkCopied'), variant: 'success' })}
                    onError={() => toast({ title: t('referrals.code.error'), description: t('referrals.code.linkCopyFailed'), variant: 'destructive' })}
                  />
                </div>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t('referrals.share.title')}</CardTitle>
              <CardDescription>{t('referrals.share.text')}</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-3 gap-2 sm:gap-3">
              <ShareButton href={share.whatsapp} label={t('referrals.share.whatsapp')} icon={<MessageCircle aria-hidden="true" className="size-5" />} newTab />
              <ShareButton href={share.sms} label={t('referrals.share.sms')} icon={<MessageSquare aria-hidden="true" className="size-5" />} />
              <ShareButton href={share.email} label={t('referrals.share.email')} icon={<Mail aria-hidden="true" className="size-5" />} />
            </CardContent>
          </Card>
        </div>

        <Card>
          <CardHeader>
            <CardTitle>{t('referrals.history.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <ReferralHistory rows={referrals.data} loading={referrals.isPending} />
            <LoadMoreButton {...loadMoreProps(referrals, 'referrals')} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function ShareButton({ href, label, icon, newTab }: { href: string; label: string; icon: React.ReactNode; newTab?: boolean }) {
  const t = useT();
  return (
    <Button asChild variant="outline" className="h-auto flex-col gap-1.5 py-3">
      <a href={href} {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})} aria-label={t('referrals.share.shareOn', { app: label })}>
        {icon}
        <span className="text-xs font-semibold">{label}</span>
      </a>
    </Button>
  );
}
