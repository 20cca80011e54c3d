// Sessions: issue, look up and revoke bearer tokens. Users' sessions last 30 days and end sooner
// after 7 days without use; admins' last 12 hours.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { ADMIN_SESSION_TTL_MS, SESSION_TOUCH_INTERVAL_MS, USER_SESSION_IDLE_MS, USER_SESSION_TTL_MS } from '../../contract/constants.ts';
import type { DbOrTx, Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { sessions, users } from '../db/schema.ts';
import { hashToken, newSessionToken } from './session-token.ts';

export type SessionUser = typeof users.$inferSelect;

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export async function createSession(
  db: DbOrTx,
  user: { id: string; isAdmin: boolean },
  now: Date,
  meta: SessionMeta = {},
): Promise<string> {
  const token = newSessionToken();
  const kind = user.isAdmin ? 'admin' : 'user';
  const ttl = user.isAdmin ? ADMIN_SESSION_TTL_MS : USER_SESSION_TTL_MS;
  await db.insert(sessions).values({
    id: newId(),
    userId: user.id,
    tokenHash: hashToken(token),
    kind,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + ttl),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * The live session's user for a bearer token, or null when unknown, expired, idle too long (user
 * sessions), revoked or the user is suspended. Marks the session used, at most every few minutes
 * so a busy session does not write on every request.
 */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<{ sessionId: string; sessionCreatedAt: Date; user: SessionUser } | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ sessionId: sessions.id, sessionCreatedAt: sessions.createdAt, lastUsedAt: sessions.lastUsedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        or(eq(sessions.kind, 'admin'), gt(sessions.lastUsedAt, new Date(now.getTime() - USER_SESSION_IDLE_MS))),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row || row.user.status !== 'active') return null;
  if (now.getTime() - row.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(and(eq(sessions.id, row.sessionId), sql`${sessions.lastUsedAt} < ${now}`));
  }
  return { sessionId: row.sessionId, sessionCreatedAt: row.sessionCreatedAt, user: row.user };
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
