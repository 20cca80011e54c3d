// Reading the ledger: a user's wallet statement for a period (JSON, CSV or PDF), and the admin's
// view of the platform accounts with a drill-down to their entries and the state of the sealed chain.
import { z } from 'zod';
import { text } from './text.ts';
import { MoneySchema } from './money.ts';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (label: string) =>
  text({ error: `${label} must be a date like 2026-11-01` })
    .trim()
    .regex(DATE_RE, { error: `${label} must be a date like 2026-11-01` })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: `${label} must be a real date`,
    });

/** The longest period one statement covers. */
export const STATEMENT_MAX_DAYS = 366;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`: calendar days in India (IST), both included. */
export const StatementQuerySchema = z
  .object({ from: isoDate('From'), to: isoDate('To') })
  .refine((q) => q.from <= q.to, { error: 'The period must end on or after its first day', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATEMENT_MAX_DAYS, {
    error: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
    path: ['to'],
  });
export type StatementQuery = z.output<typeof StatementQuerySchema>;

export const StatementLineSchema = z.object({
  at: text(),
  description: text(),
  /** Money into the wallet ("0.00" when none). */
  credit: MoneySchema,
  /** Money out of the wallet ("0.00" when none). */
  debit: MoneySchema,
  balanceAfter: MoneySchema,
  /** The transfer's UTR for a paid withdrawal, else the entry's short reference. */
  reference: text(),
  /** Tax withheld at source in this line's entry: the credit before tax, the tax (negative: given back with a reversal), its section. */
  tax: z.object({ gross: MoneySchema, amount: MoneySchema, section: text() }).optional(),
});
export type StatementLine = z.infer<typeof StatementLineSchema>;

/** closingBalance = openingBalance + totalCredits - totalDebits, always. */
export const WalletStatementSchema = z.object({
  from: text(),
  to: text(),
  openingBalance: MoneySchema,
  closingBalance: MoneySchema,
  totalCredits: MoneySchema,
  totalDebits: MoneySchema,
  lines: z.array(StatementLineSchema),
});
export type WalletStatement = z.infer<typeof WalletStatementSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: where the money went

export const LedgerAccountNameSchema = z.enum([
  'upi_collections',
  'activation_fees',
  'referral_rewards',
  'spin_prizes',
  'payouts_pending',
  'payouts_paid',
  'fee_waivers',
  'gateway_collections',
  'forfeited_rewards',
  'tds_payable',
  'tds_deposited',
  'user_wallets',
  'held_rewards',
  'clawback_debt',
]);
export type LedgerAccountName = z.infer<typeof LedgerAccountNameSchema>;

export const LedgerOverviewSchema = z.object({
  accounts: z.array(
    z.object({
      name: LedgerAccountNameSchema,
      /** Sum of the account's lines: sources (collections, rewards, prizes, waivers) run negative. */
      balance: MoneySchema,
      /** How many accounts it stands for (user wallets, debts), 1 for a platform account. */
      accounts: z.number().int(),
    }),
  ),
  chain: z.object({
    blocks: z.number().int(),
    sealedEntries: z.number().int(),
    unsealedEntries: z.number().int(),
    /** The newest block's digest: record it elsewhere to prove later that nothing before it changed. */
    headDigest: text().nullable(),
    sealedAt: text().nullable(),
  }),
});
export type LedgerOverview = z.infer<typeof LedgerOverviewSchema>;

export const LedgerEntrySchema = z.object({
  id: text(),
  kind: text(),
  description: text(),
  at: text(),
  /** This entry's amount on the account being viewed (signed: + into it, - out of it). */
  amount: MoneySchema,
  userId: text().nullable(),
  username: text().nullable(),
  reversesEntryId: text().nullable(),
  /** Every line of the entry: a platform account by name, or a user's wallet or clawback debt with the user's name. */
  lines: z.array(
    z.object({
      kind: z.enum(['platform', 'wallet', 'debt', 'held']),
      /** The platform account (kind platform), else null. */
      name: LedgerAccountNameSchema.nullable(),
      /** The holder of the wallet, debt or held account, else null. */
      username: text().nullable(),
      amount: MoneySchema,
    }),
  ),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;
export const LedgerEntriesPageSchema = z.object({ items: z.array(LedgerEntrySchema), nextCursor: text().nullable() });
export type LedgerEntriesPage = z.infer<typeof LedgerEntriesPageSchema>;
