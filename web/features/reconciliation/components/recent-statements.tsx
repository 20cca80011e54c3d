// The statements uploaded lately (kept on the server), newest first, under the upload card: an admin
// who left the reconcile screen opens the last results again without uploading the file a second time.
import { History } from 'lucide-react';
import type { ReconciliationSummary } from '../../../../contract/reconciliation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useReconciliations } from '../api.ts';
import { bankName } from './reconciliation-result.tsx';

export function RecentStatements({ onOpen }: { onOpen(id: string): void }) {
  const t = useT();
  const list = useReconciliations();
  if (list.isSuccess && list.data.items.length === 0) return null;
  // A role the list is not open to still reconciles: the card is left out rather than shown as an error.
  if (list.isError && list.error instanceof ApiError && list.error.status === 403) return null;
  const period = (r: ReconciliationSummary) =>
    r.firstDate && r.lastDate ? t('reconciliation.summary.periodRange', { from: formatDate(r.firstDate), to: formatDate(r.lastDate) }) : t('reconciliation.summary.noPeriod');
  return (
    <Card role="region" aria-labelledby="recent-statements-title">
      <CardHeader>
        <CardTitle as="h3" id="recent-statements-title" className="flex items-center gap-2">
          <History aria-hidden="true" className="size-5 text-primary" /> {t('reconciliation.recent.title')}
        </CardTitle>
        <CardDescription>{t('reconciliation.recent.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <SkeletonList rows={3} label={t('reconciliation.recent.loading')} />
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(list.error, t('reconciliation.recent.loadError'))}
            </p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              {t('reconciliation.result.retry')}
            </Button>
          </div>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {list.data.items.map((r) => (
              <li key={r.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-semibold">{t('reconciliation.recent.item', { bank: bankName(t, r.bank), period: period(r) })}</span>
                  <span className="break-all text-xs text-muted-foreground">
                    {t('reconciliation.recent.details', { file: r.fileName, lines: formatNumber(r.lineCount), at: formatDateTime(r.createdAt) })}
                  </span>
                </div>
                <Button variant="outline" size="sm" className="w-full shrink-0 sm:w-auto" onClick={() => onOpen(r.id)} aria-label={t('reconciliation.recent.openLabel', { bank: bankName(t, r.bank), period: period(r) })}>
                  {t('reconciliation.recent.open')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
