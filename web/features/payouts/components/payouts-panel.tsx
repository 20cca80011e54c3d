// Above the Withdrawals table when a payout provider pays withdrawals: the alert while payouts wait
// at the provider for money in the business account, and the payouts it refused (or that failed
// too often), each with "Try again" and "Return to wallet" (the person then reads the reason given).
import { useState } from 'react';
import { AlertTriangle, Hourglass, RotateCcw, Undo2 } from 'lucide-react';
import type { FailedPayout, PayoutOverview } from '../../../../contract/payouts.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatINR } from '../../../lib/format.ts';
import { DecisionDialog } from '../../admin/components/decision-dialog.tsx';
import { providerName, useRetryPayout, useReturnPayout } from '../api.ts';

/** A returned payout's reason: at least this long, as the server asks. */
const REASON_MIN = 3;

export function PayoutsPanel({ overview }: { overview: PayoutOverview | undefined }) {
  const t = useT();
  const retry = useRetryPayout();
  const giveBack = useReturnPayout();
  const [returning, setReturning] = useState<FailedPayout | null>(null);
  if (!overview) return null;
  const provider = providerName(overview.provider);
  const waiting = overview.waitingForBalance;

  const tryAgain = (p: FailedPayout) =>
    retry.mutate(p.withdrawalId, {
      onSuccess: () => toast({ title: t('admin.payouts.retried'), description: t('admin.payouts.retriedText', { amount: formatINR(p.amount), username: p.username, provider }), variant: 'success' }),
      onError: (err) => toast({ title: t('admin.payouts.actionFailed'), description: errorMessage(err, t('admin.payouts.actionFailed')), variant: 'destructive' }),
    });

  const confirmReturn = (reason: string) => {
    if (!returning) return;
    const p = returning;
    giveBack.mutate(
      { withdrawalId: p.withdrawalId, reason },
      {
        onSuccess: () => toast({ title: t('admin.payouts.returned'), description: t('admin.payouts.returnedText', { amount: formatINR(p.amount), username: p.username }), variant: 'success' }),
        onError: (err) => toast({ title: t('admin.payouts.actionFailed'), description: errorMessage(err, t('admin.payouts.actionFailed')), variant: 'destructive' }),
        onSettled: () => setReturning(null),
      },
    );
  };

  return (
    <>
      {waiting.count > 0 ? (
        <div role="status" className="hc-border flex gap-3 rounded-[12px] border border-warning/40 bg-warning-soft p-4 text-sm text-warning-soft-foreground">
          <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">{t('admin.payouts.lowBalanceTitle')}</p>
            <p>{t('admin.payouts.lowBalanceText', { count: waiting.count, amount: formatINR(waiting.amount), provider })}</p>
          </div>
        </div>
      ) : null}
      {overview.failed.length > 0 ? (
        <Card className="border-destructive/40">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <AlertTriangle aria-hidden="true" className="size-5 text-destructive" /> {t('admin.payouts.failedTitle', { count: overview.failed.length })}
            </CardTitle>
            <CardDescription>{t('admin.payouts.failedText', { provider })}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-border" aria-label={t('admin.payouts.failedListLabel')}>
              {overview.failed.map((p) => (
                <li key={p.withdrawalId} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 md:flex-row md:items-center md:justify-between">
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="flex flex-wrap items-baseline gap-x-2">
                      <Amount value={p.amount} className="font-semibold" />
                      <span className="font-medium">{p.username}</span>
                      <span className="break-all text-muted-foreground">{p.destination}</span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {t('admin.payouts.approvedOn', { date: formatDateTime(p.createdAt) })} · {t('admin.payouts.attempts', { count: p.attempts })}
                    </p>
                    {p.lastError ? <p className="mt-0.5 break-words text-xs text-destructive">{p.lastError}</p> : null}
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => tryAgain(p)}
                      loading={retry.isPending && retry.variables === p.withdrawalId}
                      loadingText={t('admin.payouts.retrying')}
                      aria-label={t('admin.payouts.retryLabel', { amount: formatINR(p.amount), username: p.username })}
                    >
                      <RotateCcw aria-hidden="true" className="size-4" /> {t('admin.payouts.retry')}
                    </Button>
                    <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setReturning(p)} aria-label={t('admin.payouts.returnLabel', { amount: formatINR(p.amount), username: p.username })}>
                      <Undo2 aria-hidden="true" className="size-4" /> {t('admin.payouts.return')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
      {returning ? (
        <DecisionDialog
          title={t('admin.payouts.returnTitle')}
          description={t('admin.payouts.returnText', { amount: formatINR(returning.amount), username: returning.username })}
          confirmLabel={t('admin.payouts.returnConfirm', { amount: formatINR(returning.amount) })}
          tone="destructive"
          notesLabel={t('admin.payouts.reasonLabel')}
          notesHint={t('admin.payouts.reasonHint')}
          notesRequired={REASON_MIN}
          busy={giveBack.isPending}
          onConfirm={(reason) => confirmReturn(reason)}
          onClose={() => setReturning(null)}
        />
      ) : null}
    </>
  );
}
