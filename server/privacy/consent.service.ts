// Consent to the privacy policy: the version a person accepted and when, stored on the account.
// Sign-up records the notice the form showed; a person who has not accepted the current version
// (an older one, or none) is asked after signing in, and this records the answer.
import { eq } from 'drizzle-orm';
import type { User } from '../../contract/accounts.ts';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import { getUserResponse } from '../accounts/user-response.ts';

export async function acceptPolicy(ctx: AppContext, userId: string, policyVersion: string): Promise<User> {
  const now = ctx.now();
  await ctx.db.update(users).set({ policyVersion, policyAcceptedAt: now, updatedAt: now }).where(eq(users.id, userId));
  return getUserResponse(ctx.db, userId);
}
