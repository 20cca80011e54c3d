// Activation data: the UPI QR for the activation fee, the user's manual payment proofs and the
// proof submission (multipart, with an Idempotency-Key so a double tap cannot submit twice).
import { useCallback } from 'react';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManualPayment, UpiQrResponse } from '../../../contract/activation.ts';
import { api } from '../../lib/api-client.ts';
import { USER_QUERY_KEY } from '../../lib/auth.tsx';
import { pagedHistoryQuery } from '../../lib/paged-history.ts';

/** A fresh Idempotency-Key (randomUUID needs a secure context, hence the fallback). */
function newRequestKey(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function upiQrQuery(userId: string, amount: string | undefined) {
  return queryOptions({
    // Same key as the dashboard's activation card, so the QR is generated once per session.
    queryKey: ['/api/generate-upi-qr', userId] as const,
    queryFn: () => api.post<UpiQrResponse>('/api/generate-upi-qr', { amount, note: 'Account activation' }),
  });
}

export function useUpiQr(userId: string, amount: string | undefined, enabled: boolean) {
  return useQuery({ ...upiQrQuery(userId, amount), enabled });
}

export const manualPaymentsQuery = pagedHistoryQuery<ManualPayment>('/api/manual-payments');

/** `data` is every loaded proof, newest first (a pending one is always the newest); `fetchNextPage` loads older ones. */
export function useManualPayments() {
  return useInfiniteQuery(manualPaymentsQuery);
}

export function screenshotUrl(paymentId: string): string {
  return `/api/manual-payments/${encodeURIComponent(paymentId)}/screenshot`;
}

export interface PaymentProof {
  screenshot: File;
  utrNumber: string;
  notes: string;
  amount: string;
}

export function useSubmitPayment() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (proof: PaymentProof) => {
      const form = new FormData();
      form.append('utrNumber', proof.utrNumber);
      form.append('notes', proof.notes);
      form.append('amount', proof.amount);
      form.append('screenshot', proof.screenshot);
      return api.post<ManualPayment>('/api/submit-manual-payment', form, { headers: { 'Idempotency-Key': newRequestKey() } });
    },
    onSettled: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: manualPaymentsQuery.queryKey }), qc.invalidateQueries({ queryKey: USER_QUERY_KEY })]);
    },
  });
}

/**
 * Re-reads what an activation changes: the signed-in user (now active) and the payments list (a
 * gateway payment appears there). For screens whose account was activated elsewhere, e.g. by the
 * payment gateway's webhook.
 */
export function useRefreshActivation(): () => Promise<void> {
  const qc = useQueryClient();
  return useCallback(async () => {
    await Promise.all([qc.invalidateQueries({ queryKey: USER_QUERY_KEY }), qc.invalidateQueries({ queryKey: manualPaymentsQuery.queryKey })]);
  }, [qc]);
}
