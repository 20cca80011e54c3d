// Wallet calls: the prize wheel, withdrawals (user and admin side), the transaction history and
// notifications. The withdraw form schema is built from the configured minimum so the web form and
// the server give the same messages.
import { z } from 'zod';
import { text } from './text.ts';
import { IFSC_RE } from './constants.ts';
import { formatPaise, MoneySchema, parseRupees } from './money.ts';
import type { ErrorBody } from './errors.ts';

// ---------------------------------------------------------------------------------------------
// Prize wheel

export const SpinResponseSchema = z.object({
  newBalance: MoneySchema,
  spinsRemaining: z.number().int(),
  prize: MoneySchema,
  segmentIndex: z.number().int().min(0).max(7),
});
export type SpinResponse = z.infer<typeof SpinResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Withdrawals

/** "₹100" for 100.00, "₹100.50" for 100.50: how the spec writes the minimum. */
export function formatRupeesShort(paise: bigint): string {
  const text = formatPaise(paise);
  return `₹${text.endsWith('.00') ? text.slice(0, -3) : text}`;
}

export function minimumWithdrawalMessage(minWithdrawalPaise: bigint): string {
  return `Minimum withdrawal amount is ${formatRupeesShort(minWithdrawalPaise)}`;
}

export const ACCOUNT_NUMBER_RE = /^\d{9,18}$/;
export const UPI_ID_RE = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9]{1,63}$/;

const requiredText = (message: string, max: number) =>
  text({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: message });

/**
 * The withdraw form after the multipart fields are gathered. Issues come out in the order the
 * form shows its fields, so the first one is the message to show.
 */
export function createWithdrawFormSchema(minWithdrawalPaise: bigint) {
  const minMessage = minimumWithdrawalMessage(minWithdrawalPaise);
  return z.object({
    amount: z.unknown().transform((value, ctx) => {
      const paise = parseRupees(value);
      if (paise === null || paise < minWithdrawalPaise) {
        ctx.addIssue({ code: 'custom', message: minMessage });
        return z.NEVER;
      }
      return paise;
    }),
    accountHolderName: requiredText('Account Holder Name Required', 100),
    accountNumber: requiredText('Account Number Required', 40)
      .transform((v) => v.replace(/[\s-]/g, ''))
      .pipe(text().regex(ACCOUNT_NUMBER_RE, { error: 'Enter a valid account number (9 to 18 digits)' })),
    ifscCode: requiredText('IFSC Code Required', 20)
      .transform((v) => v.toUpperCase())
      .pipe(text().regex(IFSC_RE, { error: 'Enter a valid IFSC code' })),
    upiId: text()
      .trim()
      .max(300)
      .optional()
      .nullable()
      .transform((v) => (v ? v : null))
      .pipe(text().regex(UPI_ID_RE, { error: 'Enter a valid UPI ID' }).nullable()),
  });
}
export type WithdrawForm = z.output<ReturnType<typeof createWithdrawFormSchema>>;

export const WithdrawalStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type WithdrawalStatus = z.infer<typeof WithdrawalStatusSchema>;

/** A withdrawal as its owner sees it: the account number is masked to its last 4 digits. */
export const WithdrawalSchema = z.object({
  id: text(),
  userId: text(),
  amount: MoneySchema,
  /** JSON text {accountHolderName, accountNumber, ifscCode} (account number masked for the owner). */
  bankDetails: text(),
  accountHolderName: text(),
  accountNumber: text(),
  ifscCode: text(),
  upiId: text().nullable(),
  status: WithdrawalStatusSchema,
  createdAt: text(),
  processedAt: text().nullable(),
  adminNotes: text().nullable(),
  hasScreenshot: z.boolean(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** A withdrawal in the admin table: full account number, who asked. */
export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  username: text(),
  phone: text().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;

export const AdminWithdrawalListSchema = z.object({
  items: z.array(AdminWithdrawalSchema),
  nextCursor: text().nullable(),
});
export type AdminWithdrawalList = z.infer<typeof AdminWithdrawalListSchema>;

export const AdminListQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all', '']).optional(),
  q: text().trim().max(100).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).optional(),
  cursor: text().max(200).optional(),
});

export const WithdrawalDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  notes: text()
    .trim()
    .max(1000, { error: 'Notes must be at most 1000 characters' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type WithdrawalDecision = z.infer<typeof WithdrawalDecisionSchema>;

// ---------------------------------------------------------------------------------------------
// Transaction history (read from the ledger)

export const TransactionTypeSchema = z.enum(['referral', 'referral_bonus', 'spin', 'spin_reward', 'withdrawal', 'deposit', 'payment']);
export const TransactionStatusSchema = z.enum(['completed', 'pending', 'approved', 'rejected', 'failed']);

/**
 * One line of a user's history. `amount` is always positive; `direction` says which way the money
 * went for the user: `credit` = into the wallet, `debit` = out of it (or paid by the user, for the
 * activation fee).
 */
export const TransactionSchema = z.object({
  id: text(),
  type: TransactionTypeSchema,
  amount: MoneySchema,
  direction: z.enum(['credit', 'debit']),
  description: text(),
  status: TransactionStatusSchema,
  createdAt: text(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

/** `?limit` (default 50, max 200) and `?before` (the id of the last item already shown). */
export const UserListQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).optional(),
  before: text().max(100).optional(),
});

// ---------------------------------------------------------------------------------------------
// Notifications

export const NotificationSchema = z.object({
  id: text(),
  kind: text(),
  title: text(),
  body: text(),
  read: z.boolean(),
  createdAt: text(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

// ---------------------------------------------------------------------------------------------
// Toasts: the spec gives a title and a description for these failures. The API's `message` is
// the text the spec puts first for the case (for the minimum, the description carries the
// configured amount); this maps an error body to both lines.

const TOASTS: Partial<Record<string, { title: string; description?: string }>> = {
  BELOW_MINIMUM: { title: 'Invalid Amount' },
  INSUFFICIENT_BALANCE: { title: 'Insufficient Balance', description: "You don't have enough balance for this withdrawal" },
  INVALID_FILE: { title: 'Invalid File Type', description: 'Please upload an image file (PNG, JPG, JPEG)' },
  NO_SPINS: { title: 'No Spins Available', description: 'Refer 5 more users to get a free spin!' },
};

/** Title and description for a wallet error toast. */
export function describeWalletError(body: ErrorBody, fallbackTitle = 'Error'): { title: string; description?: string } {
  const known = TOASTS[body.code];
  if (!known) return { title: body.message || fallbackTitle };
  const description = known.description ?? (body.message !== known.title ? body.message : undefined);
  return description ? { title: known.title, description } : { title: known.title };
}
