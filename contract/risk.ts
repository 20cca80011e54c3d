// Fraud signals and holds: the flags a signal raises on an account (with the evidence: which other
// accounts share what), the admin's release and forfeit of held rewards, and the first-party
// device id the web app sends. DESIGN.md section 4 (holds) and 5 (riskFlags on admin lists).
import { z } from 'zod';
import { MoneySchema } from './money.ts';
import { text } from './text.ts';

/**
 * screenshot_reused: the same screenshot bytes on another account's proof; screenshot_similar: a
 * near-identical image; payout_shared: the same payout UPI ID or bank account; device_shared: the
 * same device as a referrer, referred account or fellow referral; address_shared: signed up from
 * the address the referrer used minutes before; signup_burst: a referral code signing up users
 * faster than the setting; dormant_referral: a referred account that never came back after its
 * activation.
 */
export const RISK_SIGNALS = [
  'screenshot_reused',
  'screenshot_similar',
  'payout_shared',
  'device_shared',
  'address_shared',
  'signup_burst',
  'dormant_referral',
] as const;
export const RiskSignalSchema = z.enum(RISK_SIGNALS, { error: 'Unknown risk signal' });
export type RiskSignal = z.infer<typeof RiskSignalSchema>;

/**
 * What a flag can say: a signal above, or own_referral_approved: an admin's own decision (a payment
 * approval, "Approve all matched", a direct activation) would have credited a reward to that admin,
 * who referred the person; it always holds, until a different Super Admin releases it.
 */
export const RISK_FLAG_CODES = [...RISK_SIGNALS, 'own_referral_approved'] as const;
export const RiskFlagCodeSchema = z.enum(RISK_FLAG_CODES);
export type RiskFlagCode = z.infer<typeof RiskFlagCodeSchema>;

/** The signals that hold rewards by default; the rest only flag. */
export const DEFAULT_HOLDING_SIGNALS: readonly RiskSignal[] = ['screenshot_reused', 'screenshot_similar', 'device_shared', 'payout_shared'];

export const RiskFlagSchema = z.object({
  code: RiskFlagCodeSchema,
  /** The evidence in words (English): which other accounts share what. */
  detail: text(),
  /** Whether, under the current settings, this flag holds the account's new rewards. */
  holds: z.boolean(),
  /** The other accounts the signal links. */
  users: z.array(z.object({ id: text(), username: text() })),
  /** What they share, where it is a value (a payout account); masked where it is a bank account. */
  value: text().nullable(),
  /** signup_burst: sign-ups in the hour; screenshot_similar: how far apart the images are (0 = same). */
  count: z.number().int().nullable(),
  at: text(),
});
export type RiskFlag = z.infer<typeof RiskFlagSchema>;

/** POST /api/admin/users/:id/holds/release: the held rewards go to the wallet and the flags are cleared. */
export const ReleaseHoldsRequestSchema = z.object({
  note: text({ error: 'Note must be text' })
    .trim()
    .max(500, { error: 'Note must be at most 500 characters' })
    .optional()
    .nullable()
    .transform((v) => v || null),
});
export const ReleaseHoldsResponseSchema = z.object({ released: MoneySchema, flagsCleared: z.number().int() });
export type ReleaseHoldsResponse = z.infer<typeof ReleaseHoldsResponseSchema>;

/** POST /api/admin/users/:id/holds/forfeit: a reason is required (it is told to the user). */
export const ForfeitHoldsRequestSchema = z.object({
  note: text({ error: 'Give a reason' }).trim().min(1, { error: 'Give a reason' }).max(500, { error: 'Reason must be at most 500 characters' }),
});
export const ForfeitHoldsResponseSchema = z.object({ forfeited: MoneySchema });
export type ForfeitHoldsResponse = z.infer<typeof ForfeitHoldsResponseSchema>;

/** The header the web app sends with sign-up, sign-in and proofs: a random id kept in local storage. */
export const DEVICE_ID_HEADER = 'x-device-id';
/** What a device id looks like (a UUID or similar): anything else is ignored, never an error. */
export const DEVICE_ID_RE = /^[A-Za-z0-9_-]{16,64}$/;
