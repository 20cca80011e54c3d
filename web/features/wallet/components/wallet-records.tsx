// The wallet's records, below its first view on a phone: the monthly statement, Withdrawal History
// (a 20rem scroll area) and Transaction History, each paged with Load more. Code of its own, which
// the wallet fetches once it has painted its top (the balance and the withdraw form); the lists'
// requests start in the wallet itself, so their data is not later for it.
import { memo, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { ScrollArea } from '../../../components/ui/scroll-area.tsx';
import { useT } from '../../../i18n/t.ts';
import { loadMoreProps } from '../../../lib/paged-history.ts';
import { useInSteps } from '../../../lib/use-in-steps.ts';
import { StatementCard } from '../../statements/components/statement-card.tsx';
import { useTransactions } from '../../transactions/api.ts';
import { TransactionList } from '../../transactions/components/transaction-list.tsx';
import { useWithdrawals } from '../api.ts';
import { WithdrawalHistory } from './withdrawal-history.tsx';

/** The monthly statement, drawn once near the screen. */
export const WalletStatement = memo(function WalletStatement() {
  return (
    <div className="drawn-near-screen [contain-intrinsic-size:auto_22rem]">
      <StatementCard />
    </div>
  );
});

/**
 * Withdrawal History and Transaction History. Each list follows its query through a deferred value:
 * a query's answer reaches React as a synchronous update (TanStack's store), which would render
 * fifty rows in one task on the phone; here that update only meets a memoised card, and the rows
 * render in the deferred pass, which yields to the phone every few milliseconds, eight rows at a
 * time (useInSteps). Both parts are memoised, taking no props: the wallet re-rendering as its own
 * data arrives (the settings, the account), itself a synchronous update, does not take a hundred
 * rows with it into one long task, as it did in some loads. Each card is laid
 * out and painted only once near the screen: on a phone they are below the first view.
 */
export const WalletHistories = memo(function WalletHistories() {
  return (
    <>
      <WithdrawalsCard />
      <TransactionsCard />
    </>
  );
});

function WithdrawalsCard() {
  const t = useT();
  const withdrawals = useDeferredValue(useWithdrawals());
  const rows = useInSteps(withdrawals.data);
  return useMemo(
    () => (
      <Card className="drawn-near-screen">
        <CardHeader>
          <CardTitle>{t('wallet.history.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          <WithdrawalHistory rows={rows} loading={withdrawals.isPending} />
          <LoadMoreButton {...loadMoreProps(withdrawals, 'withdrawals')} />
        </CardContent>
      </Card>
    ),
    [t, withdrawals, rows],
  );
}

function TransactionsCard() {
  const t = useT();
  const transactions = useDeferredValue(useTransactions());
  const rows = useInSteps(transactions.data);
  return useMemo(
    () => (
      <Card className="drawn-near-screen [contain-intrinsic-size:auto_36rem]">
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{t('wallet.transactions.title')}</CardTitle>
          <Button asChild variant="link" size="sm">
            <Link to="/transactions">
              {t('wallet.transactions.viewAll')} <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
        </CardHeader>
        <CardContent>
          {/* Every loaded transaction in a fixed window, so Load more can reach the oldest without growing the page. */}
          <ScrollArea className={transactions.data && transactions.data.length > 6 ? 'h-[28rem] pe-3' : 'pe-3'} label={t('wallet.transactions.scrollLabel')}>
            <TransactionList rows={rows} loading={transactions.isPending} label={t('wallet.transactions.listLabel')} />
            <LoadMoreButton {...loadMoreProps(transactions, 'transactions')} />
          </ScrollArea>
        </CardContent>
      </Card>
    ),
    [t, transactions, rows],
  );
}
