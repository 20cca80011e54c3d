// Fraud signals, computed when the event happens and stored as risk flags (rh_flag_shared,
// server/db/functions): where an account was seen from (a first-party device id the web app keeps in
// local storage, and the address) at sign-up, sign-in and proofs; referral-linked accounts on one
// device; a sign-up from the address its referrer used minutes before; a referral code signing up
// users faster than the setting; a referred account that never came back after its activation.
// Screenshot reuse is in proof-signals.ts, shared payout accounts in rh_request_withdrawal.
// A signal never fails the request it watches: a failure is logged and the request goes on.
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { DEVICE_ID_HEADER, DEVICE_ID_RE } from '../../contract/risk.ts';
import type { AppContext } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { at, queryRows } from '../db/rows.ts';
import { deviceSightings } from '../db/schema.ts';
import { errorForLog } from '../logging.ts';

/** "The same address within minutes": a sign-up this soon after its referrer was seen from the same address. */
export const SAME_ADDRESS_WINDOW_MS = 30 * 60_000;
/** A referred account with no request this long after its activation, checked this long after it. */
export const DORMANT_AFTER_MS = 24 * 60 * 60_000;
export const DORMANT_CHECKED_AFTER_MS = 7 * 24 * 60 * 60_000;

/** The device id the web app sent, or null when absent or not shaped like one (never an error). */
export function deviceIdOf(request: FastifyRequest): string | null {
  const raw = request.headers[DEVICE_ID_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' && DEVICE_ID_RE.test(value) ? value : null;
}

export type SightingEvent = 'sign_up' | 'sign_in' | 'proof';

async function recordSighting(db: DbOrTx, userId: string, event: SightingEvent, deviceId: string | null, ip: string, now: Date): Promise<void> {
  await db.insert(deviceSightings).values({ id: newId(), userId, deviceId, ip, event, createdAt: now });
}

/**
 * The accounts linked to this one by a referral (its referrer, the accounts it referred, and the
 * others its referrer referred) that were seen on the same device: a ring run from one phone.
 */
async function flagSharedDevice(db: DbOrTx, userId: string, deviceId: string, now: Date): Promise<void> {
  await db.execute(sql`
    select rh_flag_shared(array_agg(distinct s.user_id) || ${userId}::uuid, 'device_shared', ${`device:${deviceId}`}, 'user', ${userId}::uuid,
             jsonb_build_object('value', 'same device'), ${at(now)})
    from device_sightings s
    join users me on me.id = ${userId}::uuid
    join users other on other.id = s.user_id
    where s.device_id = ${deviceId} and s.user_id <> ${userId}::uuid
      and (other.id = me.referred_by_id or other.referred_by_id = me.id or (me.referred_by_id is not null and other.referred_by_id = me.referred_by_id))
    having count(*) > 0`);
}

const isLoopback = (ip: string) => ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');

async function safely(ctx: AppContext, what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    console.error(`[risk] ${what} not checked: ${JSON.stringify(errorForLog(err))}`);
  }
}

/** A sign-up: where it came from, and the signals a new account can raise at once. */
export async function noteSignUp(ctx: AppContext, p: { userId: string; deviceId: string | null; ip: string }): Promise<void> {
  await safely(ctx, 'sign-up', async () => {
    const now = ctx.now();
    await recordSighting(ctx.db, p.userId, 'sign_up', p.deviceId, p.ip, now);
    if (p.deviceId) await flagSharedDevice(ctx.db, p.userId, p.deviceId, now);
    // A referral code signing up more accounts in the last hour than the setting allows.
    await ctx.db.execute(sql`
      select rh_flag_shared(array[r.id], 'signup_burst', ${`burst:${now.toISOString().slice(0, 13)}`}, 'user', r.id,
               jsonb_build_object('count', (select count(*) from users x where x.referred_by_id = r.id and x.created_at > ${at(new Date(now.getTime() - 3_600_000))})),
               ${at(now)})
      from users me join users r on r.id = me.referred_by_id join app_settings st on st.id = 1
      where me.id = ${p.userId}::uuid
        and (select count(*) from users x where x.referred_by_id = r.id and x.created_at > ${at(new Date(now.getTime() - 3_600_000))})
            > st.signup_flag_per_referrer_per_hour`);
    // The referrer seen from this address minutes before: both flagged. A loopback address says
    // nothing (the app runs without a proxy it trusts, or a test): skipped.
    if (isLoopback(p.ip)) return;
    await ctx.db.execute(sql`
      select rh_flag_shared(array[r.id, ${p.userId}::uuid], 'address_shared', ${`ip:${p.ip}`}, 'user', ${p.userId}::uuid,
               jsonb_build_object('value', 'same network address'), ${at(now)})
      from users me join users r on r.id = me.referred_by_id
      where me.id = ${p.userId}::uuid
        and exists (select 1 from device_sightings s where s.user_id = r.id and s.ip = ${p.ip}
                    and s.created_at > ${at(new Date(now.getTime() - SAME_ADDRESS_WINDOW_MS))})`);
  });
}

/** A sign-in: where it came from, and whether the device is shared with a referral-linked account. */
export async function noteSignIn(ctx: AppContext, p: { userId: string; deviceId: string | null; ip: string }): Promise<void> {
  await safely(ctx, 'sign-in', async () => {
    const now = ctx.now();
    await recordSighting(ctx.db, p.userId, 'sign_in', p.deviceId, p.ip, now);
    if (p.deviceId) await flagSharedDevice(ctx.db, p.userId, p.deviceId, now);
  });
}

/** A payment proof: where it was sent from (the screenshot itself is checked in proof-signals.ts). */
export async function noteProofSighting(ctx: AppContext, p: { userId: string; deviceId: string | null; ip: string }): Promise<void> {
  await safely(ctx, 'proof', async () => {
    const now = ctx.now();
    await recordSighting(ctx.db, p.userId, 'proof', p.deviceId, p.ip, now);
    if (p.deviceId) await flagSharedDevice(ctx.db, p.userId, p.deviceId, now);
  });
}

/**
 * Referred accounts activated a week or more ago that made no request later than a day after their
 * activation: the account was made for the reward. Flags the referrer and the account (once).
 * Run by the maintenance round; returns how many flags it opened.
 */
export async function flagDormantReferrals(db: DbOrTx, now: Date): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(rh_flag_shared(array[u.referred_by_id, u.id], 'dormant_referral', ${'dormant:'} || u.id::text, 'user', u.id,
               jsonb_build_object('value', 'no sign-in since activation'), ${at(now)})), 0)::int as n
        from users u
        where u.is_activated and u.referred_by_id is not null
          and u.activated_at < ${at(new Date(now.getTime() - DORMANT_CHECKED_AFTER_MS))}
          and u.activated_at > ${at(new Date(now.getTime() - 2 * DORMANT_CHECKED_AFTER_MS))}
          and not exists (select 1 from sessions s where s.user_id = u.id and s.last_used_at > u.activated_at + ${`${DORMANT_AFTER_MS / 1000} seconds`}::interval)
          and not exists (select 1 from risk_flags f where f.user_id = u.id and f.code = 'dormant_referral')`,
  );
  return rows[0]?.n ?? 0;
}
