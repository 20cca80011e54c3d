// Users: searchable, filterable table with cursor pagination and Activate (with confirmation). Under
// the two-person rule a direct activation waits for a second admin: the row says who asked, and
// only another admin may approve it. Each row shows the account's open risk flags with the evidence
// and the rewards held for it, which a Super Admin releases or forfeits. Any admin suspends a user
// (their sessions end, sign-in is refused) or lifts a suspension, always with a reason the user reads.
import { useState } from 'react';
import { Ban, CircleSlash, RotateCcw, Unlock, UserCheck, Users } from 'lucide-react';
import type { AdminUser, AdminUserItem } from '../../../../contract/admin.ts';
import type { AdminSettings } from '../../../../contract/settings.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT, type Translate } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { useActivateUser, useAdminSettings, useDecideHolds, useSetUserStatus, useUsers } from '../api.ts';
import { RiskFlags } from '../../risk/components/risk-flags.tsx';
import { useAuth } from '../../../lib/auth.tsx';
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
  const [holding, setHolding] = useState<{ user: AdminUserItem; action: 'release' | 'forfeit' } | null>(null);
  const decideHolds = useDecideHolds();
  const setUserStatus = useSetUserStatus();
  const [changingStatus, setChangingStatus] = useState<{ user: AdminUserItem; status: 'suspended' | 'active' } | null>(null);
  const auth = useAuth().user;
  const me = auth?.id;
  const isSuperAdmin = auth?.adminRole !== 'reviewer';

  const rows = users.data?.pages.flatMap((p) => p.items) ?? [];

  const onActivate = (user: AdminUser, reason: string) => {
    activate.mutate({ id: user.id, reason }, {
      onSuccess: (saved) => {
        const waiting = saved && !saved.isActivated && saved.pendingActivation;
        toast(
          waiting
            ? { title: t('admin.users.requested'), description: t('admin.users.requestedText', { username: user.username }), variant: 'success' }
            : { title: t('admin.users.activated'), description: t('admin.users.activatedText', { username: user.username }), variant: 'success' },
        );
        setConfirming(null);
      },
      onError: (err) => {
        toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.users.activateFailed')), variant: 'destructive' });
        setConfirming(null);
      },
    });
  };

  const onHolds = (user: AdminUserItem, action: 'release' | 'forfeit', note: string) => {
    const amount = formatINR(user.heldBalance ?? '0');
    decideHolds.mutate({ id: user.id, action, note }, {
      onSuccess: () => {
        toast(
          action === 'release'
            ? { title: t('risk.holds.released'), description: t('risk.holds.releasedText', { amount, username: user.username }), variant: 'success' }
            : { title: t('risk.holds.forfeited'), description: t('risk.holds.forfeitedText', { amount, username: user.username }), variant: 'success' },
        );
        setHolding(null);
      },
      onError: (err) => {
        toast({ title: t('risk.holds.failed'), description: errorMessage(err, t('risk.holds.failed')), variant: 'destructive' });
        setHolding(null);
      },
    });
  };

  const onStatus = (user: AdminUserItem, status: 'suspended' | 'active', reason: string) => {
    setUserStatus.mutate({ id: user.id, status, reason }, {
      onSuccess: () => {
        toast({
          title: status === 'suspended' ? t('admin.users.suspended') : t('admin.users.reinstated'),
          description: t(status === 'suspended' ? 'admin.users.suspendedText' : 'admin.users.reinstatedText', { username: user.username }),
          variant: 'success',
        });
        setChangingStatus(null);
      },
      onError: (err) => {
        toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.users.statusFailed')), variant: 'destructive' });
        setChangingStatus(null);
      },
    });
  };

  /** Suspend an active account, or lift a suspension: every admin, never on an erased account. */
  const statusAction = (u: AdminUserItem) =>
    u.accountStatus === 'suspended' ? (
      <Button size="sm" variant="outline" onClick={() => setChangingStatus({ user: u, status: 'active' })} aria-label={t('admin.users.reinstateUser', { username: u.username })}>
        <RotateCcw aria-hidden="true" className="size-4" /> {t('admin.users.reinstate')}
      </Button>
    ) : (
      <Button size="sm" variant="ghost" onClick={() => setChangingStatus({ user: u, status: 'suspended' })} aria-label={t('admin.users.suspendUser', { username: u.username })}>
        <CircleSlash aria-hidden="true" className="size-4" /> {t('admin.users.suspend')}
      </Button>
    );

  const columns: TableColumn<AdminUserItem>[] = [
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
          <RiskFlags flags={u.riskFlags} />
        </div>
      ),
    },
    { key: 'email', header: t('admin.users.emailPhone'), cell: (u) => <span className="break-all">{u.email ?? u.phone ?? '—'}</span> },
    {
      key: 'status',
      header: t('admin.common.status'),
      cell: (u) =>
        u.accountStatus === 'erased' ? (
          <StatusBadge status="suspended" label={t('admin.users.erased')} />
        ) : u.accountStatus === 'suspended' ? (
          <StatusBadge status="suspended" />
        ) : !u.isActivated && u.pendingActivation ? (
          <span className="flex flex-col items-start gap-0.5">
            <StatusBadge status="awaiting_second_approval" />
            <span className="text-xs text-muted-foreground">{t('admin.users.askedBy', { name: u.pendingActivation.byAdminName ?? '—' })}</span>
          </span>
        ) : (
          <StatusBadge status={u.isActivated ? 'active' : 'inactive'} />
        ),
    },
    {
      key: 'balance',
      header: t('admin.users.wallet'),
      align: 'right',
      cell: (u) => (
        <span className="flex flex-col items-end gap-0.5">
          <Amount value={u.walletBalance} className="font-semibold" />
          {hasHeld(u) ? <span className="text-xs whitespace-nowrap text-warning-soft-foreground">{t('risk.holds.onHold', { amount: formatINR(u.heldBalance ?? '0') })}</span> : null}
        </span>
      ),
    },
    { key: 'joined', header: t('admin.users.joined'), cell: (u) => <span className="whitespace-nowrap">{formatDate(u.createdAt)}</span> },
    {
      key: 'actions',
      header: <span className="sr-only">{t('admin.common.actions')}</span>,
      align: 'right',
      cell: (u) =>
        u.accountStatus === 'erased' ? null : (
          <span className="flex flex-wrap justify-end gap-2">
            {u.accountStatus === 'suspended' ? null : u.isActivated ? (
              isSuperAdmin && (hasHeld(u) || u.riskFlags.length > 0) ? (
                <>
                  <Button size="sm" variant="success" onClick={() => setHolding({ user: u, action: 'release' })} aria-label={t('risk.holds.releaseUser', { username: u.username })}>
                    <Unlock aria-hidden="true" className="size-4" /> {t('risk.holds.release')}
                  </Button>
                  {hasHeld(u) ? (
                    <Button size="sm" variant="destructive" onClick={() => setHolding({ user: u, action: 'forfeit' })} aria-label={t('risk.holds.forfeitUser', { username: u.username })}>
                      <Ban aria-hidden="true" className="size-4" /> {t('risk.holds.forfeit')}
                    </Button>
                  ) : null}
                </>
              ) : null
            ) : u.pendingActivation?.byAdminId === me ? (
              <span className="block max-w-44 text-end text-xs text-muted-foreground">{t('admin.users.waitingForAnother')}</span>
            ) : (
              <Button size="sm" variant="success" onClick={() => setConfirming(u)} aria-label={t('admin.users.activateUser', { username: u.username })}>
                <UserCheck aria-hidden="true" className="size-4" /> {u.pendingActivation ? t('admin.users.approveActivation') : t('admin.users.activate')}
              </Button>
            )}
            {statusAction(u)}
          </span>
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
          description={
            confirming.pendingActivation
              ? `${t('admin.users.secondApprovalOf', { name: confirming.pendingActivation.byAdminName ?? '—', reason: confirming.pendingActivation.reason ?? '—' })} ${waiverText(settings.data, t)}`
              : waiverText(settings.data, t)
          }
          confirmLabel={confirming.pendingActivation ? t('admin.users.approveActivation') : t('admin.users.activate')}
          tone="success"
          withNotes={!confirming.pendingActivation}
          notesLabel={t('admin.users.reasonLabel')}
          notesHint={t('admin.users.reasonHint')}
          busy={activate.isPending}
          onConfirm={(reason) => onActivate(confirming, reason)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
      {changingStatus ? (
        <DecisionDialog
          title={t(changingStatus.status === 'suspended' ? 'admin.users.suspendTitle' : 'admin.users.reinstateTitle', { username: changingStatus.user.username })}
          description={t(changingStatus.status === 'suspended' ? 'admin.users.suspendText' : 'admin.users.reinstateText')}
          confirmLabel={t(changingStatus.status === 'suspended' ? 'admin.users.suspend' : 'admin.users.reinstate')}
          tone={changingStatus.status === 'suspended' ? 'destructive' : 'success'}
          notesLabel={t('admin.users.statusReasonLabel')}
          notesHint={t('admin.users.statusReasonHint')}
          notesRequired={1}
          busy={setUserStatus.isPending}
          onConfirm={(reason) => onStatus(changingStatus.user, changingStatus.status, reason)}
          onClose={() => setChangingStatus(null)}
        />
      ) : null}
      {holding ? (
        <DecisionDialog
          title={t(holding.action === 'release' ? 'risk.holds.releaseTitle' : 'risk.holds.forfeitTitle', {
            amount: formatINR(holding.user.heldBalance ?? '0'),
            username: holding.user.username,
          })}
          description={t(holding.action === 'release' ? 'risk.holds.releaseText' : 'risk.holds.forfeitText')}
          confirmLabel={t(holding.action === 'release' ? 'risk.holds.release' : 'risk.holds.forfeit')}
          tone={holding.action === 'release' ? 'success' : 'destructive'}
          notesLabel={t(holding.action === 'release' ? 'risk.holds.releaseNoteLabel' : 'risk.holds.forfeitNoteLabel')}
          notesHint={t(holding.action === 'release' ? 'risk.holds.releaseNoteHint' : 'risk.holds.forfeitNoteHint')}
          notesRequired={holding.action === 'forfeit' ? 1 : undefined}
          busy={decideHolds.isPending}
          onConfirm={(note) => onHolds(holding.user, holding.action, note)}
          onClose={() => setHolding(null)}
        />
      ) : null}
    </div>
  );
}

const hasHeld = (u: AdminUser) => Number(u.heldBalance ?? 0) > 0;
