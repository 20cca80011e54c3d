// Ledger (Super Admin): where the money went, without SQL. Each platform account's balance (fees
// received, rewards and prizes paid, payouts pending and paid, waivers), the users' wallets and
// clawback debts in total, the sealed chain's state (its newest digest, to record elsewhere), and
// the entries of one account with all their lines.
import { useState } from 'react';
import { BookOpenCheck, Link2, ListTree } from 'lucide-react';
import type { LedgerAccountName, LedgerEntry, LedgerOverview } from '../../../../contract/ledger.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { useT } from '../../../i18n/t.ts';
import { translateServerText } from '../../../i18n/server-text.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useLedgerEntries, useLedgerOverview } from '../api.ts';

const ACCOUNT_LABEL = {
  upi_collections: 'ledger.account.upiCollections',
  activation_fees: 'ledger.account.activationFees',
  referral_rewards: 'ledger.account.referralRewards',
  spin_prizes: 'ledger.account.spinPrizes',
  payouts_pending: 'ledger.account.payoutsPending',
  payouts_paid: 'ledger.account.payoutsPaid',
  fee_waivers: 'ledger.account.feeWaivers',
  gateway_collections: 'ledger.account.gatewayCollections',
  forfeited_rewards: 'ledger.account.forfeitedRewards',
  tds_payable: 'ledger.account.tdsPayable',
  tds_deposited: 'ledger.account.tdsDeposited',
  user_wallets: 'ledger.account.userWallets',
  held_rewards: 'ledger.account.heldRewards',
  clawback_debt: 'ledger.account.clawbackDebt',
} as const satisfies Record<LedgerAccountName, string>;

const ACCOUNT_HINT = {
  upi_collections: 'ledger.hint.upiCollections',
  activation_fees: 'ledger.hint.activationFees',
  referral_rewards: 'ledger.hint.referralRewards',
  spin_prizes: 'ledger.hint.spinPrizes',
  payouts_pending: 'ledger.hint.payoutsPending',
  payouts_paid: 'ledger.hint.payoutsPaid',
  fee_waivers: 'ledger.hint.feeWaivers',
  gateway_collections: 'ledger.hint.gatewayCollections',
  forfeited_rewards: 'ledger.hint.forfeitedRewards',
  tds_payable: 'ledger.hint.tdsPayable',
  tds_deposited: 'ledger.hint.tdsDeposited',
  user_wallets: 'ledger.hint.userWallets',
  held_rewards: 'ledger.hint.heldRewards',
  clawback_debt: 'ledger.hint.clawbackDebt',
} as const satisfies Record<LedgerAccountName, string>;

/** The accounts whose entries can be listed (a user's own wallet is on the Users tab). */
const DRILLABLE = new Set<LedgerAccountName>([
  'upi_collections',
  'gateway_collections',
  'activation_fees',
  'referral_rewards',
  'spin_prizes',
  'payouts_pending',
  'payouts_paid',
  'fee_waivers',
  'forfeited_rewards',
  'tds_payable',
  'tds_deposited',
  'held_rewards',
  'clawback_debt',
]);

export default function LedgerTab() {
  const t = useT();
  const overview = useLedgerOverview();
  const [open, setOpen] = useState<LedgerAccountName | null>(null);
  if (overview.isPending) return <SkeletonList rows={6} label={t('ledger.loading')} />;
  if (overview.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(overview.error, t('ledger.loadError'))}
      </p>
    );
  const columns: TableColumn<LedgerOverview['accounts'][number]>[] = [
    {
      key: 'account',
      header: t('ledger.accountHeader'),
      mobile: 'title',
      cell: (a) => (
        <div className="min-w-0">
          <p className="font-medium">{t(ACCOUNT_LABEL[a.name])}</p>
          <p className="text-xs text-muted-foreground">{t(ACCOUNT_HINT[a.name])}</p>
        </div>
      ),
    },
    { key: 'count', header: t('ledger.accountsHeader'), align: 'right', cell: (a) => <span className="tabular">{formatNumber(a.accounts)}</span> },
    { key: 'balance', header: t('ledger.balanceHeader'), align: 'right', cell: (a) => <Amount value={a.balance} className="font-semibold" /> },
    {
      key: 'entries',
      header: <span className="sr-only">{t('admin.common.actions')}</span>,
      align: 'right',
      cell: (a) =>
        DRILLABLE.has(a.name) ? (
          <Button size="sm" variant={open === a.name ? 'primary' : 'outline'} onClick={() => setOpen(open === a.name ? null : a.name)} aria-expanded={open === a.name} aria-label={t('ledger.showEntriesOf', { account: t(ACCOUNT_LABEL[a.name]) })}>
            <ListTree aria-hidden="true" className="size-4" /> {t('ledger.entries')}
          </Button>
        ) : null,
    },
  ];
  const chain = overview.data.chain;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <BookOpenCheck aria-hidden="true" className="size-5 text-primary" /> {t('ledger.title')}
          </CardTitle>
          <CardDescription>{t('ledger.text')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Table caption={t('ledger.title')} columns={columns} rows={overview.data.accounts} getRowKey={(a) => a.name} />
        </CardContent>
      </Card>
      {open ? <EntriesCard account={open} /> : null}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Link2 aria-hidden="true" className="size-5 text-primary" /> {t('ledger.chain.title')}
          </CardTitle>
          <CardDescription>{t('ledger.chain.text')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>
            {t('ledger.chain.summary', { blocks: formatNumber(chain.blocks), sealed: formatNumber(chain.sealedEntries), unsealed: formatNumber(chain.unsealedEntries) })}
            {chain.sealedAt ? ` ${t('ledger.chain.lastSealed', { at: formatDateTime(chain.sealedAt) })}` : ''}
          </p>
          {chain.headDigest ? (
            <div className="flex flex-col gap-2">
              <span className="text-xs font-medium text-muted-foreground">{t('ledger.chain.head')}</span>
              <code className="hc-border break-all rounded-[10px] border border-border bg-muted p-3 font-mono text-xs">{chain.headDigest}</code>
              <CopyButton value={chain.headDigest} label={t('ledger.chain.copy')} className="self-start" />
            </div>
          ) : (
            <p className="text-muted-foreground">{t('ledger.chain.none')}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function EntriesCard({ account }: { account: LedgerAccountName }) {
  const t = useT();
  const entries = useLedgerEntries(account);
  const items = entries.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('ledger.entriesOf', { account: t(ACCOUNT_LABEL[account]) })}</CardTitle>
        <CardDescription>{t('ledger.entriesText')}</CardDescription>
      </CardHeader>
      <CardContent>
        {entries.isPending ? (
          <SkeletonList rows={4} label={t('ledger.loadingEntries')} />
        ) : entries.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(entries.error, t('ledger.loadEntriesError'))}
          </p>
        ) : items.length === 0 ? (
          <EmptyState icon={<ListTree aria-hidden="true" className="size-6" />} title={t('ledger.noEntries')} />
        ) : (
          <ol className="flex flex-col divide-y divide-border">
            {items.map((e) => (
              <EntryRow key={`${e.id}-${e.amount}`} entry={e} />
            ))}
          </ol>
        )}
        <LoadMoreButton hasMore={entries.hasNextPage} loading={entries.isFetchingNextPage} onLoadMore={() => void entries.fetchNextPage()} />
      </CardContent>
    </Card>
  );
}

function EntryRow({ entry }: { entry: LedgerEntry }) {
  const t = useT();
  return (
    <li className="flex flex-col gap-1.5 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">{translateServerText(entry.description)}</span>
        <Amount value={entry.amount} className="font-semibold" />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span>{formatDateTime(entry.at)}</span>
        {entry.username ? <span>· {entry.username}</span> : null}
        {entry.reversesEntryId ? <Badge tone="destructive">{t('ledger.correction')}</Badge> : null}
        <span className="font-mono">· {entry.id.slice(-10)}</span>
      </div>
      <ul className="flex flex-col gap-0.5 rounded-[8px] bg-muted/60 px-3 py-2 text-xs">
        {entry.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-3">
            <span className="truncate">
              {line.kind === 'platform' && line.name
                ? t(ACCOUNT_LABEL[line.name])
                : t(line.kind === 'debt' ? 'ledger.debtOf' : line.kind === 'held' ? 'ledger.heldOf' : 'ledger.walletOf', { name: line.username ?? '—' })}
            </span>
            <Amount value={line.amount} className="tabular" />
          </li>
        ))}
      </ul>
    </li>
  );
}
