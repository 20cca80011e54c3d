// Payouts through a payouts API (RazorpayX, PAYOUT_PROVIDER): what admins see of a withdrawal being
// paid (the provider's status, payout id, UTR, why it failed), the Withdrawals tab's alert and list
// of refused payouts with their actions. POST /api/payouts/webhook/:provider is the provider's own call.
import { z } from 'zod';
import { MoneySchema } from './money.ts';
import { text } from './text.ts';

/** Our side of a payout: queued (waits for its try), sending, sent (the provider has it), failed (refused: an admin decides), settled. */
export const PayoutJobStatusSchema = z.enum(['queued', 'sending', 'sent', 'failed', 'settled']);
export type PayoutJobStatus = z.infer<typeof PayoutJobStatusSchema>;

/** A withdrawal's payout, as the admin list shows it beside the withdrawal. */
export const PayoutInfoSchema = z.object({
  provider: text(),
  job: PayoutJobStatusSchema,
  /** The provider's word (queued, pending, processing, processed, reversed, failed, rejected, cancelled); null before it answered. */
  status: text().nullable(),
  payoutId: text().nullable(),
  utr: text().nullable(),
  /** UPI, IMPS or NEFT. */
  mode: text().nullable(),
  /** Why it is in this state, as the provider's code (low_balance...) and its sentence. */
  reason: text().nullable(),
  description: text().nullable(),
  attempts: z.number().int(),
  /** Our last call's error, while it is tried again or after it was refused. */
  lastError: text().nullable(),
  /** When it was approved and queued. */
  createdAt: text(),
  /** Waiting for money in the business account (the provider queued it for low balance). */
  waitingForBalance: z.boolean(),
});
export type PayoutInfo = z.infer<typeof PayoutInfoSchema>;

/** A payout the provider refused (or that failed too often): an admin retries it or returns the money. */
export const FailedPayoutSchema = z.object({
  withdrawalId: text(),
  userId: text(),
  username: text(),
  amount: MoneySchema,
  method: z.enum(['upi', 'bank']),
  /** "UPI name@bank" or "bank account ending 1234". */
  destination: text(),
  attempts: z.number().int(),
  lastError: text().nullable(),
  createdAt: text(),
});
export type FailedPayout = z.infer<typeof FailedPayoutSchema>;

export const PayoutOverviewSchema = z.object({
  /** The configured provider; null when withdrawals are paid by hand. */
  provider: text().nullable(),
  /** Payouts the provider holds until the business account has the money. */
  waitingForBalance: z.object({ count: z.number().int(), amount: MoneySchema }),
  failed: z.array(FailedPayoutSchema),
});
export type PayoutOverview = z.infer<typeof PayoutOverviewSchema>;

export const ReturnPayoutRequestSchema = z.object({
  reason: text({ error: 'Give the reason the person will read' })
    .trim()
    .min(3, { error: 'Give the reason the person will read' })
    .max(500, { error: 'The reason must be at most 500 characters' }),
});
export type ReturnPayoutRequest = z.infer<typeof ReturnPayoutRequestSchema>;

export const PAYOUTS_NOT_CONFIGURED_MESSAGE = 'Payouts are made by hand: no payout provider is set up';
export const PAYOUT_PROVIDER_UNAVAILABLE_MESSAGE = 'The payout provider is not answering. Please try again in a minute.';

/** The provider's name as people write it: razorpayx is RazorpayX. */
export function providerName(provider: string | null | undefined): string {
  return provider === 'razorpayx' ? 'RazorpayX' : (provider ?? '');
}
