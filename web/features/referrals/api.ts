// Referrals data: the people the signed-in user referred (GET /api/referrals, newest first, paged) and the
// share texts built from the referral link.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReferredUser } from '../../../contract/activation.ts';
import { pagedHistoryQuery } from '../../lib/paged-history.ts';

export const referralsQuery = pagedHistoryQuery<ReferredUser>('/api/referrals');

/** `data` is every loaded referred user, newest first; `fetchNextPage` loads older ones. */
export function useReferrals(enabled = true) {
  return useInfiniteQuery({ ...referralsQuery, enabled });
}

export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}/register?ref=${encodeURIComponent(code)}`;
}

export function shareLinks(appName: string, code: string, link: string, reward: string) {
  const text = `Join me on ${appName}! Use my referral code ${code} and earn ${reward} for every friend who activates. Sign up here: ${link}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text)}`,
    sms: `sms:?body=${encodeURIComponent(text)}`,
    email: `mailto:?subject=${encodeURIComponent(`Join me on ${appName}`)}&body=${encodeURIComponent(text)}`,
  };
}
