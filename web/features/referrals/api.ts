// Referrals data: the people the signed-in user referred (GET /api/referrals, newest first, paged) and the
// share texts built from the referral link.
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReferredUser } from '../../../contract/activation.ts';
import { pagedHistoryQuery } from '../../lib/paged-history.ts';
import { t, type Translate } from '../../i18n/t.ts';

export const referralsQuery = pagedHistoryQuery<ReferredUser>('/api/referrals');

/** `data` is every loaded referred user, newest first; `fetchNextPage` loads older ones. */
export function useReferrals(enabled = true) {
  return useInfiniteQuery({ ...referralsQuery, enabled });
}

export function referralLink(code: string, origin = window.location.origin): string {
  return `${origin}/register?ref=${encodeURIComponent(code)}`;
}

/** The share texts in the sender's language (`translate`: the screen's `useT()`). */
export function shareLinks(appName: string, code: string, link: string, reward: string, translate: Translate = t) {
  const text = translate('referrals.share.message', { appName, code, reward, link });
  const subject = translate('referrals.share.subject', { appName });
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(text)}`,
    sms: `sms:?body=${encodeURIComponent(text)}`,
    email: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`,
  };
}
