// Notifications a user cares about (payment decided, account activated, reward credited, spin
// granted or won, withdrawal requested or decided). The money functions of the database write
// them (server/db/functions/rh_notify_all.sql) in the same transaction as the event, so there is never a
// notice for something that did not happen; this module reads them and marks them read.
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_PAGE_LIMIT } from '../../contract/constants.ts';
import type { NotificationList } from '../../contract/wallet.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { notifications } from '../db/schema.ts';
import { notFound } from '../errors.ts';

/** The newest notifications of a user and how many are unread (the bell's badge). */
export async function listNotifications(db: Db, userId: string, limit = DEFAULT_PAGE_LIMIT): Promise<NotificationList> {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const unread = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    unreadCount: Number(unread[0]?.n ?? 0),
  };
}

/** Marks one of the user's notifications read; someone else's (or an unknown id) is a 404. */
export async function markNotificationRead(db: Db, userId: string, id: string, at: Date): Promise<void> {
  if (!isUuid(id)) throw notFound('Notification not found');
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound('Notification not found');
}

export async function markAllNotificationsRead(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
