// The people a user referred, as the Referrals page lists them. Rewards are paid at activation
// (server/db/functions/rh_activate.sql), not here.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { OwnListQuery, ReferredUser } from '../../contract/activation.ts';
import type { DbOrTx } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';

/** Newest first; `before` is the id of the last referred user already shown. */
export async function listReferredUsers(db: DbOrTx, referrerId: string, query: OwnListQuery): Promise<ReferredUser[]> {
  const conditions = [eq(users.referredById, referrerId)];
  if (query.before) {
    if (!isUuid(query.before)) throw badRequest('before must be the id of a referred user', 'VALIDATION_FAILED');
    conditions.push(
      sql`(${users.createdAt}, ${users.id}) < (select u.created_at, u.id from ${users} u where u.id = ${query.before} and u.referred_by_id = ${referrerId})`,
    );
  }
  const rows = await db
    .select({ id: users.id, username: users.username, email: users.email, isActivated: users.isActivated, createdAt: users.createdAt })
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
