// Referrals data: the people the signed-in user referred (GET /api/referrals, newest first) and the
// share texts built from the referral link.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferredUser } from '../../../contract/activation.ts';
import { api } from '../../lib/api-client.ts';

export const referralsQuery = queryOptions({
  queryKey: ['/api/referrals'] as const,
  queryFn: ({ signal }) => api.get<ReferredUser[]>('/api/referrals?limit=100', { signal }),
});

export function useReferrals(enabled = true) {
  return useQuery({ ...referralsQuery, enabled });
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
