// Referral History: each referred person with an avatar initial, their activation status and the
// date they joined; an empty state that points to sharing the code.
import { UserPlus } from 'lucide-react';
import type { ReferredUser } from '../../../../contract/activation.ts';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../i18n/t.ts';

export function ReferralHistory({ rows, loading }: { rows: ReferredUser[] | undefined; loading: boolean }) {
  const t = useT();
  if (loading) return <SkeletonList rows={3} label={t('referrals.history.loading')} />;
  if (!rows || rows.length === 0) {
    return (
      <EmptyState
        icon={<UserPlus aria-hidden="true" className="size-6" />}
        title={t('referrals.history.emptyTitle')}
        description={t('referrals.history.emptyText')}
      />
    );
  }
  return (
    <ul className="flex flex-col divide-y divide-border" aria-label={t('referrals.history.listLabel')}>
      {rows.map((r) => (
        <li key={r.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
          <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-bold uppercase text-primary-soft-foreground">
            {r.username.slice(0, 1)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">{r.username}</p>
            <p className="text-xs text-muted-foreground">{t('referrals.history.joined', { date: formatDate(r.createdAt) })}</p>
          </div>
          <StatusBadge status={r.isActivated ? 'active' : 'inactive'} label={r.isActivated ? t('referrals.history.active') : t('referrals.history.pending')} />
        </li>
      ))}
    </ul>
  );
}
