// Paying the activation fee through a payment gateway ("Pay now"): a single-use, fixed-amount UPI
// QR the gateway makes for this user, which the app shows and watches until the gateway's signed
// webhook confirms the payment. POST /api/payments/webhook/:gateway is the gateway's own call.
import { z } from 'zod';
import { MoneySchema } from './money.ts';
import { text } from './text.ts';

/** open: waiting for the payment; paid: confirmed, the account is active; expired: the QR no longer takes payment; failed: the gateway did not open it. */
export const CheckoutStatusSchema = z.enum(['open', 'paid', 'expired', 'failed']);
export type CheckoutStatus = z.infer<typeof CheckoutStatusSchema>;

export const CheckoutSchema = z.object({
  id: text(),
  gateway: text(),
  status: CheckoutStatusSchema,
  amount: MoneySchema,
  /** The QR to scan: a data URL we drew from the UPI link, or a path on our origin that serves the gateway's image. */
  qrImage: text().nullable(),
  /** The upi://pay link behind the QR, when the gateway hands it out (opens a UPI app on a phone). */
  upiUrl: text().nullable(),
  expiresAt: text().nullable(),
  createdAt: text(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

export const GATEWAY_UNAVAILABLE_MESSAGE = 'The payment gateway is not answering. Please try again in a minute, or pay by UPI and submit the proof below.';
export const GATEWAY_NOT_CONFIGURED_MESSAGE = 'Online payment is not available. Please pay by UPI and submit the proof.';
