// Wallet (/wallet): gated on activation. A request for the PAN when tax at source is near, the
// balance card (server totals), the withdraw form, the
// monthly statement, Withdrawal History (a 20rem scroll area) and Transaction History, each paged
// with Load more.
import { Link } from 'react-router';
import { ArrowRight, CircleAlert, Hourglass, TrendingUp, Wallet } from 'lucide-react';
import { AfterPaint } from '../components/ui/after-paint.tsx';
import { Amount } from '../components/ui/amount.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { LoadMoreButton } from '../components/ui/load-more-button.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { ScrollArea } from '../components/ui/scroll-area.tsx';
import { ActivationRequired } from '../features/activation/components/activation-required.tsx';
import { useTransactions } from '../features/transactions/api.ts';
import { TransactionList } from '../features/transactions/components/transaction-list.tsx';
import { useWithdrawals } from '../features/wallet/api.ts';
import { WithdrawForm } from '../features/wallet/components/withdraw-form.tsx';
import { WithdrawalHistory } from '../features/wallet/components/withdrawal-history.tsx';
import { StatementCard } from '../features/statements/components/statement-card.tsx';
import { PanPrompt } from '../features/tax/components/pan-prompt.tsx';
import { useAppSettings } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { loadMoreProps } from '../lib/paged-history.ts';
import { formatINR } from '../lib/format.ts';
import { useT } from '../i18n/t.ts';

export default function WalletScreen() {
  const t = useT();
  const { user } = useAuth();
  const settings = useAppSettings();
  const activated = Boolean(user?.isActivated);
  if (!user) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('wallet.page.title')} description={t('wallet.page.description')} />
      {activated ? (
        <ActiveWallet
          balance={user.walletBalance}
          held={user.heldBalance ?? '0.00'}
          debt={user.debt}
          totalEarnings={user.totalEarnings}
          minWithdrawal={settings.data?.minWithdrawal ?? '100.00'}
        />
      ) : (
        <ActivationRequired feature={t('wallet.page.activationFeature')} fee={settings.data?.activationFee} />
      )}
    </div>
  );
}

function ActiveWallet({ balance, held, debt, totalEarnings, minWithdrawal }: { balance: string; held: string; debt: string; totalEarnings: string; minWithdrawal: string }) {
  const t = useT();
  const withdrawals = useWithdrawals();
  const transactions = useTransactions();
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start">
      <div className="flex flex-col gap-6">
        <PanPrompt />
        <section className="hc-border relative overflow-hidden rounded-[16px] bg-gradient-to-br from-hero-from to-hero-to p-5 text-hero-foreground shadow-raised sm:p-6">
          <div aria-hidden="true" className="pointer-events-none absolute -end-12 -top-16 size-48 rounded-full bg-white/10 high-contrast:hidden" />
          <div className="relative flex flex-col gap-1">
            <h2 className="flex items-center gap-2 text-sm font-medium opacity-90">
              <Wallet aria-hidden="true" className="size-4" /> {t('wallet.balance.available')}
            </h2>
            <p className="text-4xl font-bold tracking-tight" data-testid="wallet-balance">
              <Amount value={balance} />
            </p>
            <p className="mt-2 flex items-center gap-1.5 text-sm opacity-90">
              <TrendingUp aria-hidden="true" className="size-4" /> {t('wallet.balance.totalEarned')} <Amount value={totalEarnings} className="font-semibold" />
            </p>
            {Number(held) > 0 ? (
              <div className="mt-3 rounded-[12px] bg-white/15 p-3 text-sm" data-testid="wallet-held">
                <p className="flex items-center gap-1.5 font-semibold">
                  <Hourglass aria-hidden="true" className="size-4" /> {t('wallet.balance.onHold', { amount: formatINR(held) })}
                </p>
                <p className="mt-0.5 opacity-90">{t('wallet.balance.onHoldText')}</p>
              </div>
            ) : null}
            {Number(debt) > 0 ? (
              <div className="mt-3 rounded-[12px] bg-white/15 p-3 text-sm" data-testid="wallet-debt">
                <p className="flex items-center gap-1.5 font-semibold">
                  <CircleAlert aria-hidden="true" className="size-4" /> {t('wallet.balance.debt', { amount: formatINR(debt) })}
                </p>
                <p className="mt-0.5 opacity-90">{t('wallet.balance.debtText')}</p>
              </div>
            ) : null}
          </div>
        </section>
        <Card>
          <CardHeader>
            <CardTitle>{t('wallet.withdraw.title')}</CardTitle>
            <CardDescription>{t('wallet.withdraw.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <WithdrawForm balance={balance} minWithdrawal={minWithdrawal} />
          </CardContent>
        </Card>
        {/* Below the first view on a phone: drawn once the top has been. */}
        <AfterPaint>
          <StatementCard />
        </AfterPaint>
      </div>
      <div className="flex flex-col gap-6">
        <AfterPaint>
          <Card>
            <CardHeader>
              <CardTitle>{t('wallet.history.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              <WithdrawalHistory rows={withdrawals.data} loading={withdrawals.isPending} />
              <LoadMoreButton {...loadMoreProps(withdrawals, 'withdrawals')} />
            </CardContent>
          </Card>
          <Card>
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
                <TransactionList rows={transactions.data} loading={transactions.isPending} label={t('wallet.transactions.listLabel')} />
                <LoadMoreButton {...loadMoreProps(transactions, 'transactions')} />
              </ScrollArea>
            </CardContent>
          </Card>
        </AfterPaint>
      </div>
    </div>
  );
}
