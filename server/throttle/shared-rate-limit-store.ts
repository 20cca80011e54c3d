// The API's per-address request limit (RATE_LIMIT_PER_MINUTE), shared by every process on one
// PostgreSQL without a database write per request. Windows are fixed minutes. Each process counts
// its requests in memory and, about once a second, adds those counts to api_rate_counters in one
// statement and reads back every process's totals for the addresses it is counting; an address a
// process has not seen this minute is read from the table on its first request. A request is
// refused when the totals last read plus what this process counted since reach the limit.
//
// So one process alone is exact, and N processes together admit the limit plus at most what
// reaches the other processes within one sync interval before they hear of it (about N - 1
// seconds' worth of one address's requests behind a round-robin balancer), not N times the limit
// as separate in-memory counters allowed. The abuse limits that must be exact (sign-in
// guesses, SMS budgets) are counted in the database per event (server/throttle/budget.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

export const RATE_SYNC_INTERVAL_MS = 1_000;
/** The API limit's window (RATE_LIMIT_PER_MINUTE). */
export const API_RATE_WINDOW_MS = 60_000;
/** Addresses synced per statement, so a flood of distinct addresses cannot make one huge statement. */
const SYNC_BATCH = 2_000;

interface Bucket {
  windowStart: number;
  /** The first read of the address's total this window, while it is under way. */
  reading: Promise<void> | null;
  /** Requests this process counted this window. */
  counted: number;
  /** How many of them it has added to the table. */
  sent: number;
  /** The other processes' count this window, as last read. */
  others: number;
}

/** What @fastify/rate-limit asks of a store: count one request for `key`, answer the count and the window's time left. */
export interface RateLimitStore {
  incr(key: string, callback: (err: Error | null, result: { current: number; ttl: number }) => void, timeWindow: number, max: number): void;
  child(): RateLimitStore;
}

export interface SharedRateLimitStore {
  /** The class to give @fastify/rate-limit as `store` (it constructs one). */
  Store: new () => RateLimitStore;
  /** Sends what was counted and reads the totals now (tests; the timer does it every second). */
  sync(): Promise<void>;
  /** Stops the timer after a last sync. */
  close(): Promise<void>;
}

export function createSharedRateLimitStore(db: Db, options: { intervalMs?: number; onError?: (err: unknown) => void } = {}): SharedRateLimitStore {
  const buckets = new Map<string, Bucket>();
  let windowMs = API_RATE_WINDOW_MS;
  let syncing: Promise<void> | null = null;

  async function syncOnce(): Promise<void> {
    const now = Date.now();
    const current = now - (now % windowMs);
    // Counts of a window that has ended are sent once more (the minute's last second), then dropped.
    const due: [string, Bucket, number][] = [];
    for (const [key, bucket] of buckets) {
      const unsent = bucket.counted - bucket.sent;
      if (bucket.windowStart < current - windowMs || (bucket.windowStart < current && unsent === 0)) buckets.delete(key);
      else due.push([key, bucket, unsent]);
    }
    for (let i = 0; i < due.length; i += SYNC_BATCH) {
      const batch = due.slice(i, i + SYNC_BATCH);
      const rows = await queryRows<{ key: string; window_start: string; count: number }>(
        db,
        sql`with d as (
              select * from jsonb_to_recordset(${JSON.stringify(batch.map(([key, b, delta]) => ({ key, window_start: new Date(b.windowStart).toISOString(), delta })))}::jsonb)
                as d(key text, window_start timestamptz, delta int)
            ), added as (
              insert into api_rate_counters (key, window_start, count)
              select key, window_start, delta from d where delta > 0
              on conflict (key, window_start) do update set count = api_rate_counters.count + excluded.count
              returning key, window_start, count
            )
            select d.key, d.window_start::text, coalesce(added.count, c.count, 0) as count
            from d
            left join added on added.key = d.key and added.window_start = d.window_start
            left join api_rate_counters c on added.key is null and c.key = d.key and c.window_start = d.window_start`,
      );
      const totals = new Map(rows.map((r) => [r.key, Number(r.count)]));
      for (const [key, bucket, delta] of batch) {
        // What arrived while the statement ran is sent next round.
        bucket.sent += delta;
        bucket.others = Math.max(bucket.others, (totals.get(key) ?? 0) - bucket.sent);
      }
    }
  }

  function sync(): Promise<void> {
    syncing ??= syncOnce().finally(() => {
      syncing = null;
    });
    return syncing;
  }

  const timer = setInterval(() => {
    // A database outage keeps the counts in memory (the limit still holds per process) until it is back.
    sync().catch((err) => options.onError?.(err));
  }, options.intervalMs ?? RATE_SYNC_INTERVAL_MS);
  timer.unref();

  /** An address's total this window, as every process has synced it so far (0 if the database cannot say). */
  async function readTotal(key: string, windowStart: number): Promise<number> {
    try {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`select count from api_rate_counters where key = ${key} and window_start = ${new Date(windowStart).toISOString()}::timestamptz`,
      );
      return Number(row?.count ?? 0);
    } catch (err) {
      options.onError?.(err);
      return 0;
    }
  }

  class Store implements RateLimitStore {
    incr(key: string, callback: (err: Error | null, result: { current: number; ttl: number }) => void, timeWindow: number): void {
      windowMs = timeWindow;
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      let bucket = buckets.get(key);
      if (!bucket || bucket.windowStart !== windowStart) {
        const fresh: Bucket = { windowStart, reading: null, counted: 0, sent: 0, others: 0 };
        fresh.reading = readTotal(key, windowStart).then((total) => {
          fresh.others = Math.max(fresh.others, total - fresh.sent);
          fresh.reading = null;
        });
        bucket = fresh;
        buckets.set(key, bucket);
      }
      // This request's place among this process's requests, fixed now; the others' count is the latest known when it is answered.
      const place = ++bucket.counted;
      const mine = bucket;
      const answer = () => callback(null, { current: mine.others + place, ttl: Math.max(0, mine.windowStart + timeWindow - Date.now()) });
      if (mine.reading) void mine.reading.then(answer);
      else answer();
    }

    child(): RateLimitStore {
      // One limit for the whole API: routes share the store.
      return this;
    }
  }

  return {
    Store,
    sync,
    async close() {
      clearInterval(timer);
      await sync().catch((err) => options.onError?.(err));
    },
  };
}

/** Deletes counts of windows that ended more than a window ago. */
export async function pruneApiRateCounters(db: Db, now: Date): Promise<void> {
  await db.execute(sql`delete from api_rate_counters where window_start < ${new Date(now.getTime() - 2 * API_RATE_WINDOW_MS).toISOString()}::timestamptz`);
}
