// Payouts through a payout provider, as the Withdrawals tab shows them: the alert and the refused
// payouts (GET /api/admin/payouts), trying a refused payout again or returning its money. While any
// withdrawal on screen is being paid, the tab asks again every few seconds: the provider's answers
// and webhooks change it without anyone clicking.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PayoutInfo, PayoutOverview } from '../../../contract/payouts.ts';
import { api } from '../../lib/api-client.ts';

export const payoutOverviewQuery = () =>
  queryOptions({ queryKey: ['/api/admin/payouts'], queryFn: ({ signal }) => api.get<PayoutOverview>('/api/admin/payouts', { signal }) });

export const usePayoutOverview = () => useQuery(payoutOverviewQuery());

/** The admin lists this changes (the withdrawals list's key, from the admin feature, and the Overview's activity). */
const TOUCHED_KEYS = [payoutOverviewQuery().queryKey, ['/api/admin/withdrawals'], ['/api/admin/activity'], ['/api/admin/stats']];

const WATCH_MS = 10_000;

/** Refreshes the payouts and the withdrawals list every few seconds while `watch` (something is on its way). */
export function useWatchPayouts(watch: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!watch) return;
    const timer = setInterval(() => {
      for (const queryKey of TOUCHED_KEYS.slice(0, 2)) void queryClient.invalidateQueries({ queryKey });
    }, WATCH_MS);
    return () => clearInterval(timer);
  }, [watch, queryClient]);
}

function useInvalidatePayouts() {
  const queryClient = useQueryClient();
  return () => Promise.all(TOUCHED_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Sends a refused payout again (a new idempotency key; the server first asks the provider whether it has one). */
export function useRetryPayout() {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: (withdrawalId: string) => api.post<PayoutInfo>(`/api/admin/payouts/${encodeURIComponent(withdrawalId)}/retry`),
    onSettled: invalidate,
  });
}

/** Returns a refused payout's money to the wallet, with the reason the person reads. */
export function useReturnPayout() {
  const invalidate = useInvalidatePayouts();
  return useMutation({
    mutationFn: ({ withdrawalId, reason }: { withdrawalId: string; reason: string }) =>
      api.post<PayoutInfo>(`/api/admin/payouts/${encodeURIComponent(withdrawalId)}/return`, { reason: reason.trim() }),
    onSettled: invalidate,
  });
}

/** The provider's name as people write it. */
export { providerName } from '../../../contract/payouts.ts';
