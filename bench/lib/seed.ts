// Test data for benchmarks, written straight in SQL (millions of rows through the API would take
// hours): users with wallets, sessions with known tokens, long wallet histories with their running
// balances, pending payment proofs of referred users, funded wallets. Rows follow the app's own rules
// (balanced entries, numbered wallet lines), so the app reads them as it would its own.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';
import { REBUILD_COUNTERS_QUERY } from '../../server/stats/stat-counters.ts';

export type Sql = pg.Client;

/** After bulk loads: the Overview's running totals restarted from a recount. */
export async function rebuildCounters(db: Sql): Promise<void> {
  await db.query(REBUILD_COUNTERS_QUERY);
}

export async function connect(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** `n` verified users (ids returned in order), each with a wallet; `prefix` keeps phones and codes unique across calls. */
export async function seedUsers(db: Sql, n: number, opts: { prefix: number; activated: boolean; referredBy?: string[] }): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into users (id, username, phone, email, password_hash, referral_code, referred_by_id, is_activated, phone_verified_at, policy_version, policy_accepted_at, created_at, updated_at)
     select gen_random_uuid(), 'member' || $1::bigint * 10000000 + i, ($1::bigint * 10000000 + i + 6000000000)::text,
            'm' || ($1::bigint * 10000000 + i) || '@example.com', 'x',
            'Z' || upper(lpad(to_hex($1::bigint * 10000000 + i), 9, '0')),
            case when cardinality($3::uuid[]) > 0 then ($3::uuid[])[1 + (i % cardinality($3::uuid[]))] end,
            $2, now(), $5, now(), now() - make_interval(secs => i), now()
     from generate_series(1, $4::int) as i
     returning id`,
    [opts.prefix, opts.activated, opts.referredBy ?? [], n, PRIVACY_POLICY_VERSION],
  );
  const ids = rows.map((r) => r.id);
  await db.query(`insert into ledger_accounts (id, code, kind, user_id) select id, 'wallet:' || id, 'wallet', id from unnest($1::uuid[]) as id`, [ids]);
  if (opts.referredBy?.length) {
    await db.query(`insert into referrals (id, referrer_id, referred_id, created_at) select gen_random_uuid(), referred_by_id, id, now() from users where id = any($1::uuid[])`, [ids]);
  }
  return ids;
}

/** A 30-day user session for each user; returns the bearer tokens in the same order. */
export async function seedSessions(db: Sql, userIds: string[]): Promise<string[]> {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'));
  await db.query(
    `insert into sessions (id, user_id, token_hash, kind, created_at, expires_at, last_used_at)
     select gen_random_uuid(), u, h, 'user', now(), now() + interval '30 days', now() from unnest($1::uuid[], $2::text[]) as t(u, h)`,
    [userIds, tokens.map(hash)],
  );
  return tokens;
}

/**
 * `entries` spin prizes of ₹1 on the user's wallet: balanced entries, wallet lines numbered 1..n with
 * their running balance, and the wallet's cached balance and line count to match. One entry a second,
 * the last `endsSecondsAgo` seconds ago.
 */
export async function seedHistory(db: Sql, userId: string, entries: number, endsSecondsAgo = 0): Promise<void> {
  await db.query(
    `with e as (
       insert into ledger_entries (id, kind, ref_id, user_id, description, created_at)
       select gen_random_uuid(), 'spin_prize', gen_random_uuid(), $1, 'Spin wheel prize of ₹1', now() - make_interval(secs => $3 + $2 - i)
       from generate_series(1, $2::int) as i
       returning id, created_at)
     , numbered as (select id, created_at, row_number() over (order by created_at, id) as seq from e)
     , wallet as (
       insert into ledger_lines (id, entry_id, account_id, amount_paise, seq, balance_after_paise, created_at)
       select gen_random_uuid(), id, $1, 100, seq, seq * 100, created_at from numbered)
     insert into ledger_lines (id, entry_id, account_id, amount_paise, created_at)
     select gen_random_uuid(), id, '00000000-0000-7000-8000-000000000004', -100, created_at from numbered`,
    [userId, entries, endsSecondsAgo],
  );
  await db.query(`update ledger_accounts set balance_paise = $2::bigint * 100, line_count = $2 where id = $1`, [userId, entries]);
  await db.query(`update users set total_earnings_paise = $2::bigint * 100 where id = $1`, [userId, entries]);
}

/** Gives each wallet `paise` (one spin prize entry each), as the money for withdrawals. */
export async function fundWallets(db: Sql, userIds: string[], paise: number): Promise<void> {
  await db.query(
    `with e as (
       insert into ledger_entries (id, kind, ref_id, user_id, description, created_at)
       select gen_random_uuid(), 'spin_prize', gen_random_uuid(), u, 'Spin wheel prize', now() from unnest($1::uuid[]) as u
       returning id, user_id)
     , w as (
       insert into ledger_lines (id, entry_id, account_id, amount_paise, seq, balance_after_paise, created_at)
       select gen_random_uuid(), id, user_id, $2, 1, $2, now() from e)
     insert into ledger_lines (id, entry_id, account_id, amount_paise, created_at)
     select gen_random_uuid(), id, '00000000-0000-7000-8000-000000000004', -$2::bigint, now() from e`,
    [userIds, paise],
  );
  await db.query(`update ledger_accounts set balance_paise = $2, line_count = 1 where id = any($1::uuid[])`, [userIds, paise]);
  await db.query(`update users set total_earnings_paise = $2, is_activated = true where id = any($1::uuid[])`, [userIds, paise]);
}

/** One pending ₹500 proof for each user (made as if they had uploaded it); returns the proof ids. */
export async function seedPendingProofs(db: Sql, userIds: string[], utrPrefix: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into manual_payments (id, user_id, amount_paise, utr_number, screenshot_key, screenshot_mime, status, created_at)
     select gen_random_uuid(), u, 50000, lpad(($2::bigint * 1000000 + n)::text, 12, '0'), 'aa/' || md5(u::text) || '.png', 'image/png', 'pending', now()
     from unnest($1::uuid[]) with ordinality as t(u, n)
     returning id`,
    [userIds, utrPrefix],
  );
  return rows.map((r) => r.id);
}
