// How many more rewarded referrals the signed-in user needs for the next free spin. The server
// knows (spins are granted forward-only, so a settings change makes any formula here wrong);
// an older server without the field gets the spec's rule: 5 minus (referrals mod 5).
import type { User } from '../../contract/accounts.ts';

const SPEC_REFERRALS_PER_SPIN = 5;

export function referralsToNextSpin(user: Pick<User, 'successfulReferrals' | 'referralsToNextSpin'>): number {
  if (typeof user.referralsToNextSpin === 'number') return Math.max(1, user.referralsToNextSpin);
  return SPEC_REFERRALS_PER_SPIN - (user.successfulReferrals % SPEC_REFERRALS_PER_SPIN);
}
