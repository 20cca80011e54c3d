// Risk flags as admins see them (on every user, payment and withdrawal row: riskFlags), and what an
// admin does about a flagged account's held rewards: release them to the wallet (clearing its flags)
// or forfeit them. Both move money only through the ledger (rh_release_holds, rh_forfeit_holds,
// server/db/functions) and are audited. Decision 027.
import { sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import { RISK_FLAG_CODES, type ForfeitHoldsResponse, type ReleaseHoldsResponse, type RiskFlag, type RiskFlagCode } from '../../contract/risk.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { at, isoText, queryRows } from '../db/rows.ts';
import { AppError, notFound, selfDealing } from '../errors.ts';
import { inTransaction, runStatement, type RunInTx } from '../idempotency/idempotency.ts';

interface FlagRow extends Record<string, unknown> {
  user_id: string;
  code: string;
  evidence: { value?: string; count?: number | string; distance?: number } | null;
  users: { id: string; username: string }[] | null;
  holds: boolean;
  created_at: string;
}

function names(users: { username: string }[]): string {
  const shown = users.slice(0, 5).map((u) => u.username);
  return users.length > 5 ? `${shown.join(', ')} and ${users.length - 5} more` : shown.join(', ');
}

/** The evidence in one English sentence (the web app words it in the reader's language from the fields). */
function detailOf(code: RiskFlagCode, users: { username: string }[], value: string | null, count: number | null): string {
  const who = names(users);
  switch (code) {
    case 'screenshot_reused':
      return `The same screenshot was sent by ${who}`;
    case 'screenshot_similar':
      return `A near-identical screenshot was sent by ${who}`;
    case 'payout_shared':
      return `${value ?? 'The payout account'} is also used by ${who}`;
    case 'device_shared':
      return `The same device as ${who}`;
    case 'address_shared':
      return `Signed up from the network address ${who} used minutes before`;
    case 'signup_burst':
      return `${count ?? 'Many'} sign-ups with this referral code within an hour`;
    case 'dormant_referral':
      return `${who}: no sign-in since the referred account was activated`;
    case 'own_referral_approved':
      return `Approved the activation of ${who}, whom this admin referred: the reward waits for another Super Admin`;
  }
}

const isFlagCode = (code: string): code is RiskFlagCode => (RISK_FLAG_CODES as readonly string[]).includes(code);

/** The open flags of these users, by user, oldest first: one query for a whole page of rows. */
export async function openFlagsByUser(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, RiskFlag[]>> {
  const byUser = new Map<string, RiskFlag[]>();
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return byUser;
  const rows = await queryRows<FlagRow>(
    db,
    sql`select f.user_id::text, f.code, f.evidence, (f.code = any(st.risk_hold_signals) or f.code = 'own_referral_approved') as holds,
          ${isoText('f.created_at')} as created_at,
          (select json_agg(json_build_object('id', u.id, 'username', u.username) order by u.username)
             from users u where u.id = any(f.related_user_ids)) as users
        from risk_flags f join app_settings st on st.id = 1
        where f.status = 'open' and f.user_id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)
        order by f.created_at, f.id`,
  );
  for (const r of rows) {
    if (!isFlagCode(r.code)) continue;
    const users = r.users ?? [];
    const value = typeof r.evidence?.value === 'string' ? r.evidence.value : null;
    const rawCount = r.code === 'screenshot_similar' ? r.evidence?.distance : r.evidence?.count;
    const count = rawCount === undefined || rawCount === null ? null : Number(rawCount);
    const flag: RiskFlag = { code: r.code, detail: detailOf(r.code, users, value, count), holds: r.holds, users, value, count, at: r.created_at };
    const list = byUser.get(r.user_id);
    if (list) list.push(flag);
    else byUser.set(r.user_id, [flag]);
  }
  return byUser;
}

/** Adds riskFlags to each item of a page, by the item's user. */
export async function withRiskFlags<T>(db: DbOrTx, items: T[], userIdOf: (item: T) => string): Promise<(T & { riskFlags: RiskFlag[] })[]> {
  const flags = await openFlagsByUser(db, items.map(userIdOf));
  return items.map((item) => ({ ...item, riskFlags: flags.get(userIdOf(item)) ?? [] }));
}

/** One user's open flags (the Users tab's detail). */
export async function listUserFlags(db: DbOrTx, userId: string): Promise<RiskFlag[]> {
  if (!isUuid(userId)) throw notFound('User not found');
  return (await openFlagsByUser(db, [userId])).get(userId) ?? [];
}

/** Releases everything held for the user to their wallet and clears their open flags. */
export async function releaseHolds(
  ctx: AppContext,
  actor: { id: string; ip: string },
  userId: string,
  note: string | null,
  run: RunInTx = inTransaction(ctx.db),
): Promise<ReleaseHoldsResponse> {
  if (!isUuid(userId)) throw notFound('User not found');
  const [row] = await runStatement(run, (db) =>
    queryRows<{ outcome: string; released_paise: string | null; flags_cleared: number | null }>(
      db,
      sql`select * from rh_release_holds(${userId}::uuid, ${actor.id}::uuid, ${actor.ip}, ${note}, ${at(ctx.now())})`,
    ),
  );
  if (!row || row.outcome === 'not_found') throw notFound('User not found');
  if (row.outcome === 'self_dealing') throw selfDealing('held rewards');
  return { released: formatPaise(BigInt(row.released_paise ?? '0')), flagsCleared: row.flags_cleared ?? 0 };
}

/** Forfeits everything held for the user; their flags stay open, so what comes next is held too. */
export async function forfeitHolds(
  ctx: AppContext,
  actor: { id: string; ip: string },
  userId: string,
  note: string,
  run: RunInTx = inTransaction(ctx.db),
): Promise<ForfeitHoldsResponse> {
  if (!isUuid(userId)) throw notFound('User not found');
  const [row] = await runStatement(run, (db) =>
    queryRows<{ outcome: string; forfeited_paise: string | null }>(
      db,
      sql`select * from rh_forfeit_holds(${userId}::uuid, ${actor.id}::uuid, ${actor.ip}, ${note}, ${at(ctx.now())})`,
    ),
  );
  if (!row || row.outcome === 'not_found') throw notFound('User not found');
  if (row.outcome === 'self_dealing') throw selfDealing('held rewards');
  if (row.outcome === 'nothing_held') throw new AppError('NOTHING_HELD', 'Nothing is on hold for this user', 409);
  return { forfeited: formatPaise(BigInt(row.forfeited_paise ?? '0')) };
}
