// Reading the audit trail for the admin panel's Recent Activity: newest first, keyset-paginated
// on (created_at, id) so pages stay stable while new rows arrive.
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { auditLog, users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import type { ActivityPage } from '../../contract/admin-security.ts';

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badRequest('Invalid cursor');
  return { createdAt, id };
}

/** Every admin's actions, or one admin's (`actorId`: a Super Admin's view of what an admin did). */
export async function listActivity(db: DbOrTx, query: { limit: number; cursor?: string; actorId?: string }): Promise<ActivityPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.actorId !== undefined && !isUuid(query.actorId)) return { items: [], nextCursor: null };
  const rows = await db
    .select({ entry: auditLog, actorName: users.username })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
        after ? or(lt(auditLog.createdAt, after.createdAt), and(eq(auditLog.createdAt, after.createdAt), lt(auditLog.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ entry, actorName }) => ({
      id: entry.id,
      action: entry.action,
      actorId: entry.actorId,
      actorName: actorName ?? null,
      targetType: entry.targetType,
      targetId: entry.targetId,
      ip: entry.ip,
      details: entry.details ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.entry.createdAt, last.entry.id) : null,
  };
}
