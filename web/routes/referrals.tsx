// Referrals (/referrals): gated on activation. Stats, the referral code and link with copy buttons,
// Quick Share (WhatsApp, SMS, Email) and Referral History.
import { Gift, Mail, MessageCircle, MessageSquare, Trophy, Users, Wallet } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { CopyButton } from '../components/ui/copy-button.tsx';
import { LoadMoreButton } from '../components/ui/load-more-button.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { MoneyStat } from '../features/transactions/components/money-stat.tsx';
import { toast } from '../components/ui/toast.tsx';
import { ActivationRequired } from '../features/activation/components/activation-required.tsx';
import { referralLink, shareLinks, useReferrals } from '../features/referrals/api.ts';
import { ReferralHistory } from '../features/referrals/components/referral-history.tsx';
import { APP_NAME, useAppSettings } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { formatINR } from '../lib/format.ts';
import { referralsToNextSpin } from '../lib/spin-progress.ts';
import { loadMoreProps } from '../lib/paged-history.ts';

export default function ReferralsScreen() {
  const { user } = useAuth();
  const settings = useAppSettings();
  const activated = Boolean(user?.isActivated);
  const referrals = useReferrals(activated);
  if (!user) return null;
  if (!activated) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Referrals" description="Invite friends and earn for every friend who activates." />
        <ActivationRequired feature="referral earnings" fee={settings.data?.activationFee} />
      </div>
    );
  }

  const perSpin = settings.data?.referralsPerSpin ?? 5;
  const reward = settings.data?.referralReward ?? '400.00';
  const toNextSpin = referralsToNextSpin(user);
  const towardSpin = Math.max(0, perSpin - toNextSpin);
  const link = referralLink(user.referralCode);
  const share = shareLinks(APP_NAME, user.referralCode, link, formatINR(reward, 0));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Referrals" description={`Earn ${formatINR(reward, 0)} for every friend who activates, and a free spin every ${perSpin} referrals.`} />

      <section aria-label="Referral stats" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <MoneyStat
          label="Total Referrals"
          // Counted from the loaded pages: while older ones remain it is a lower bound, shown as "50+".
          value={referrals.data ? (referrals.hasNextPage ? `${referrals.data.length}+` : referrals.data.length) : '—'}
          hint={referrals.hasNextPage ? 'More in Referral History' : undefined}
          icon={<Users aria-hidden="true" className="size-5" />}
        />
        <MoneyStat label="Successful" value={user.successfulReferrals} tone="success" icon={<Trophy aria-hidden="true" className="size-5" />} />
        <MoneyStat label="Earnings" amount={user.totalEarnings} tone="success" icon={<Wallet aria-hidden="true" className="size-5" />} />
        <MoneyStat
          label="Next Free Spin"
          value={`${toNextSpin} more`}
          tone="warning"
          icon={<Gift aria-hidden="true" className="size-5" />}
          progress={(towardSpin / perSpin) * 100}
          hint={`${towardSpin} of ${perSpin} referrals`}
        />
      </section>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
        <div className="flex flex-col gap-6">
          <Card className="overflow-hidden">
            <CardHeader>
              <CardTitle>Your Referral Code</CardTitle>
              <CardDescription>New users need a referral code to sign up. Share yours.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <div className="hc-border flex items-center justify-between gap-3 rounded-[12px] border-2 border-dashed border-primary/40 bg-primary-soft/50 px-4 py-3">
                <span className="font-mono text-2xl font-bold tracking-[0.2em] text-primary-soft-foreground" data-testid="referral-code">
                  {user.referralCode}
                </span>
                <CopyButton
                  value={user.referralCode}
                  label="Copy Code"
                  onCopied={() => toast({ title: 'Copied', description: 'Referral code copied to clipboard', variant: 'success' })}
                  onError={() => toast({ title: 'Error', description: 'Failed to copy referral code', variant: 'destructive' })}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <span className="text-sm font-medium" id="referral-link-label">
                  Referral Link
                </span>
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                  <output aria-labelledby="referral-link-label" className="hc-border block min-w-0 flex-1 break-all rounded-[10px] border border-border bg-muted/50 px-3 py-2.5 font-mono text-xs sm:text-sm" data-testid="referral-link">
                    {link}
                  </output>
                  <CopyButton
                    value={link}
                    label="Copy Link"
                    size="md"
                    onCopied={() => toast({ title: 'Copied', description: 'Referral link copied to clipboard', variant: 'success' })}
                    onError={() => toast({ title: 'Error', description: 'Failed to copy referral link', variant: 'destructive' })}
                  />
                </div>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Quick Share</CardTitle>
              <CardDescription>Send your link in one tap.</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-3 gap-2 sm:gap-3">
              <ShareButton href={share.whatsapp} label="WhatsApp" icon={<MessageCircle aria-hidden="true" className="size-5" />} newTab />
              <ShareButton href={share.sms} label="SMS" icon={<MessageSquare aria-hidden="true" className="size-5" />} />
              <ShareButton href={share.email} label="Email" icon={<Mail aria-hidden="true" className="size-5" />} />
            </CardContent>
          </Card>
        </div>

        <Card>
          <CardHeader>
            <CardTitle>Referral History</CardTitle>
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
  return (
    <Button asChild variant="outline" className="h-auto flex-col gap-1.5 py-3">
      <a href={href} {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})} aria-label={`Share on ${label}`}>
        {icon}
        <span className="text-xs font-semibold">{label}</span>
      </a>
    </Button>
  );
}
