// Failed sign-ins counted per key in auth_failures (shared by every process): 10 failures in 15
// minutes for one phone or e-mail answer 429 until the oldest of them ages out.
import { and, desc, eq, gt } from 'drizzle-orm';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '../../contract/constants.ts';
import type { DbOrTx } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { authFailures } from '../db/schema.ts';
import { tooManyRequests } from '../errors.ts';

export const LOGIN_SCOPE = 'login';

export async function assertLoginAllowed(db: DbOrTx, key: string, now: Date): Promise<void> {
  const recent = await db
    .select({ createdAt: authFailures.createdAt })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.scope, LOGIN_SCOPE),
        eq(authFailures.key, key),
        gt(authFailures.createdAt, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS)),
      ),
    )
    .orderBy(desc(authFailures.createdAt))
    .limit(LOGIN_MAX_FAILURES);
  if (recent.length < LOGIN_MAX_FAILURES) return;
  const oldest = recent[recent.length - 1]!;
  const seconds = Math.ceil((oldest.createdAt.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000);
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  throw tooManyRequests(`Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, seconds);
}

export async function recordLoginFailure(db: DbOrTx, key: string, ip: string | null, now: Date): Promise<void> {
  await db.insert(authFailures).values({ id: newId(), scope: LOGIN_SCOPE, key, ip, createdAt: now });
}

export async function clearLoginFailures(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.scope, LOGIN_SCOPE), eq(authFailures.key, key)));
}
