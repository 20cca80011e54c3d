// The admin panel's calls: stats, user and payment lists (keyset pages), activation and payment decisions.
import { z } from 'zod';
import { text } from './text.ts';
import { RiskFlagSchema } from './risk.ts';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './constants.ts';
import { MoneySchema } from './money.ts';
import { ManualPaymentSchema } from './activation.ts';

export const AdminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activatedUsers: z.number().int(),
  /** Sum of every user's total earnings: rewards and prizes credited, whether withdrawn or not. */
  totalEarnings: MoneySchema,
  /** What withdrawals actually paid out (the ledger's payouts_paid account). Optional: added later. */
  paidOut: MoneySchema.optional(),
  pendingWithdrawals: z.number().int(),
  pendingPayments: z.number().int(),
  /** SMS codes sent in the last hour, against the hourly budget: at the budget, new codes wait. */
  sms: z.object({ sentLastHour: z.number().int(), perHour: z.number().int(), budgetReached: z.boolean() }),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;

const limitSchema = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
  .int({ error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
  .min(1, { error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
  .max(MAX_PAGE_LIMIT, { error: `limit must be a whole number from 1 to ${MAX_PAGE_LIMIT}` })
  .default(DEFAULT_PAGE_LIMIT);

const searchSchema = text()
  .trim()
  .max(100, { error: 'Search text must be at most 100 characters' })
  .optional()
  .transform((v) => (v ? v : undefined));

const cursorSchema = text().trim().max(200).optional().transform((v) => (v ? v : undefined));

export const AdminUsersQuerySchema = z.object({
  status: z.enum(['active', 'pending'], { error: 'status must be active or pending' }).optional(),
  q: searchSchema,
  limit: limitSchema,
  cursor: cursorSchema,
});
export type AdminUsersQuery = z.output<typeof AdminUsersQuerySchema>;

export const AdminPaymentsQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'reversed'], { error: 'status must be pending, approved, rejected or reversed' }).optional(),
  q: searchSchema,
  limit: limitSchema,
  cursor: cursorSchema,
});
export type AdminPaymentsQuery = z.output<typeof AdminPaymentsQuerySchema>;

export const AdminUserSchema = z.object({
  id: text(),
  username: text(),
  phone: text().nullable(),
  email: text().nullable(),
  isActivated: z.boolean(),
  walletBalance: MoneySchema,
  successfulReferrals: z.number().int(),
  createdAt: text(),
  /** Two-person rule: a direct activation one admin asked for, waiting for a second admin. Optional: added later. */
  pendingActivation: z.object({ byAdminId: text(), byAdminName: text().nullable(), at: text(), reason: text().nullable() }).nullable().optional(),
  /** Rewards held while the account has an open risk flag that holds. Optional: added later. */
  heldBalance: MoneySchema.optional(),
  /** active, suspended (a reversed payment), or erased (the person deleted the account: a pseudonym). Optional: added later. */
  accountStatus: z.enum(['active', 'suspended', 'erased']).optional(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
/** A row of the users list: the user with their open risk flags (with the evidence), empty when none. */
export const AdminUserItemSchema = AdminUserSchema.extend({ riskFlags: z.array(RiskFlagSchema) });
export type AdminUserItem = z.infer<typeof AdminUserItemSchema>;

export const AdminPaymentSchema = ManualPaymentSchema.extend({
  username: text(),
  phone: text().nullable(),
  /** Whether the payer's account is active already (activated directly, before this proof). */
  userActivated: z.boolean(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;
/** A row of the payments list: the payment with its payer's open risk flags, empty when none. */
export const AdminPaymentItemSchema = AdminPaymentSchema.extend({ riskFlags: z.array(RiskFlagSchema) });
export type AdminPaymentItem = z.infer<typeof AdminPaymentItemSchema>;

export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: text().nullable() });
export const AdminUsersPageSchema = pageSchema(AdminUserItemSchema);
export type AdminUsersPage = z.infer<typeof AdminUsersPageSchema>;
export const AdminPaymentsPageSchema = pageSchema(AdminPaymentItemSchema);
export type AdminPaymentsPage = z.infer<typeof AdminPaymentsPageSchema>;

/** PUT /api/admin/users/:id/status: suspend a user or lift a suspension, always with the reason (the user is told it). */
export const SetUserStatusRequestSchema = z.object({
  status: z.enum(['suspended', 'active'], { error: 'status must be suspended or active' }),
  reason: text({ error: 'Give the reason' })
    .trim()
    .min(1, { error: 'Give the reason' })
    .max(500, { error: 'The reason must be at most 500 characters' }),
});
export type SetUserStatusRequest = z.infer<typeof SetUserStatusRequestSchema>;

/** PUT /api/admin/users/:id/activate: the spec's empty body, or a reason for waiving the fee. */
export const ActivateUserRequestSchema = z.object({
  reason: text({ error: 'Reason must be text' })
    .trim()
    .max(500, { error: 'Reason must be at most 500 characters' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
});
export type ActivateUserRequest = z.output<typeof ActivateUserRequestSchema>;

export const DecidePaymentRequestSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  notes: text()
    .trim()
    .max(500, { error: 'Notes must be at most 500 characters' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type DecidePaymentRequest = z.output<typeof DecidePaymentRequestSchema>;

/** POST /api/admin/manual-payments/:id/reverse: why the approved payment is being taken back. */
export const ReversePaymentRequestSchema = z.object({
  reason: text({ error: 'Give the reason for the reversal' })
    .trim()
    .min(5, { error: 'Give the reason for the reversal (at least 5 characters)' })
    .max(500, { error: 'Reason must be at most 500 characters' }),
});
export type ReversePaymentRequest = z.output<typeof ReversePaymentRequestSchema>;

export const ReversePaymentResponseSchema = z.object({
  payment: AdminPaymentSchema,
  /** The referral reward taken back (0.00 when the payer had no rewarded referrer). */
  clawedBack: MoneySchema,
  /** The part of it the referrer's wallet could not cover, now owed from their next credits. */
  recordedAsDebt: MoneySchema,
});
export type ReversePaymentResponse = z.infer<typeof ReversePaymentResponseSchema>;

/** An SMS the queue gave up on (the dead-letter list the admin Overview shows). */
export const SmsJobSchema = z.object({
  id: text(),
  phone: text(),
  purpose: z.enum(['register', 'reset', 'phone_change']),
  attempts: z.number().int(),
  lastError: text().nullable(),
  createdAt: text(),
});
export type SmsJob = z.infer<typeof SmsJobSchema>;
export const SmsJobListSchema = z.object({ items: z.array(SmsJobSchema) });
export type SmsJobList = z.infer<typeof SmsJobListSchema>;
