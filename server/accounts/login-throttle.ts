// The sign-in throttle: one budget per account across every route that checks a password or a
// code (/api/login by phone or e-mail, /api/admin/2fa/login). A guess is taken from the budget
// BEFORE the secret is checked, atomically in the database, so however many guesses arrive at
// once at most LOGIN_MAX_FAILURES are ever checked per window. A completed sign-in gives the
// budget back; a failure keeps its unit until it ages out.
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '../../contract/constants.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { tooManyRequests } from '../errors.ts';
import { consumeBudget, resetBudget, type Budget } from '../throttle/budget.ts';

export const SIGN_IN_SCOPE = 'sign_in';

/**
 * Whose budget a sign-in spends: the account when one matches (so phone, e-mail and the admin
 * route share it), else the identifier as given (unknown accounts are throttled the same way).
 */
export function signInKey(userId: string | null | undefined, identifier: string): string {
  return userId ? `user:${userId}` : identifier.slice(0, 300);
}

const signInBudget = (key: string): Budget => ({ scope: SIGN_IN_SCOPE, key, limit: LOGIN_MAX_FAILURES, windowMs: LOGIN_FAILURE_WINDOW_MS });

export const loginThrottledMessage = (retryAfterS: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** Takes one guess from the account's budget, or throws 429 (Retry-After) when it is spent. */
export async function takeSignInGuess(db: Db, key: string, now: Date, message: (retryAfterS: number) => string = loginThrottledMessage): Promise<void> {
  const answer = await consumeBudget(db, signInBudget(key), now);
  if (!answer.ok) throw tooManyRequests(message(answer.retryAfterS), answer.retryAfterS);
}

/** A completed sign-in (or a password reset) gives the account its whole budget back. */
export async function clearSignInFailures(db: DbOrTx, key: string): Promise<void> {
  await resetBudget(db, SIGN_IN_SCOPE, [key]);
}
