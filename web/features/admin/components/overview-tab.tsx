// Overview: an alert when the hourly SMS budget is reached, the four headline numbers and Recent
// Activity from the audit log.
import { Activity, BadgeCheck, Clock, IndianRupee, MessageSquareWarning, Users } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle, CardDescription } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton, SkeletonList } from '../../../components/ui/skeleton.tsx';
import { StatCard } from '../../../components/ui/stat-card.tsx';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatINR, formatNumber } from '../../../lib/format.ts';
import { describeActivity, type ActivityTone } from '../../../lib/activity-text.ts';
import { useActivity, useDeadSms, useDismissDeadSms, useStats } from '../api.ts';
import { Button } from '../../../components/ui/button.tsx';

const DOT: Record<ActivityTone, string> = {
  success: 'bg-success',
  destructive: 'bg-destructive',
  primary: 'bg-primary',
  warning: 'bg-warning',
};

export function OverviewTab() {
  const t = useT();
  const stats = useStats();
  const activity = useActivity();
  const deadSms = useDeadSms();
  const dismiss = useDismissDeadSms();
  const s = stats.data;
  const value = (v: React.ReactNode) => (s ? v : <Skeleton className="h-8 w-20" />);

  return (
    <div className="flex flex-col gap-6">
      {stats.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(stats.error, t('admin.overview.statsError'))}
        </p>
      ) : null}
      {s?.sms.budgetReached ? (
        <div role="alert" className="hc-border flex gap-3 rounded-[12px] border border-warning/40 bg-warning-soft p-4 text-sm text-warning-soft-foreground">
          <MessageSquareWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('admin.overview.smsBudgetTitle')}</p>
            <p>{t('admin.overview.smsBudgetText', { sent: formatNumber(s.sms.sentLastHour), budget: formatNumber(s.sms.perHour) })}</p>
          </div>
        </div>
      ) : null}
      {deadSms.data && deadSms.data.items.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <MessageSquareWarning aria-hidden="true" className="size-5 text-warning" /> {t('admin.overview.deadSmsTitle')}
            </CardTitle>
            <CardDescription>{t('admin.overview.deadSmsText', { count: deadSms.data.items.length })}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-border text-sm">
              {deadSms.data.items.slice(0, 10).map((job) => (
                <li key={job.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <span className="tabular font-medium">+91 {job.phone}</span>
                  <span className="text-muted-foreground">
                    {t(job.purpose === 'reset' ? 'admin.overview.deadSmsReset' : job.purpose === 'phone_change' ? 'admin.overview.deadSmsPhoneChange' : 'admin.overview.deadSmsRegister')} · {t('admin.overview.deadSmsAttempts', { count: job.attempts })} · {formatDateTime(job.createdAt)}
                  </span>
                  {job.lastError ? <span className="w-full break-words text-xs text-muted-foreground">{job.lastError}</span> : null}
                  <Button
                    size="sm"
                    variant="ghost"
                    className="ms-auto"
                    loading={dismiss.isPending && dismiss.variables === job.id}
                    onClick={() => dismiss.mutate(job.id)}
                    aria-label={t('admin.overview.deadSmsDismissOne', { phone: `+91 ${job.phone}` })}
                  >
                    {t('admin.overview.deadSmsDismiss')}
                  </Button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        <StatCard label={t('admin.overview.totalUsers')} value={value(s ? formatNumber(s.totalUsers) : null)} icon={<Users aria-hidden="true" className="size-5" />} />
        <StatCard
          label={t('admin.overview.activatedUsers')}
          value={value(s ? formatNumber(s.activatedUsers) : null)}
          tone="success"
          icon={<BadgeCheck aria-hidden="true" className="size-5" />}
          hint={s && s.totalUsers > 0 ? t('admin.overview.activatedShare', { percent: Math.round((s.activatedUsers / s.totalUsers) * 100) }) : undefined}
        />
        <StatCard className="col-span-2 lg:col-span-1" label={t('admin.overview.totalEarnings')} value={value(s ? formatINR(s.totalEarnings) : null)} tone="primary" icon={<IndianRupee aria-hidden="true" className="size-5" />} hint={s?.paidOut !== undefined ? t('admin.overview.earningsPaidOut', { amount: formatINR(s.paidOut) }) : t('admin.overview.earningsHint')} />
        <StatCard
          className="col-span-2 lg:col-span-1"
          label={t('admin.overview.pendingRequests')}
          value={value(s ? formatNumber(s.pendingWithdrawals + s.pendingPayments) : null)}
          tone="warning"
          icon={<Clock aria-hidden="true" className="size-5" />}
          hint={s ? t('admin.overview.pendingBreakdown', { payments: s.pendingPayments, withdrawals: s.pendingWithdrawals }) : undefined}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Activity aria-hidden="true" className="size-5 text-primary" /> {t('admin.overview.recentActivity')}
          </CardTitle>
          <CardDescription>{t('admin.overview.recentActivityText')}</CardDescription>
        </CardHeader>
        <CardContent>
          {activity.isPending ? (
            <SkeletonList rows={4} label={t('admin.overview.loadingActivity')} />
          ) : activity.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(activity.error, t('admin.overview.activityError'))}
            </p>
          ) : activity.data.items.length === 0 ? (
            <EmptyState title={t('admin.overview.noActivity')} description={t('admin.overview.noActivityText')} />
          ) : (
            <ol className="flex flex-col">
              {activity.data.items.map((item) => {
                const { text, tone } = describeActivity(item, t);
                return (
                  <li key={item.id} className="flex gap-3 border-b border-border py-3 last:border-b-0">
                    <span aria-hidden="true" className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', DOT[tone])} />
                    <div className="min-w-0 flex-1">
                      <p className="text-sm">{text}</p>
                      <p className="text-xs text-muted-foreground">
                        <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                        {item.ip ? ` · IP ${item.ip}` : ''}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
