// The audit trail: every admin action, who did it, to what, when and from where. Written in the
// same transaction as the action it records, so a rolled-back action leaves no audit row.
import type { DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { auditLog } from '../db/schema.ts';

export type AuditAction =
  | 'admin.setup'
  | 'admin.login'
  | 'admin.login_failed'
  | 'admin.2fa_enabled'
  | 'admin.2fa_reset'
  | 'admin.passkey_added'
  | 'payment.approved'
  | 'payment.rejected'
  | 'user.activated'
  | 'user.suspended'
  | 'user.reinstated'
  | 'user.activation_requested'
  | 'admin.invited'
  | 'admin.joined'
  | 'admin.suspended'
  | 'admin.reactivated'
  | 'withdrawal.approved'
  | 'withdrawal.rejected'
  | 'settings.updated'
  | 'settings.proposed'
  | 'settings.proposal_confirmed'
  | 'settings.proposal_rejected'
  | 'settings.proposal_withdrawn'
  | 'secrets.rotated'
  | 'android_app.uploaded'
  | 'android_app.removed'
  | 'gateway.payment_refused'
  | 'reconciliation.uploaded'
  | 'account.erased'
  | 'user.data_exported'
  | 'account.corrected'
  | 'account.phone_changed'
  | 'data_request.created'
  | 'data_request.closed'
  | 'pan.updated'
  | 'tax.deposited';

export interface AuditEvent {
  actorId: string | null;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  ip?: string | null;
  details?: Record<string, unknown>;
  at: Date;
}

export async function recordAudit(db: DbOrTx, event: AuditEvent): Promise<void> {
  await db.insert(auditLog).values({
    id: newId(),
    actorId: event.actorId,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    ip: event.ip ?? null,
    details: event.details ?? null,
    createdAt: event.at,
  });
}
