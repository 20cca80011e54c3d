// The audit trail: every admin action, who did it, to what, when and from where. Written in the
// same transaction as the action it records, so a rolled-back action leaves no audit row.
import type { DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { auditLog } from '../db/schema.ts';
import type { AuditAction } from '../../contract/audit.ts';

/** Every action the log records: the one list, which the admin panel words (contract/audit.ts). */
export type { AuditAction };

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
