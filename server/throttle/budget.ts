// Budgets counted in the database, so every process agrees and parallel requests cannot overshoot:
// taking one unit locks (scope, key) for the rest of the transaction, counts the events inside the
// sliding window and either refuses (with the seconds until the oldest ages out) or records one.
// Sign-in throttles, SMS budgets and sign-up velocity are all budgets.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { rateEvents } from '../db/schema.ts';

export interface Budget {
  /** What is counted: 'sign_in', 'sms_address', 'sms_global', 'signup_referrer'. */
  scope: string;
  /** Whose budget: an account, an address, a referrer; '*' for a global one. */
  key: string;
  limit: number;
  windowMs: number;
}

export type BudgetAnswer = { ok: true; eventId: string } | { ok: false; retryAfterS: number; budget: Budget };

/** Serialises every decision on one budget until the transaction ends (all processes). */
async function lockBudget(tx: Tx, budget: Budget): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${budget.scope}), hashtext(${budget.key}))`);
}

/**
 * The limit-th newest event inside the window, if there is one: then the budget is spent, and it
 * is spent until that event ages out (also right after an admin lowered the limit). One row read,
 * from the index.
 */
async function spendingEvent(db: DbOrTx, budget: Budget, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ createdAt: rateEvents.createdAt })
    .from(rateEvents)
    .where(and(eq(rateEvents.scope, budget.scope), eq(rateEvents.key, budget.key), gt(rateEvents.createdAt, new Date(now.getTime() - budget.windowMs))))
    .orderBy(desc(rateEvents.createdAt))
    .offset(budget.limit - 1)
    .limit(1);
  return rows[0]?.createdAt ?? null;
}

function retryAfter(spending: Date, budget: Budget, now: Date): number {
  return Math.max(1, Math.ceil((spending.getTime() + budget.windowMs - now.getTime()) / 1000));
}

/**
 * Takes one unit of each budget inside the caller's transaction, in the order given (callers keep
 * one order everywhere, so two transactions never wait on each other in a cycle). All or nothing:
 * the first budget that is spent answers, and the transaction should then roll back.
 */
export async function consumeBudgets(tx: Tx, budgets: Budget[], now: Date): Promise<BudgetAnswer> {
  const ids: string[] = [];
  for (const budget of budgets) {
    await lockBudget(tx, budget);
    const spending = await spendingEvent(tx, budget, now);
    if (spending) return { ok: false, retryAfterS: retryAfter(spending, budget, now), budget };
    const id = newId();
    await tx.insert(rateEvents).values({ id, scope: budget.scope, key: budget.key, createdAt: now });
    ids.push(id);
  }
  return { ok: true, eventId: ids[0] ?? '' };
}

/** One budget, in a transaction of its own. */
export async function consumeBudget(db: Db, budget: Budget, now: Date): Promise<BudgetAnswer> {
  return db.transaction((tx) => consumeBudgets(tx, [budget], now));
}

/** Whether a unit is left, without taking it (a hint: a later consume may still be refused). */
export async function peekBudget(db: DbOrTx, budget: Budget, now: Date): Promise<{ ok: true } | { ok: false; retryAfterS: number }> {
  const spending = await spendingEvent(db, budget, now);
  return spending ? { ok: false, retryAfterS: retryAfter(spending, budget, now) } : { ok: true };
}

/** How many units were used inside the window (up to `limit`). */
export async function usedBudget(db: DbOrTx, budget: Budget, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rateEvents)
    .where(and(eq(rateEvents.scope, budget.scope), eq(rateEvents.key, budget.key), gt(rateEvents.createdAt, new Date(now.getTime() - budget.windowMs))));
  return Number(row?.n ?? 0);
}

/** Gives the whole budget back (a successful sign-in clears its failures). */
export async function resetBudget(db: DbOrTx, scope: string, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(rateEvents).where(and(eq(rateEvents.scope, scope), inArray(rateEvents.key, keys)));
}

/** Deletes events older than `olderThanMs` (every window is shorter); run now and then. */
export async function pruneBudgetEvents(db: DbOrTx, now: Date, olderThanMs: number): Promise<void> {
  await db.delete(rateEvents).where(sql`${rateEvents.createdAt} < ${new Date(now.getTime() - olderThanMs)}`);
}
