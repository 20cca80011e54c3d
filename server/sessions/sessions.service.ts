// Sessions: issue, look up and revoke bearer tokens. Users' sessions last 30 days, admins' 12 hours.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ADMIN_SESSION_TTL_MS, USER_SESSION_TTL_MS } from '../../contract/constants.ts';
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
    expiresAt: new Date(now.getTime() + ttl),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/** The live session's user for a bearer token, or null when unknown, expired, revoked or the user is suspended. */
export async function findSessionUser(
  db: Db,
  token: string,
  now: Date,
): Promise<{ sessionId: string; sessionCreatedAt: Date; user: SessionUser } | null> {
  if (!token || token.length > 200) return null;
  const rows = await db
    .select({ sessionId: sessions.id, sessionCreatedAt: sessions.createdAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row || row.user.status !== 'active') return null;
  return row;
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
