// Wallet calls: the prize wheel, withdrawals (user and admin side), the transaction history and
// notifications. The withdraw form schema is built from the configured minimum so the web form and
// the server give the same messages.
import { z } from 'zod';
import { text } from './text.ts';
import { RiskFlagSchema } from './risk.ts';
import { PayoutInfoSchema } from './payouts.ts';
import { IFSC_RE, UPI_ID_RE } from './constants.ts';

export { UPI_ID_RE };
import { MoneySchema, parseRupees } from './money.ts';
import { ACCOUNT_NUMBER_RE, minimumWithdrawalMessage, WITHDRAW_MESSAGES } from './withdraw-rules.ts';

export { ACCOUNT_NUMBER_RE, describeWalletError, formatRupeesShort, minimumWithdrawalMessage, WITHDRAW_MESSAGES } from './withdraw-rules.ts';

// ---------------------------------------------------------------------------------------------
// Prize wheel

export const SpinResponseSchema = z.object({
  newBalance: MoneySchema,
  spinsRemaining: z.number().int(),
  prize: MoneySchema,
  segmentIndex: z.number().int().min(0).max(7),
  /** Income tax withheld at source from the prize (a prize above the threshold), with its section. Absent when none. */
  tax: z.object({ amount: MoneySchema, section: text() }).optional(),
});
export type SpinResponse = z.infer<typeof SpinResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Withdrawals

export const PayoutMethodSchema = z.enum(['upi', 'bank']);
export type PayoutMethod = z.infer<typeof PayoutMethodSchema>;

/** Optional text of at most `max` characters; blank is absent. */
const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * The withdraw form after the multipart fields are gathered: the amount, the account holder, and
 * where to pay: a UPI ID (`method: 'upi'`) or a bank account (`'bank'`: number and IFSC). Without a
 * method, a UPI ID alone means UPI, anything else a bank account (the spec's form). Issues come out
 * in the order the form shows its fields, so the first one is the message to show.
 */
export function createWithdrawFormSchema(minWithdrawalPaise: bigint) {
  const minMessage = minimumWithdrawalMessage(minWithdrawalPaise);
  return z
    .object({
      amount: z.unknown(),
      method: PayoutMethodSchema.optional().nullable().catch(null),
      accountHolderName: optionalText(100),
      accountNumber: optionalText(40),
      ifscCode: optionalText(20),
      upiId: optionalText(300),
    })
    .transform((form, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      const amount = parseRupees(form.amount);
      if (amount === null || amount < minWithdrawalPaise) issue('amount', minMessage);
      const method: PayoutMethod = form.method ?? (form.upiId && !form.accountNumber && !form.ifscCode ? 'upi' : 'bank');
      if (!form.accountHolderName) issue('accountHolderName', WITHDRAW_MESSAGES.holder);
      let accountNumber: string | null = null;
      let ifscCode: string | null = null;
      let upiId: string | null = null;
      if (method === 'bank') {
        accountNumber = form.accountNumber?.replace(/[\s-]/g, '') ?? null;
        if (!accountNumber) issue('accountNumber', WITHDRAW_MESSAGES.accountNumber);
        else if (!ACCOUNT_NUMBER_RE.test(accountNumber)) issue('accountNumber', WITHDRAW_MESSAGES.accountNumberInvalid);
        ifscCode = form.ifscCode?.toUpperCase() ?? null;
        if (!ifscCode) issue('ifscCode', WITHDRAW_MESSAGES.ifsc);
        else if (!IFSC_RE.test(ifscCode)) issue('ifscCode', WITHDRAW_MESSAGES.ifscInvalid);
      }
      if (form.upiId && !UPI_ID_RE.test(form.upiId)) issue('upiId', WITHDRAW_MESSAGES.upiIdInvalid);
      else upiId = form.upiId;
      if (method === 'upi' && !form.upiId) issue('upiId', WITHDRAW_MESSAGES.upiId);
      if (amount === null || amount < minWithdrawalPaise || !form.accountHolderName) return z.NEVER;
      return { amount, method, accountHolderName: form.accountHolderName, accountNumber, ifscCode, upiId };
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
  /** Where the money goes: a UPI ID or a bank account. */
  method: PayoutMethodSchema,
  /** JSON text {accountHolderName, accountNumber, ifscCode} or {accountHolderName, upiId} (account number masked for the owner). */
  bankDetails: text(),
  accountHolderName: text(),
  accountNumber: text().nullable(),
  ifscCode: text().nullable(),
  upiId: text().nullable(),
  /** The transfer's reference (UTR), once an admin paid it. */
  payoutReference: text().nullable(),
  status: WithdrawalStatusSchema,
  createdAt: text(),
  processedAt: text().nullable(),
  adminNotes: text().nullable(),
  hasScreenshot: z.boolean(),
});
export type Withdrawal = z.infer<typeof WithdrawalSchema>;

/** A withdrawal in the admin table: full account number, who asked. */
/**
 * What an admin sees: a withdrawal above the two-person threshold waits for a second admin; with a
 * payout provider, an approved one is `paying` until the provider confirms (its owner reads pending).
 */
export const AdminWithdrawalStatusSchema = z.enum(['pending', 'awaiting_second_approval', 'paying', 'approved', 'rejected']);

export const AdminWithdrawalSchema = WithdrawalSchema.extend({
  username: text(),
  phone: text().nullable(),
  status: AdminWithdrawalStatusSchema,
  /** The first of two admins who approved it (two-person rule). Optional: added later. */
  firstApproval: z.object({ byAdminId: text(), byAdminName: text().nullable(), at: text() }).nullable().optional(),
  /** Goes up whenever the payout details change; an approval sends the version it showed (PAYOUT_CHANGED when stale). */
  version: z.number().int(),
  /** Paid through a payout provider: its payout as the provider last told it. Null (or absent) for a withdrawal paid by hand. */
  payout: PayoutInfoSchema.nullable().optional(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawalSchema>;
/** A row of the withdrawals list: with the requester's open risk flags (a payout account shared with others...), empty when none. */
export const AdminWithdrawalItemSchema = AdminWithdrawalSchema.extend({ riskFlags: z.array(RiskFlagSchema) });
export type AdminWithdrawalItem = z.infer<typeof AdminWithdrawalItemSchema>;

export const AdminWithdrawalListSchema = z.object({
  items: z.array(AdminWithdrawalItemSchema),
  nextCursor: text().nullable(),
});
export type AdminWithdrawalList = z.infer<typeof AdminWithdrawalListSchema>;

export const AdminListQuerySchema = z.object({
  status: z.enum(['pending', 'awaiting_second_approval', 'paying', 'approved', 'rejected', 'all', '']).optional(),
  q: text().trim().max(100).optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(200).optional(),
  cursor: text().max(200).optional(),
});

/** A UTR or bank reference: 6 to 35 letters and digits. */
export const PAYOUT_REFERENCE_RE = /^[A-Za-z0-9]{6,35}$/;

export const WithdrawalDecisionSchema = z.object({
  status: z.enum(['approved', 'rejected'], { error: 'status must be approved or rejected' }),
  /** With an approval: the reference of the transfer that paid it (shown to the user). */
  payoutReference: text()
    .trim()
    .optional()
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : null))
    .pipe(text().regex(PAYOUT_REFERENCE_RE, { error: 'Enter the transfer reference (UTR): 6 to 35 letters and digits' }).nullable()),
  notes: text()
    .trim()
    .max(1000, { error: 'Notes must be at most 1000 characters' })
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
  /** The payout details' version the admin was shown (the list's `version`); the web app always sends it. */
  version: z.number({ error: 'version must be a whole number' }).int({ error: 'version must be a whole number' }).min(1).optional(),
});
export type WithdrawalDecision = z.infer<typeof WithdrawalDecisionSchema>;

// ---------------------------------------------------------------------------------------------
// Transaction history (read from the ledger)

/** reversal: a referral bonus taken back; recovery: a credit applied to what a reversal left owing. */
export const TransactionTypeSchema = z.enum(['referral', 'referral_bonus', 'spin', 'spin_reward', 'withdrawal', 'refund', 'deposit', 'payment', 'reversal', 'recovery', 'release']);
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
  /** The wallet's balance right after this movement: each row of the history can show it. */
  balanceAfter: MoneySchema.optional(),
  /**
   * Income tax withheld at source in this movement (or given back with its reversal): the credit
   * before tax, the tax, its section and rate, and the amount the rate was applied to (at the credit
   * that crossed the yearly threshold, the year's rewards not taxed before). Null when none.
   */
  tax: z
    .object({ gross: MoneySchema, amount: MoneySchema, section: text(), rate: text(), taxedOn: MoneySchema, reversed: z.boolean() })
    .nullable()
    .optional(),
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
