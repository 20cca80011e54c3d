// "Pay now" through the payment gateway: whether the app offers it, opening the checkout (a
// single-use UPI QR for the activation fee), polling it until the gateway's webhook marks it paid,
// and its QR image (a data URL as it came, or our own path loaded with the bearer token as a blob).
import { useEffect, useState } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Checkout } from '../../../contract/gateway.ts';
import type { AppSettings } from '../../../contract/settings.ts';
import { api, apiRequest, isTransientError } from '../../lib/api-client.ts';

/** How often an open checkout is asked about: a UPI payment confirms within seconds. */
export const CHECKOUT_POLL_MS = 3000;
/** A payment made in a QR's last seconds can be confirmed after it expired: watched this long, slower. */
const LATE_PAYMENT_WINDOW_MS = 10 * 60_000;
const LATE_POLL_MS = 10_000;

/** The gateway "Pay now" goes through ('razorpay'), or null when the operator configured none. */
export function offeredGateway(settings: AppSettings | undefined): string | null {
  return settings?.paymentGateway?.name ?? null;
}

export function checkoutQuery(id: string) {
  return queryOptions({
    queryKey: ['/api/payments/checkout', id] as const,
    queryFn: ({ signal }) => api.get<Checkout>(`/api/payments/checkout/${encodeURIComponent(id)}`, { signal }),
    staleTime: 0,
    // Polled while open. A hidden page does not poll (refetchIntervalInBackground is off); coming
    // back to it (from the UPI app, say) asks at once.
    refetchInterval: (query) => {
      const checkout = query.state.data;
      if (checkout?.status === 'open') return CHECKOUT_POLL_MS;
      const expiredAt = checkout?.status === 'expired' && checkout.expiresAt ? Date.parse(checkout.expiresAt) : NaN;
      return Date.now() - expiredAt < LATE_PAYMENT_WINDOW_MS ? LATE_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: (query) => query.state.data?.status === 'open',
  });
}

/** The checkout `id` (null: none opened yet), polled every few seconds while it waits for the payment. */
export function useCheckout(id: string | null) {
  return useQuery({ ...checkoutQuery(id ?? ''), enabled: Boolean(id) });
}

/** POST /api/payments/checkout: a new QR, or the one still open (the server offers it again). */
export function useOpenCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Checkout>('/api/payments/checkout'),
    onSuccess: (checkout) => {
      qc.setQueryData(checkoutQuery(checkout.id).queryKey, checkout);
    },
  });
}

/** Only a path on our own origin gets the bearer token: never an absolute or protocol-relative URL. */
function isOwnPath(src: string): boolean {
  return src.startsWith('/') && !src.startsWith('//');
}

function checkoutQrQuery(path: string) {
  return queryOptions({
    queryKey: [path, 'image'] as const,
    queryFn: async ({ signal }) => (await apiRequest('GET', path, { signal })).blob(),
    staleTime: Infinity,
    // The server fetches the image from the gateway: a blip there is worth another try.
    retry: (failures, err) => failures < 2 && isTransientError(err),
  });
}

export interface CheckoutQrImage {
  /** What an <img> shows: the data URL, or an object URL of the image we fetched. */
  src: string | null;
  loading: boolean;
  failed: boolean;
  retry(): void;
}

/**
 * The checkout's QR as an image source. A data URL is used as it is; our path needs the bearer
 * token, so it is fetched through the API client and shown as an object URL (revoked when done).
 */
export function useCheckoutQrImage(qrImage: string | null | undefined): CheckoutQrImage {
  const inline = qrImage?.startsWith('data:image/') ? qrImage : null;
  const path = qrImage && !inline && isOwnPath(qrImage) ? qrImage : null;
  const image = useQuery({ ...checkoutQrQuery(path ?? ''), enabled: Boolean(path) });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!path || !image.data) {
      setObjectUrl(null);
      return;
    }
    const url = URL.createObjectURL(image.data);
    setObjectUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [path, image.data]);

  if (inline) return { src: inline, loading: false, failed: false, retry: () => undefined };
  if (!path) return { src: null, loading: false, failed: Boolean(qrImage), retry: () => undefined };
  return {
    src: objectUrl,
    loading: image.isPending || (Boolean(image.data) && !objectUrl),
    failed: image.isError,
    retry: () => void image.refetch(),
  };
}

const REMEMBERED_CHECKOUT = 'paynow-checkout';

/**
 * The checkout this tab opened, kept for the session: a phone that leaves for the UPI app may
 * reload the page on the way back, and the payer should find the same QR still being watched.
 */
export function rememberedCheckout(userId: string): string | null {
  try {
    const raw = sessionStorage.getItem(REMEMBERED_CHECKOUT);
    const saved = raw ? (JSON.parse(raw) as { userId?: unknown; id?: unknown }) : null;
    return saved && saved.userId === userId && typeof saved.id === 'string' ? saved.id : null;
  } catch {
    return null;
  }
}

export function rememberCheckout(userId: string, id: string | null): void {
  try {
    if (id) sessionStorage.setItem(REMEMBERED_CHECKOUT, JSON.stringify({ userId, id }));
    else sessionStorage.removeItem(REMEMBERED_CHECKOUT);
  } catch {
    // Storage can be unavailable (private mode): the checkout then lasts only this page.
  }
}
