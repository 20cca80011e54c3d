// Users: searchable, filterable table with cursor pagination and Activate (with confirmation).
import { useState } from 'react';
import { UserCheck, Users } from 'lucide-react';
import type { AdminUser } from '../../../../contract/admin.ts';
import type { AdminSettings } from '../../../../contract/settings.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useT, type Translate } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { useActivateUser, useAdminSettings, useUsers } from '../api.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { ListToolbar, LoadMore, type StatusOption } from './list-toolbar.tsx';

const STATUS_OPTIONS: readonly StatusOption[] = [
  { value: 'all', label: 'admin.users.all' },
  { value: 'active', label: 'admin.users.active' },
  { value: 'pending', label: 'admin.users.pending' },
];

/** What a direct activation really does: no fee came in, so it is waived; the reward follows the setting. */
function waiverText(settings: AdminSettings | undefined, t: Translate): string {
  const fee = settings ? t('admin.users.waiverFee', { fee: formatINR(settings.activationFee) }) : t('admin.users.waiverNoFee');
  const reward = settings?.rewardWaivedActivations
    ? t('admin.users.rewardPaid', { reward: formatINR(settings.referralReward) })
    : t('admin.users.rewardNotPaid');
  return `${fee} ${reward} ${t('admin.users.cannotUndo')}`;
}

export function UsersTab() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const q = useDebouncedValue(search);
  const users = useUsers({ status, q });
  const activate = useActivateUser();
  const settings = useAdminSettings();
  const [confirming, setConfirming] = useState<AdminUser | null>(null);

  const rows = users.data?.pages.flatMap((p) => p.items) ?? [];

  const onActivate = (user: AdminUser, reason: string) => {
    activate.mutate({ id: user.id, reason }, {
      onSuccess: () => {
        toast({ title: t('admin.users.activated'), description: t('admin.users.activatedText', { username: user.username }), variant: 'success' });
        setConfirming(null);
      },
      onError: (err) => {
        toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.users.activateFailed')), variant: 'destructive' });
        setConfirming(null);
      },
    });
  };

  const columns: TableColumn<AdminUser>[] = [
    {
      key: 'user',
      header: t('admin.common.user'),
      mobile: 'title',
      cell: (u) => (
        <div className="min-w-0">
          <p className="truncate font-medium">{u.username}</p>
          <p className="truncate font-mono text-xs text-muted-foreground" title={u.id}>
            {u.id.slice(-8)}
          </p>
        </div>
      ),
    },
    { key: 'email', header: t('admin.users.emailPhone'), cell: (u) => <span className="break-all">{u.email ?? u.phone ?? '—'}</span> },
    { key: 'status', header: t('admin.common.status'), cell: (u) => <StatusBadge status={u.isActivated ? 'active' : 'inactive'} /> },
    { key: 'balance', header: t('admin.users.wallet'), align: 'right', cell: (u) => <Amount value={u.walletBalance} className="font-semibold" /> },
    { key: 'joined', header: t('admin.users.joined'), cell: (u) => <span className="whitespace-nowrap">{formatDate(u.createdAt)}</span> },
    {
      key: 'actions',
      header: <span className="sr-only">{t('admin.common.actions')}</span>,
      align: 'right',
      cell: (u) =>
        u.isActivated ? null : (
          <Button size="sm" variant="success" onClick={() => setConfirming(u)} aria-label={t('admin.users.activateUser', { username: u.username })}>
            <UserCheck aria-hidden="true" className="size-4" /> {t('admin.users.activate')}
          </Button>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar search={search} onSearchChange={setSearch} searchLabel={t('admin.users.search')} status={status} onStatusChange={setStatus} statusOptions={STATUS_OPTIONS} />
      {users.isPending ? (
        <SkeletonList rows={6} label={t('admin.users.loading')} />
      ) : users.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(users.error, t('admin.users.loadError'))}
        </p>
      ) : (
        <>
          <Table
            caption={t('admin.users.caption')}
            columns={columns}
            rows={rows}
            getRowKey={(u) => u.id}
            empty={<EmptyState icon={<Users aria-hidden="true" className="size-6" />} title={t('admin.users.emptyTitle')} description={q || status !== 'all' ? t('admin.users.emptyFiltered') : t('admin.users.emptyNew')} />}
          />
          {rows.length > 0 ? <LoadMore shown={rows.length} hasNextPage={users.hasNextPage} isFetchingNextPage={users.isFetchingNextPage} onLoadMore={() => void users.fetchNextPage()} /> : null}
        </>
      )}
      {confirming ? (
        <DecisionDialog
          title={t('admin.users.confirmTitle', { username: confirming.username })}
          description={waiverText(settings.data, t)}
          confirmLabel={t('admin.users.activate')}
          tone="success"
          notesLabel={t('admin.users.reasonLabel')}
          notesHint={t('admin.users.reasonHint')}
          busy={activate.isPending}
          onConfirm={(reason) => onActivate(confirming, reason)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
