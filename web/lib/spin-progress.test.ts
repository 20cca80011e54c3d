import { describe, expect, it } from 'vitest';
import { referralsToNextSpin } from './spin-progress.ts';

describe('referralsToNextSpin', () => {
  it("uses the server's count when it sends one (spins are granted forward-only)", () => {
    expect(referralsToNextSpin({ successfulReferrals: 4, referralsToNextSpin: 3 })).toBe(3);
    expect(referralsToNextSpin({ successfulReferrals: 4, referralsToNextSpin: 0 })).toBe(1);
  });

  it('falls back to the spec rule, 5 minus (referrals mod 5)', () => {
    expect(referralsToNextSpin({ successfulReferrals: 0 })).toBe(5);
    expect(referralsToNextSpin({ successfulReferrals: 3 })).toBe(2);
    expect(referralsToNextSpin({ successfulReferrals: 5 })).toBe(5);
    expect(referralsToNextSpin({ successfulReferrals: 14 })).toBe(1);
  });
});
