// Transactions (/transactions): totals and the full history with Refresh, Export (CSV) and Filter.
import { ArrowDownLeft, ArrowUpRight, Clock, ReceiptText } from 'lucide-react';
import { Card } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { MoneyStat } from '../features/transactions/components/money-stat.tsx';
import { useTransactions } from '../features/transactions/api.ts';
import { TransactionHistoryPanel } from '../features/transactions/components/transaction-history-panel.tsx';
import { transactionStats } from '../features/transactions/stats.ts';
import { useT } from '../i18n/t.ts';

export default function TransactionsScreen() {
  const t = useT();
  const q = useTransactions();
  const stats = q.data ? transactionStats(q.data) : null;
  // Sums of a partial history are labelled as such; once every page is loaded they are the totals.
  const partial = Boolean(q.hasNextPage);
  const hint = partial && stats ? t('transactions.page.loadedHint', { count: stats.count }) : undefined;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('transactions.page.title')} description={t('transactions.page.description')} />
      <section aria-label={t('transactions.page.totalsLabel')} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <MoneyStat label={partial ? t('transactions.page.creditsLoaded') : t('transactions.page.credits')} hint={hint} tone="success" amount={stats ? stats.credits : null} icon={<ArrowDownLeft aria-hidden="true" className="size-5" />} />
        <MoneyStat label={partial ? t('transactions.page.debitsLoaded') : t('transactions.page.debits')} hint={hint} tone="destructive" amount={stats ? stats.debits : null} icon={<ArrowUpRight aria-hidden="true" className="size-5" />} />
        <MoneyStat label={partial ? t('transactions.page.countLoaded') : t('transactions.page.count')} value={stats ? stats.count : '—'} hint={partial ? t('transactions.page.countHint') : undefined} icon={<ReceiptText aria-hidden="true" className="size-5" />} />
        <MoneyStat label={partial ? t('transactions.page.pendingLoaded') : t('transactions.page.pending')} hint={hint} tone="warning" value={stats ? stats.pending : '—'} icon={<Clock aria-hidden="true" className="size-5" />} />
      </section>
      <Card>
        <div className="p-5">
          <TransactionHistoryPanel title={<h2 className="text-base font-semibold">{t('transactions.page.allTitle')}</h2>} />
        </div>
      </Card>
    </div>
  );
}
