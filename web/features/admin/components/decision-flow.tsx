// The approve/reject review flow shared by Manual Payments and Withdrawals: the status filter
// options, the User and decision columns, and the confirm step (dialog, mutation, toasts).
import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { TableColumn } from '../../../components/ui/table.tsx';
import { toast, type ToastInput } from '../../../components/ui/toast.tsx';
import { useT, type Translate } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Decision } from '../api.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import type { StatusOption } from './list-toolbar.tsx';
import { RowActions } from './row-actions.tsx';

export type DecisionStatus = Decision['status'];

export const DECISION_STATUS_OPTIONS: readonly StatusOption[] = [
  { value: 'pending', label: 'admin.status.pending' },
  { value: 'approved', label: 'admin.status.approved' },
  { value: 'rejected', label: 'admin.status.rejected' },
  { value: 'all', label: 'admin.status.all' },
];

interface ReviewRow {
  username: string;
  phone: string | null;
  userId: string;
  status: string;
  adminNotes: string | null;
}

/** Name, then phone (or the end of the user id) under it; the card title on phones. */
export function userColumn<T extends ReviewRow>(t: Translate): TableColumn<T> {
  return {
    key: 'user',
    header: t('admin.common.user'),
    mobile: 'title',
    cell: (r) => (
      <div className="min-w-0">
        <p className="truncate font-medium">{r.username}</p>
        <p className="truncate text-xs text-muted-foreground" title={r.userId}>
          {r.phone ?? r.userId.slice(-8)}
        </p>
      </div>
    ),
  };
}

/** Approve/Reject on pending rows; the admin's note on decided ones. */
export function decisionColumn<T extends ReviewRow>(t: Translate, opts: {
  approveLabel(row: T): string;
  rejectLabel(row: T): string;
  onDecide(row: T, status: DecisionStatus): void;
  compact?: boolean;
  notesClassName: string;
}): TableColumn<T> {
  return {
    key: 'actions',
    header: <span className="sr-only">{t('admin.common.actions')}</span>,
    align: 'right',
    cell: (r) =>
      r.status === 'pending' ? (
        <RowActions
          compact={opts.compact}
          approveLabel={opts.approveLabel(r)}
          rejectLabel={opts.rejectLabel(r)}
          onApprove={() => opts.onDecide(r, 'approved')}
          onReject={() => opts.onDecide(r, 'rejected')}
        />
      ) : (
        <span className={`block truncate text-xs text-muted-foreground ${opts.notesClassName}`} title={r.adminNotes ?? undefined}>
          {r.adminNotes ?? '—'}
        </span>
      ),
  };
}

export interface DecisionFlowOptions<T extends { id: string }> {
  decide: UseMutationResult<unknown, Error, Decision>;
  /** The confirmation's title, e.g. 'Approve this payment?'. */
  confirmTitle: Record<DecisionStatus, string>;
  /** Toast after a successful decision. */
  done(row: T, status: DecisionStatus): Pick<ToastInput, 'title' | 'description'>;
  /** Fallback error texts, e.g. 'Failed to approve payment' (the server's message wins when there is one). */
  failed: Record<DecisionStatus, string>;
  describe(row: T, status: DecisionStatus): string;
  /** Asked with an approval (withdrawals: the transfer's reference). */
  approvalReference?: { label: string; hint: string };
}

/** Holds the row being decided and renders its confirmation; `ask` opens it. */
export function useDecisionFlow<T extends { id: string }>({ decide, confirmTitle, done, failed, describe, approvalReference }: DecisionFlowOptions<T>) {
  const t = useT();
  const [confirming, setConfirming] = useState<{ row: T; status: DecisionStatus } | null>(null);

  const onConfirm = (notes: string, reference: string) => {
    if (!confirming) return;
    const { row, status } = confirming;
    decide.mutate(
      { id: row.id, status, notes, ...(reference ? { payoutReference: reference } : {}) },
      {
        onSuccess: () => {
          toast({ ...done(row, status), variant: status === 'approved' ? 'success' : 'default' });
          setConfirming(null);
        },
        onError: (err) => {
          toast({ title: t('admin.common.error'), description: errorMessage(err, failed[status]), variant: 'destructive' });
          setConfirming(null);
        },
      },
    );
  };

  const dialog = confirming ? (
    <DecisionDialog
      title={confirmTitle[confirming.status]}
      description={describe(confirming.row, confirming.status)}
      confirmLabel={confirming.status === 'approved' ? t('admin.common.approve') : t('admin.common.reject')}
      tone={confirming.status === 'approved' ? 'success' : 'destructive'}
      reference={confirming.status === 'approved' ? approvalReference : undefined}
      busy={decide.isPending}
      onConfirm={onConfirm}
      onClose={() => setConfirming(null)}
    />
  ) : null;

  return { ask: (row: T, status: DecisionStatus) => setConfirming({ row, status }), dialog };
}
