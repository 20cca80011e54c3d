// Wallet (/wallet): gated on activation. A request for the PAN when tax at source is near, the
// balance card (server totals), the withdraw form; below them, code of their own fetched once the
// top has painted (wallet-records.tsx), the monthly statement, Withdrawal History and Transaction
// History, each paged with Load more.
import { usePrefetchInfiniteQuery } from '@tanstack/react-query';
import { CircleAlert, Hourglass, TrendingUp, Wallet } from 'lucide-react';
import { AfterPaint } from '../components/ui/after-paint.tsx';
import { Amount } from '../components/ui/amount.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { ActivationRequired } from '../features/activation/components/activation-required.tsx';
import { transactionsQuery } from '../features/transactions/api.ts';
import { withdrawalsQuery } from '../features/wallet/api.ts';
import { WithdrawForm } from '../features/wallet/components/withdraw-form.tsx';
import { PanPrompt } from '../features/tax/components/pan-prompt.tsx';
import { useAppSettings } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { formatINR } from '../lib/format.ts';
import { preloadable } from '../lib/preloadable.ts';
import { useT } from '../i18n/t.ts';

const records = () => import('../features/wallet/components/wallet-records.tsx');
const WalletStatement = preloadable<object>(() => records().then((m) => ({ default: m.WalletStatement })));
const WalletHistories = preloadable<object>(() => records().then((m) => ({ default: m.WalletHistories })));
const loadRecords = () => Promise.all([WalletStatement.preload(), WalletHistories.preload()]).then(() => undefined);

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
  // The lists' requests start with the screen; their records subscribe once drawn.
  usePrefetchInfiniteQuery(withdrawalsQuery);
  usePrefetchInfiniteQuery(transactionsQuery);
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
        <AfterPaint load={loadRecords}>
          <WalletStatement />
        </AfterPaint>
      </div>
      <div className="flex flex-col gap-6">
        <AfterPaint load={loadRecords}>
          <WalletHistories />
        </AfterPaint>
      </div>
    </div>
  );
}
