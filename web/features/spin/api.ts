// Prize wheel call: POST /api/use-spin (the server draws the prize) with an Idempotency-Key. The
// caller refreshes the user and the history once the wheel has stopped, so nothing changes on
// screen before the result is shown.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SpinResponse } from '../../../contract/wallet.ts';
import { api } from '../../lib/api-client.ts';
import { USER_QUERY_KEY } from '../../lib/auth.tsx';

function newRequestKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function useSpinMutation() {
  return useMutation({
    mutationFn: () => api.post<SpinResponse>('/api/use-spin', undefined, { headers: { 'Idempotency-Key': newRequestKey() } }),
  });
}

export function useRefreshAfterSpin() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: USER_QUERY_KEY }), qc.invalidateQueries({ queryKey: ['/api/transactions'] })]);
}

/** Wheel timing (spec section 9): 5.5 s spin, result phases at 0, 0.5, 1.5 and 2.5 s. */
export const SPIN_MS = 5500;
export const REDUCED_SPIN_MS = 300;
export const RESULT_PHASES = [
  { phase: 'initial', at: 0 },
  { phase: 'jackpot', at: 500 },
  { phase: 'reveal', at: 1500 },
  { phase: 'final', at: 2500 },
] as const;
export type ResultPhase = (typeof RESULT_PHASES)[number]['phase'];
