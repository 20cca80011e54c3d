// Dashboard data: the activation UPI QR (POST /api/generate-upi-qr), generated once settings load
// for a user who is not activated.
import { useQuery } from '@tanstack/react-query';
import type { UpiQrResponse } from '../../../contract/activation.ts';
import { api } from '../../lib/api-client.ts';

export function upiQrQueryKey(userId: string) {
  return ['/api/generate-upi-qr', userId] as const;
}

export function useActivationQr(opts: { userId: string; amount: string | undefined; enabled: boolean }) {
  return useQuery<UpiQrResponse>({
    queryKey: upiQrQueryKey(opts.userId),
    queryFn: () => api.post<UpiQrResponse>('/api/generate-upi-qr', { amount: opts.amount, note: 'Account activation' }),
    enabled: opts.enabled,
  });
}
