// Transactions (/transactions): totals and the full history with Refresh, Export (CSV) and Filter.
import { ArrowDownLeft, ArrowUpRight, Clock, ReceiptText } from 'lucide-react';
import { Card } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { MoneyStat } from '../features/transactions/components/money-stat.tsx';
import { useTransactions } from '../features/transactions/api.ts';
import { TransactionHistoryPanel } from '../features/transactions/components/transaction-history-panel.tsx';
import { transactionStats } from '../features/transactions/stats.ts';

export default function TransactionsScreen() {
  const q = useTransactions();
  const stats = q.data ? transactionStats(q.data) : null;
  // Sums of a partial history are labelled as such; once every page is loaded they are the totals.
  const partial = Boolean(q.hasNextPage);
  const hint = partial && stats ? `Of the latest ${stats.count} loaded` : undefined;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Transactions" description="Every rupee in and out of your wallet." />
      <section aria-label="Transaction totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <MoneyStat label={partial ? 'Credits (loaded)' : 'Total Credits'} hint={hint} tone="success" amount={stats ? stats.credits : null} icon={<ArrowDownLeft aria-hidden="true" className="size-5" />} />
        <MoneyStat label={partial ? 'Debits (loaded)' : 'Total Debits'} hint={hint} tone="destructive" amount={stats ? stats.debits : null} icon={<ArrowUpRight aria-hidden="true" className="size-5" />} />
        <MoneyStat label={partial ? 'Transactions loaded' : 'Transactions'} value={stats ? stats.count : '—'} hint={partial ? 'More with Load more below' : undefined} icon={<ReceiptText aria-hidden="true" className="size-5" />} />
        <MoneyStat label={partial ? 'Pending (loaded)' : 'Pending'} hint={hint} tone="warning" value={stats ? stats.pending : '—'} icon={<Clock aria-hidden="true" className="size-5" />} />
      </section>
      <Card>
        <div className="p-5">
          <TransactionHistoryPanel title={<h2 className="text-base font-semibold">All Transactions</h2>} />
        </div>
      </Card>
    </div>
  );
}
