// Admins (Super Admin): invite an admin (email + role; the one-time link is shown once, to copy),
// the invitations and their state, every admin with role, state, sign-in security and how much they
// did; suspend or bring one back; read one admin's actions.
import { useState, type FormEvent } from 'react';
import { History, MailPlus, ShieldCheck, ShieldOff, UserCog } from 'lucide-react';
import type { AdminAccount, CreatedInvitation } from '../../../../contract/admins.ts';
import { Badge, StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { describeActivity } from '../../../lib/activity-text.ts';
import { useAdminActivity, useAdmins, useCreateInvitation, useInvitations, useSetAdminStatus } from '../api.ts';

export default function AdminsTab() {
  return (
    <div className="flex flex-col gap-4">
      <InviteCard />
      <AdminsList />
      <InvitationsList />
    </div>
  );
}

function InviteCard() {
  const t = useT();
  const create = useCreateInvitation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'reviewer' | 'super_admin'>('reviewer');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<CreatedInvitation | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    create.mutate(
      { email, role },
      {
        onSuccess: (invitation) => {
          setCreated(invitation);
          setEmail('');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          toast({ title: t('admins.invite.failedTitle'), description: errorMessage(err, t('admins.invite.failed')), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailPlus aria-hidden="true" className="size-5 text-primary" /> {t('admins.invite.title')}
        </CardTitle>
        <CardDescription>{t('admins.invite.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 items-start gap-4 sm:grid-cols-[1fr_12rem_auto]">
          <Field label={t('admins.invite.email')} error={errors.email}>
            <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Field label={t('admins.invite.role')} error={errors.role}>
            <Select
              value={role}
              onValueChange={(v) => setRole(v === 'super_admin' ? 'super_admin' : 'reviewer')}
              options={[
                { value: 'reviewer', label: t('admins.role.reviewer') },
                { value: 'super_admin', label: t('admins.role.superAdmin') },
              ]}
            />
          </Field>
          <div className="sm:pt-7">
            <Button type="submit" loading={create.isPending} loadingText={t('admins.invite.sending')} className="w-full sm:w-auto">
              <MailPlus aria-hidden="true" className="size-4" /> {t('admins.invite.create')}
            </Button>
          </div>
        </form>
        <p className="mt-3 text-xs text-muted-foreground">{t('admins.invite.roles')}</p>
      </CardContent>
      {created ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setCreated(null))}
          title={t('admins.invite.linkTitle')}
          description={t('admins.invite.linkText', { email: created.email, expires: formatDateTime(created.expiresAt) })}
          footer={<Button onClick={() => setCreated(null)}>{t('admins.invite.done')}</Button>}
        >
          <div className="flex flex-col gap-2">
            <p className="hc-border break-all rounded-[10px] border border-border bg-muted p-3 font-mono text-xs" data-testid="invitation-link">
              {created.link}
            </p>
            <CopyButton value={created.link} label={t('admins.invite.copy')} className="self-start" />
          </div>
        </Dialog>
      ) : null}
    </Card>
  );
}

function AdminsList() {
  const t = useT();
  const me = useAuth().user?.id;
  const admins = useAdmins();
  const setStatus = useSetAdminStatus();
  const [confirming, setConfirming] = useState<AdminAccount | null>(null);
  const [viewing, setViewing] = useState<AdminAccount | null>(null);

  const onConfirm = (admin: AdminAccount) => {
    const status = admin.status === 'active' ? 'suspended' : 'active';
    setStatus.mutate(
      { id: admin.id, status },
      {
        onSuccess: () => {
          toast({
            title: status === 'suspended' ? t('admins.list.suspended') : t('admins.list.reactivated'),
            description: status === 'suspended' ? t('admins.list.suspendedText', { name: admin.username }) : t('admins.list.reactivatedText', { name: admin.username }),
            variant: 'success',
          });
          setConfirming(null);
        },
        onError: (err) => {
          toast({ title: t('admin.common.error'), description: errorMessage(err, t('admins.list.statusFailed')), variant: 'destructive' });
          setConfirming(null);
        },
      },
    );
  };

  const columns: TableColumn<AdminAccount>[] = [
    {
      key: 'admin',
      header: t('admins.list.admin'),
      mobile: 'title',
      cell: (a) => (
        <div className="min-w-0">
          <p className="truncate font-medium">
            {a.username} {a.id === me ? <span className="text-xs font-normal text-muted-foreground">({t('admins.list.you')})</span> : null}
          </p>
          <p className="truncate text-xs text-muted-foreground">{a.email ?? '—'}</p>
        </div>
      ),
    },
    {
      key: 'role',
      header: t('admins.list.role'),
      cell: (a) => (
        <Badge tone={a.role === 'super_admin' ? 'solid' : 'primary'}>{a.role === 'super_admin' ? t('admins.role.superAdmin') : t('admins.role.reviewer')}</Badge>
      ),
    },
    { key: 'status', header: t('admin.common.status'), cell: (a) => <StatusBadge status={a.status} /> },
    {
      key: 'security',
      header: t('admins.list.security'),
      cell: (a) => (
        <span className="flex items-center gap-1.5 text-xs">
          {a.twoFactorEnabled ? <ShieldCheck aria-hidden="true" className="size-4 text-success" /> : <ShieldOff aria-hidden="true" className="size-4 text-warning" />}
          {a.twoFactorEnabled ? t('admins.list.twoFactorOn') : t('admins.list.twoFactorOff')}
          {a.passkeyCount > 0 ? ` · ${t('admins.list.passkeys', { count: a.passkeyCount })}` : ''}
        </span>
      ),
    },
    {
      key: 'actions-count',
      header: t('admins.list.actions'),
      cell: (a) => (
        <span className="text-xs">
          {t('admins.list.actionCount', { count: a.actionCount })}
          {a.lastActionAt ? <span className="block text-muted-foreground">{t('admins.list.lastAction', { at: formatDateTime(a.lastActionAt) })}</span> : null}
        </span>
      ),
    },
    {
      key: 'buttons',
      header: <span className="sr-only">{t('admin.common.actions')}</span>,
      align: 'right',
      cell: (a) => (
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="outline" onClick={() => setViewing(a)} aria-label={t('admins.list.viewActionsOf', { name: a.username })}>
            <History aria-hidden="true" className="size-4" /> {t('admins.list.viewActions')}
          </Button>
          {a.id === me ? null : (
            <Button
              size="sm"
              variant={a.status === 'active' ? 'outline' : 'success'}
              className={a.status === 'active' ? 'text-destructive' : undefined}
              onClick={() => setConfirming(a)}
              aria-label={a.status === 'active' ? t('admins.list.suspendName', { name: a.username }) : t('admins.list.reactivateName', { name: a.username })}
            >
              {a.status === 'active' ? t('admins.list.suspend') : t('admins.list.reactivate')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserCog aria-hidden="true" className="size-5 text-primary" /> {t('admins.list.title')}
        </CardTitle>
        <CardDescription>{t('admins.list.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        {admins.isPending ? (
          <SkeletonList rows={3} label={t('admins.list.loading')} />
        ) : admins.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(admins.error, t('admins.list.loadError'))}
          </p>
        ) : (
          <Table caption={t('admins.list.title')} columns={columns} rows={admins.data.items} getRowKey={(a) => a.id} />
        )}
      </CardContent>
      {confirming ? (
        <Dialog
          open
          onOpenChange={(open) => (open || setStatus.isPending ? undefined : setConfirming(null))}
          title={confirming.status === 'active' ? t('admins.list.confirmSuspend', { name: confirming.username }) : t('admins.list.confirmReactivate', { name: confirming.username })}
          description={confirming.status === 'active' ? t('admins.list.suspendExplain') : t('admins.list.reactivateExplain')}
          footer={
            <>
              <Button variant="outline" disabled={setStatus.isPending} onClick={() => setConfirming(null)}>
                {t('admin.common.cancel')}
              </Button>
              <Button variant={confirming.status === 'active' ? 'destructive' : 'success'} loading={setStatus.isPending} loadingText={t('admin.common.saving')} onClick={() => onConfirm(confirming)}>
                {confirming.status === 'active' ? t('admins.list.suspend') : t('admins.list.reactivate')}
              </Button>
            </>
          }
        />
      ) : null}
      {viewing ? <AdminActions admin={viewing} onClose={() => setViewing(null)} /> : null}
    </Card>
  );
}

/** One admin's audited actions, newest first. */
function AdminActions({ admin, onClose }: { admin: AdminAccount; onClose(): void }) {
  const t = useT();
  const activity = useAdminActivity(admin.id);
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={t('admins.actions.title', { name: admin.username })} description={t('admins.actions.text')} className="max-w-2xl">
      {activity.isPending ? (
        <SkeletonList rows={4} label={t('admins.actions.loading')} />
      ) : activity.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(activity.error, t('admins.actions.loadError'))}
        </p>
      ) : items.length === 0 ? (
        <EmptyState icon={<History aria-hidden="true" className="size-6" />} title={t('admins.actions.empty')} />
      ) : (
        <ol className="flex max-h-[60vh] flex-col divide-y divide-border overflow-y-auto text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-0.5 py-2">
              <span className="font-medium">{describeActivity(item, t).text}</span>
              <span className="text-xs text-muted-foreground">
                {formatDateTime(item.createdAt)}
                {item.targetType ? ` · ${item.targetType} ${item.targetId?.slice(-8) ?? ''}` : ''}
                {item.ip ? ` · ${item.ip}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
      <LoadMoreButton hasMore={activity.hasNextPage} loading={activity.isFetchingNextPage} onLoadMore={() => void activity.fetchNextPage()} />
    </Dialog>
  );
}

const INVITATION_STATUS = {
  pending: 'admins.invitations.status.pending',
  used: 'admins.invitations.status.used',
  expired: 'admins.invitations.status.expired',
} as const;

function InvitationsList() {
  const t = useT();
  const invitations = useInvitations();
  if (invitations.isPending) return <SkeletonList rows={2} label={t('admins.invitations.loading')} />;
  if (invitations.isError || invitations.data.items.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admins.invitations.title')}</CardTitle>
        <CardDescription>{t('admins.invitations.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-border text-sm">
          {invitations.data.items.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <span className="block truncate font-medium">{inv.email}</span>
                <span className="text-xs text-muted-foreground">
                  {inv.role === 'super_admin' ? t('admins.role.superAdmin') : t('admins.role.reviewer')} · {t('admins.invitations.by', { name: inv.invitedByName ?? '—' })} ·{' '}
                  {formatDateTime(inv.createdAt)}
                </span>
              </span>
              <Badge tone={inv.status === 'used' ? 'success' : inv.status === 'expired' ? 'neutral' : 'warning'}>{t(INVITATION_STATUS[inv.status])}</Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
