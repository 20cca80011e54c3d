// Sessions: issue, look up and revoke bearer tokens. Users' sessions last 30 days and end sooner
// after 7 days without use; admins' last 12 hours.
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ADMIN_SESSION_TTL_MS, DEFAULT_ECONOMICS, SESSION_TOUCH_INTERVAL_MS, USER_SESSION_IDLE_MS, USER_SESSION_TTL_MS } from '../../contract/constants.ts';
import type { DbOrTx, Db } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { appSettings, ledgerAccounts, sessions, users } from '../db/schema.ts';
import { hashToken, newSessionToken } from './session-token.ts';

/** The user's held account (ledger kind held), beside the wallet. */
const heldAccounts = alias(ledgerAccounts, 'held_account');
const debtAccounts = alias(ledgerAccounts, 'debt_account');

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

/** What a request learns from its bearer token, in one round trip. */
export interface SessionLookup {
  sessionId: string;
  sessionCreatedAt: Date;
  user: SessionUser;
  /** The user's wallet balance and the referrals-per-spin setting, so /api/user needs no second query. */
  walletBalancePaise: bigint;
  /** Rewards held while the user has an open risk flag (shown as pending, not withdrawable). */
  heldBalancePaise: bigint;
  /** The user's debt account (zero or below): what a clawback left owed. */
  debtBalancePaise: bigint;
  referralsPerSpin: number;
  /** The minimum withdrawal setting, so a withdrawal request reads no settings of its own. */
  minWithdrawalPaise: bigint;
}

/**
 * The hottest query of the API, prepared once per database: the live session (not expired, not
 * revoked, user sessions not idle too long) with its user, wallet balance and the two settings the
 * user object and a withdrawal request need, in one round trip.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      user: users,
      walletBalancePaise: ledgerAccounts.balancePaise,
      heldBalancePaise: heldAccounts.balancePaise,
      debtBalancePaise: debtAccounts.balancePaise,
      referralsPerSpin: appSettings.referralsPerSpin,
      minWithdrawalPaise: appSettings.minWithdrawalPaise,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.id, sessions.userId))
    .leftJoin(heldAccounts, and(eq(heldAccounts.userId, sessions.userId), eq(heldAccounts.kind, 'held')))
    .leftJoin(debtAccounts, and(eq(debtAccounts.userId, sessions.userId), eq(debtAccounts.kind, 'debt')))
    .leftJoin(appSettings, eq(appSettings.id, 1))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        or(eq(sessions.kind, 'admin'), gt(sessions.lastUsedAt, sql.placeholder('idleSince'))),
      ),
    )
    .limit(1)
    .prepare('session_lookup');
}

function prepareSessionTouch(db: Db) {
  return db
    .update(sessions)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(and(eq(sessions.id, sql.placeholder('id')), sql`${sessions.lastUsedAt} < ${sql.placeholder('now')}::timestamptz`))
    .prepare('session_touch');
}

const prepared = new WeakMap<Db, { lookup: ReturnType<typeof prepareSessionLookup>; touch: ReturnType<typeof prepareSessionTouch> }>();

function statementsFor(db: Db) {
  let s = prepared.get(db);
  if (!s) {
    s = { lookup: prepareSessionLookup(db), touch: prepareSessionTouch(db) };
    prepared.set(db, s);
  }
  return s;
}

/**
 * The live session's user for a bearer token, or null when unknown, expired, idle too long (user
 * sessions), revoked or the user is suspended. Marks the session used, at most every few minutes
 * so a busy session does not write on every request.
 */
export async function findSessionUser(db: Db, token: string, now: Date): Promise<SessionLookup | null> {
  if (!token || token.length > 200) return null;
  const { lookup, touch } = statementsFor(db);
  const rows = await lookup.execute({ hash: hashToken(token), now, idleSince: new Date(now.getTime() - USER_SESSION_IDLE_MS) });
  const row = rows[0];
  if (!row || row.user.status !== 'active') return null;
  if (now.getTime() - row.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) await touch.execute({ id: row.sessionId, now });
  return {
    sessionId: row.sessionId,
    sessionCreatedAt: row.sessionCreatedAt,
    user: row.user,
    walletBalancePaise: row.walletBalancePaise ?? 0n,
    heldBalancePaise: row.heldBalancePaise ?? 0n,
    debtBalancePaise: row.debtBalancePaise ?? 0n,
    referralsPerSpin: row.referralsPerSpin ?? DEFAULT_ECONOMICS.referralsPerSpin,
    minWithdrawalPaise: row.minWithdrawalPaise ?? DEFAULT_ECONOMICS.minWithdrawalPaise,
  };
}

export async function revokeSession(db: DbOrTx, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
