// Wallet data: the user's withdrawal requests and the withdraw call (multipart with bankDetails as a
// JSON string and an optional screenshot, sent with an Idempotency-Key).
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutMethod, Withdrawal } from '../../../contract/wallet.ts';
import { api } from '../../lib/api-client.ts';
import { USER_QUERY_KEY } from '../../lib/auth.tsx';
import { pagedHistoryQuery } from '../../lib/paged-history.ts';

export const withdrawalsQuery = pagedHistoryQuery<Withdrawal>('/api/withdrawal-requests');

/** `data` is every loaded withdrawal request, newest first; `fetchNextPage` loads older ones. */
export function useWithdrawals() {
  return useInfiniteQuery(withdrawalsQuery);
}

export interface WithdrawRequest {
  amount: string;
  method: PayoutMethod;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
  upiId: string;
  screenshot: File | null;
  /** One key per attempt, so a double tap or a network retry cannot pay out twice. */
  requestKey: string;
}

export function useWithdraw() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (req: WithdrawRequest) => {
      const form = new FormData();
      form.append('amount', req.amount);
      form.append('method', req.method);
      form.append(
        'bankDetails',
        JSON.stringify(
          req.method === 'upi'
            ? { accountHolderName: req.accountHolderName, upiId: req.upiId }
            : { accountHolderName: req.accountHolderName, accountNumber: req.accountNumber, ifscCode: req.ifscCode },
        ),
      );
      if (req.upiId) form.append('upiId', req.upiId);
      if (req.screenshot) form.append('screenshot', req.screenshot);
      return api.post<Withdrawal>('/api/withdraw', form, { headers: { 'Idempotency-Key': req.requestKey } });
    },
    onSettled: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: withdrawalsQuery.queryKey }),
        qc.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        qc.invalidateQueries({ queryKey: ['/api/transactions'] }),
        // The month's statement figures moved too.
        qc.invalidateQueries({ queryKey: ['/api/wallet/statement'] }),
      ]);
    },
  });
}

export function newRequestKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export interface PayoutCorrection {
  method: PayoutMethod;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
  upiId: string;
}

/** Corrects where a pending withdrawal is paid (never its amount). */
export function useCorrectPayout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...p }: PayoutCorrection & { id: string }) =>
      api.put<Withdrawal>(
        `/api/withdrawal-requests/${encodeURIComponent(id)}/payout`,
        p.method === 'upi'
          ? { method: 'upi', accountHolderName: p.accountHolderName.trim(), upiId: p.upiId.trim() }
          : { method: 'bank', accountHolderName: p.accountHolderName.trim(), accountNumber: p.accountNumber.trim(), ifscCode: p.ifscCode.trim() },
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: withdrawalsQuery.queryKey }),
  });
}
