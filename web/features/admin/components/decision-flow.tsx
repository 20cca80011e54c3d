// The approve/reject review flow shared by Manual Payments and Withdrawals: the status filter
// options, the User and decision columns, and the confirm step (dialog, mutation, toasts).
import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { RiskFlag } from '../../../../contract/risk.ts';
import type { TableColumn } from '../../../components/ui/table.tsx';
import { toast, type ToastInput } from '../../../components/ui/toast-store.ts';
import { useT, type Translate } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Decision } from '../api.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import type { StatusOption } from './list-toolbar.tsx';
import { RiskFlags } from '../../risk/components/risk-flags.tsx';
import { RowActions } from './row-actions.tsx';

export type DecisionStatus = Decision['status'];

export const PAYMENT_STATUS_OPTIONS: readonly StatusOption[] = [
  { value: 'pending', label: 'admin.status.pending' },
  { value: 'approved', label: 'admin.status.approved' },
  { value: 'rejected', label: 'admin.status.rejected' },
  { value: 'reversed', label: 'admin.status.reversed' },
  { value: 'all', label: 'admin.status.all' },
];

export const WITHDRAWAL_STATUS_OPTIONS: readonly StatusOption[] = [
  { value: 'pending', label: 'admin.status.pending' },
  { value: 'awaiting_second_approval', label: 'admin.status.awaitingSecond' },
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
  /** The payer's or requester's open risk flags, with the evidence. */
  riskFlags?: readonly RiskFlag[];
}

/** Name, then phone (or the end of the user id) under it, then the account's risk flags; the card title on phones. */
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
        <RiskFlags flags={r.riskFlags} />
      </div>
    ),
  };
}

/**
 * Approve/Reject on rows still to decide (pending, or awaiting a second approval); the admin's note
 * on decided ones, with `decided` (e.g. Reverse) beside it. `waiting` explains a second approval:
 * who gave the first, and whether this admin may give the second.
 */
export function decisionColumn<T extends ReviewRow>(t: Translate, opts: {
  approveLabel(row: T): string;
  rejectLabel(row: T): string;
  onDecide(row: T, status: DecisionStatus): void;
  compact?: boolean;
  notesClassName: string;
  waiting?(row: T): { note: string; mayApprove: boolean } | null;
  decided?(row: T): ReactNode;
}): TableColumn<T> {
  return {
    key: 'actions',
    // Named: on decided rows this column holds the admin's note (and Reverse).
    header: <span className="whitespace-normal">{t('admin.common.noteOrAction')}</span>,
    align: 'right',
    cell: (r) => {
      if (r.status === 'pending' || r.status === 'awaiting_second_approval') {
        const waiting = opts.waiting?.(r) ?? null;
        return (
          <div className="flex flex-col items-end gap-1">
            {waiting ? <span className="max-w-48 text-end text-xs text-muted-foreground">{waiting.note}</span> : null}
            <RowActions
              compact={opts.compact}
              approveLabel={opts.approveLabel(r)}
              rejectLabel={opts.rejectLabel(r)}
              approveDisabled={waiting ? !waiting.mayApprove : false}
              onApprove={() => opts.onDecide(r, 'approved')}
              onReject={() => opts.onDecide(r, 'rejected')}
            />
          </div>
        );
      }
      return (
        // Stacked, so a long note never pushes the action out of the table.
        <div className="flex flex-col items-end gap-1">
          <span className={`block truncate text-xs text-muted-foreground ${opts.notesClassName}`} title={r.adminNotes ?? undefined}>
            {r.adminNotes ?? '—'}
          </span>
          {opts.decided?.(r)}
        </div>
      );
    },
  };
}

export interface DecisionFlowOptions<T extends { id: string }> {
  decide: UseMutationResult<unknown, Error, Decision>;
  /** The confirmation's title, e.g. 'Approve this payment?'. */
  confirmTitle: Record<DecisionStatus, string>;
  /** Toast after a successful decision (`result`: the server's answer, e.g. awaiting a second approval). */
  done(row: T, status: DecisionStatus, result: unknown): Pick<ToastInput, 'title' | 'description'>;
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
    const version = (row as { version?: unknown }).version;
    decide.mutate(
      { id: row.id, status, notes, ...(reference ? { payoutReference: reference } : {}), ...(typeof version === 'number' ? { version } : {}) },
      {
        onSuccess: (result) => {
          toast({ ...done(row, status, result), variant: status === 'approved' ? 'success' : 'default' });
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
