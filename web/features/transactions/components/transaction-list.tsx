// A transaction list: direction icon, description, type, date, signed amount (+ green credit,
// − debit, with the direction also in words), the wallet's balance after it and a status badge;
// a line that withheld tax at source says how much, under which section.
// Skeleton while loading and an empty state that says what to do next.
import type { ReactNode } from 'react';
import { ArrowDownLeft, ArrowUpRight, ReceiptText } from 'lucide-react';
import type { Transaction } from '../../../../contract/wallet.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { STATUS_LABELS, TYPE_LABELS } from '../labels.ts';
import { useT } from '../../../i18n/t.ts';
import { translateServerText } from '../../../i18n/server-text.ts';

export interface TransactionListProps {
  rows: Transaction[] | undefined;
  loading: boolean;
  empty?: ReactNode;
  label?: string;
}

export function TransactionList({ rows, loading, empty, label }: TransactionListProps) {
  const t = useT();
  if (loading) return <SkeletonList rows={4} label={t('transactions.list.loading')} />;
  if (!rows || rows.length === 0) {
    return (
      empty ?? (
        <EmptyState
          icon={<ReceiptText aria-hidden="true" className="size-6" />}
          title={t('transactions.list.emptyTitle')}
          description={t('transactions.list.emptyText')}
        />
      )
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label={label ?? t('transactions.list.label')}>
      {rows.map((tx) => {
        const credit = tx.direction === 'credit';
        const status = STATUS_LABELS[tx.status];
        return (
          <li key={tx.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-full',
                credit ? 'bg-success-soft text-success-soft-foreground' : 'bg-muted text-muted-foreground',
              )}
            >
              {credit ? <ArrowDownLeft aria-hidden="true" className="size-5" /> : <ArrowUpRight aria-hidden="true" className="size-5" />}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <div className="flex items-start justify-between gap-3">
                <p className="line-clamp-2 min-w-0 text-sm font-semibold">{translateServerText(tx.description)}</p>
                <Amount value={tx.amount} sign={tx.direction} className={cn('shrink-0 text-sm font-bold', !credit && 'text-foreground')} />
              </div>
              {tx.tax ? (
                <p className="text-xs text-muted-foreground" data-testid="transaction-tax">
                  {tx.tax.reversed
                    ? t('transactions.list.taxReversed', { tax: formatINR(tx.tax.amount), section: tx.tax.section })
                    : tx.tax.taxedOn !== tx.tax.gross
                      ? t('transactions.list.taxOn', { gross: formatINR(tx.tax.gross), tax: formatINR(tx.tax.amount), section: tx.tax.section, rate: tx.tax.rate, taxedOn: formatINR(tx.tax.taxedOn) })
                      : t('transactions.list.tax', { gross: formatINR(tx.tax.gross), tax: formatINR(tx.tax.amount), section: tx.tax.section, rate: tx.tax.rate })}
                </p>
              ) : null}
              <div className="flex items-end justify-between gap-3">
                <p className="min-w-0 text-xs text-muted-foreground">
                  {t(TYPE_LABELS[tx.type])} · {credit ? t('transactions.list.credit') : t('transactions.list.debit')} · <span className="whitespace-nowrap">{formatDate(tx.createdAt)}</span>
                </p>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <StatusBadge status={tx.status} label={status ? t(status) : undefined} />
                  {tx.balanceAfter !== undefined ? <span className="tabular text-xs text-muted-foreground">{t('transactions.list.balance', { amount: formatINR(tx.balanceAfter) })}</span> : null}
                </div>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
