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
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { useActivateUser, useAdminSettings, useUsers } from '../api.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { ListToolbar, LoadMore } from './list-toolbar.tsx';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All users' },
  { value: 'active', label: 'Active' },
  { value: 'pending', label: 'Pending' },
];

/** What a direct activation really does: no fee came in, so it is waived; the reward follows the setting. */
function waiverText(settings: AdminSettings | undefined): string {
  const fee = settings ? formatINR(settings.activationFee) : 'the activation';
  const reward = settings?.rewardWaivedActivations
    ? `The referrer is paid the ${formatINR(settings.referralReward)} referral reward.`
    : 'The referrer is not paid a referral reward (Settings › Reward waived activations).';
  return `No payment was received: the account becomes active and ${fee} fee is recorded as waived. ${reward} This cannot be undone.`;
}

export function UsersTab() {
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
        toast({ title: 'User activated', description: `${user.username} is now active.`, variant: 'success' });
        setConfirming(null);
      },
      onError: (err) => {
        toast({ title: 'Error', description: errorMessage(err, 'Failed to activate user'), variant: 'destructive' });
        setConfirming(null);
      },
    });
  };

  const columns: TableColumn<AdminUser>[] = [
    {
      key: 'user',
      header: 'User',
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
    { key: 'email', header: 'Email / Phone', cell: (u) => <span className="break-all">{u.email ?? u.phone ?? '—'}</span> },
    { key: 'status', header: 'Status', cell: (u) => <StatusBadge status={u.isActivated ? 'active' : 'inactive'} /> },
    { key: 'balance', header: 'Wallet', align: 'right', cell: (u) => <Amount value={u.walletBalance} className="font-semibold" /> },
    { key: 'joined', header: 'Joined', cell: (u) => <span className="whitespace-nowrap">{formatDate(u.createdAt)}</span> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'right',
      cell: (u) =>
        u.isActivated ? null : (
          <Button size="sm" variant="success" onClick={() => setConfirming(u)} aria-label={`Activate ${u.username}`}>
            <UserCheck aria-hidden="true" className="size-4" /> Activate
          </Button>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar search={search} onSearchChange={setSearch} searchLabel="Search name, phone, email" status={status} onStatusChange={setStatus} statusOptions={STATUS_OPTIONS} />
      {users.isPending ? (
        <SkeletonList rows={6} label="Loading users" />
      ) : users.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(users.error, 'Could not load users')}
        </p>
      ) : (
        <>
          <Table
            caption="Users"
            columns={columns}
            rows={rows}
            getRowKey={(u) => u.id}
            empty={<EmptyState icon={<Users aria-hidden="true" className="size-6" />} title="No users match" description={q || status !== 'all' ? 'Try another search or clear the filter.' : 'New sign-ups will appear here.'} />}
          />
          {rows.length > 0 ? <LoadMore shown={rows.length} hasNextPage={users.hasNextPage} isFetchingNextPage={users.isFetchingNextPage} onLoadMore={() => void users.fetchNextPage()} /> : null}
        </>
      )}
      {confirming ? (
        <DecisionDialog
          title={`Activate ${confirming.username}?`}
          description={waiverText(settings.data)}
          confirmLabel="Activate"
          tone="success"
          notesLabel="Reason for waiving the fee"
          notesHint="For example: paid in cash at the office. Saved in the audit log."
          busy={activate.isPending}
          onConfirm={(reason) => onActivate(confirming, reason)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
