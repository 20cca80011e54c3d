// Activation by UPI: the payment QR, manual payment proofs (screenshot + UTR) and their history.
import { z } from 'zod';
import { text } from './text.ts';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, UTR_RE } from './constants.ts';
import { AmountInputSchema, MoneySchema } from './money.ts';

export const MISSING_PAYMENT_PROOF_MESSAGE = 'Please provide payment screenshot and UTR number';
export const INVALID_IMAGE_MESSAGE = 'Please upload an image file (PNG, JPG, JPEG)';
export const UPI_NOT_AVAILABLE_MESSAGE = 'UPI payment is not available';

export const GenerateUpiQrRequestSchema = z
  .object({
    /** Ignored: the QR always asks for the configured activation fee. Accepted because the spec's client sends it. */
    amount: AmountInputSchema.optional().nullable(),
    note: text().trim().max(80, { error: 'Note must be at most 80 characters' }).optional().nullable(),
  })
  .optional()
  .transform((v) => v ?? {});

export const PaymentDetailsSchema = z.object({
  upiId: text(),
  businessName: text(),
  amount: MoneySchema,
  note: text(),
});

export const UpiQrResponseSchema = z.object({
  /** PNG data URL of the QR image. */
  qrData: text(),
  upiUrl: text(),
  paymentDetails: PaymentDetailsSchema,
});
export type UpiQrResponse = z.infer<typeof UpiQrResponseSchema>;

/** reversed: approved, then found fake (or the money never arrived) and taken back by a Super Admin. */
export const PaymentStatusSchema = z.enum(['pending', 'approved', 'rejected', 'reversed']);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

export const ManualPaymentSchema = z.object({
  id: text(),
  userId: text(),
  amount: MoneySchema,
  utrNumber: text(),
  status: PaymentStatusSchema,
  notes: text().nullable(),
  adminNotes: text().nullable(),
  createdAt: text(),
  processedAt: text().nullable(),
  /** upi_proof: a screenshot and UTR; gateway: confirmed by the payment gateway. Optional: added later. */
  method: z.enum(['upi_proof', 'gateway']).optional(),
  /** The gateway that confirmed it (method gateway). Optional: added later. */
  gateway: text().nullable().optional(),
  /** When and why an approved payment was reversed. Optional: added later. */
  reversedAt: text().nullable().optional(),
  reversalReason: text().nullable().optional(),
});
export type ManualPayment = z.infer<typeof ManualPaymentSchema>;

/** The text fields of the multipart submission (the screenshot is checked by its bytes on the server). */
export const SubmitManualPaymentFieldsSchema = z.object({
  utrNumber: text({ error: MISSING_PAYMENT_PROOF_MESSAGE })
    .trim()
    .min(1, { error: MISSING_PAYMENT_PROOF_MESSAGE })
    .regex(UTR_RE, { error: 'UTR number must be exactly 12 digits' }),
  notes: text()
    .trim()
    .max(500, { error: 'Notes must be at most 500 characters' })
    .optional()
    .transform((v) => (v ? v : null)),
  /** Optional: when sent it must equal the activation fee. */
  amount: text()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type SubmitManualPaymentFields = z.output<typeof SubmitManualPaymentFieldsSchema>;

/** `?limit&before` of the user's own lists: `before` is the id of the last item already shown. */
export const OwnListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
    .int({ error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
    .min(1, { error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
    .max(MAX_PAGE_LIMIT, { error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
    .default(DEFAULT_PAGE_LIMIT),
  before: text().trim().max(100).optional(),
});
export type OwnListQuery = z.output<typeof OwnListQuerySchema>;

/** A person the signed-in user referred (GET /api/referrals). */
export const ReferredUserSchema = z.object({
  id: text(),
  username: text(),
  email: text().nullable(),
  isActivated: z.boolean(),
  createdAt: text(),
});
export type ReferredUser = z.infer<typeof ReferredUserSchema>;
