// Income tax withheld at source (DESIGN.md section 15): a person's PAN (PUT /api/me/pan) and their
// tax year (GET /api/me/tax); the admin's quarter (GET /api/admin/tax), its Form 26Q report as CSV
// (GET /api/admin/tax/report) and the deposits of its tax with their challans
// (POST /api/admin/tax/deposits). Rates are percent strings ("2", "0.75"); money is rupee strings.
import { z } from 'zod';
import { MoneySchema, parseRupees } from './money.ts';
import { text } from './text.ts';
import { PAN_RE } from './tax-calendar.ts';

export { financialYearLabel, formatRate, PAN_RE, parseRate, quarterDays, taxPeriodOf } from './tax-calendar.ts';

const PAN_ERROR = 'Enter your PAN as it is on the card: 10 characters, like ABCPE1234F';
const NAME_ERROR = 'Enter your name as it is on your PAN card';

export const SetPanRequestSchema = z.object({
  pan: text({ error: PAN_ERROR })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(text().regex(PAN_RE, { error: 'Enter your PAN as it is on the card: 10 characters, like ABCPE1234F' })),
  nameOnPan: text({ error: NAME_ERROR })
    .trim()
    .min(1, { error: 'Enter your name as it is on your PAN card' })
    .max(85, { error: 'The name on your PAN can be at most 85 characters' })
    .transform((v) => v.replace(/\s+/g, ' ')),
});
export type SetPanRequest = z.input<typeof SetPanRequestSchema>;

/** A rate as people write it: "2", "2.5", "0.75". */
export const RateSchema = text().regex(/^\d{1,3}(\.\d{1,2})?$/);

/** What a person sees of their tax at source (GET /api/me/tax, and the answer to PUT /api/me/pan). */
export const MyTaxSchema = z.object({
  /** Whether tax is withheld at source at all (the operator's setting). */
  enabled: z.boolean(),
  /** The financial year now (2026 = April 2026 to March 2027). */
  fy: z.number().int(),
  pan: z.object({ masked: text(), nameOnPan: text(), addedAt: text() }).nullable(),
  /** Withholding is on, there is no PAN, and this year's rewards are near or past the threshold: ask for it. */
  panRequested: z.boolean(),
  referral: z.object({ section: text(), rate: RateSchema, noPanRate: RateSchema, yearlyThreshold: MoneySchema }),
  prize: z.object({ section: text(), rate: RateSchema, noPanRate: RateSchema, threshold: MoneySchema }),
  /** This financial year: referral rewards credited, and tax withheld on anything. */
  year: z.object({ rewards: MoneySchema, taxWithheld: MoneySchema }),
  /** Financial years with tax withheld, newest first: each has a yearly summary in the statement. */
  years: z.array(z.object({ fy: z.number().int(), taxedOn: MoneySchema, taxWithheld: MoneySchema })),
});
export type MyTax = z.infer<typeof MyTaxSchema>;

// ---------------------------------------------------------------------------------------------
// Admin

const FY_ERROR = 'Choose a financial year, like 2026 for 2026-27';
const QUARTER_ERROR = 'Choose a quarter from 1 to 4';

export const TaxQuarterQuerySchema = z.object({
  fy: z.coerce.number({ error: FY_ERROR }).int({ error: FY_ERROR }).min(2000, { error: FY_ERROR }).max(2100, { error: FY_ERROR }),
  quarter: z.coerce.number({ error: QUARTER_ERROR }).int({ error: QUARTER_ERROR }).min(1, { error: QUARTER_ERROR }).max(4, { error: QUARTER_ERROR }),
});
export type TaxQuarterQuery = z.output<typeof TaxQuarterQuerySchema>;

export const TaxDepositSchema = z.object({
  id: text(),
  amount: MoneySchema,
  bsrCode: text(),
  challanSerial: text(),
  depositedOn: text(),
  recordedBy: text().nullable(),
  at: text(),
});
export type TaxDeposit = z.infer<typeof TaxDepositSchema>;

/** A quarter of tax at source for the Tax tab: totals by section, deposits, and what is left to deposit. */
export const TaxQuarterSummarySchema = z.object({
  fy: z.number().int(),
  quarter: z.number().int(),
  /** The quarter's first and last days (YYYY-MM-DD, India). */
  from: text(),
  to: text(),
  enabled: z.boolean(),
  sections: z.array(
    z.object({
      section: text(),
      /** Rows of the report in this section (reversals included). */
      rows: z.number().int(),
      /** The amounts tax was computed on, less reversals. */
      amount: MoneySchema,
      tax: MoneySchema,
      /** Rows withheld without a PAN, at the higher rate. */
      withoutPan: z.number().int(),
    }),
  ),
  /** Withheld in the quarter, reversed in it, and the difference: the report's rows add up to `net`. */
  withheld: MoneySchema,
  reversed: MoneySchema,
  net: MoneySchema,
  deposited: MoneySchema,
  /** net - deposited: what the quarter still owes the government. */
  outstanding: MoneySchema,
  deposits: z.array(TaxDepositSchema),
  /** The platform accounts now: tax withheld not yet deposited (every quarter), and deposited. */
  ledger: z.object({ tdsPayable: MoneySchema, tdsDeposited: MoneySchema }),
  /** Financial years with any withholding or deposit, and the current one, newest first. */
  years: z.array(z.number().int()),
});
export type TaxQuarterSummary = z.infer<typeof TaxQuarterSummarySchema>;

const BSR_ERROR = 'Enter the BSR code of the bank branch: 7 digits';
const SERIAL_ERROR = 'Enter the challan serial number: up to 5 digits';
const DATE_ERROR = 'Enter the date of deposit on the challan';

export const CreateTaxDepositSchema = TaxQuarterQuerySchema.extend({
  amount: z.union([text(), z.number()]).transform((v, c) => {
    const paise = parseRupees(v);
    if (paise === null || paise <= 0n) {
      c.addIssue({ code: 'custom', message: 'Enter the amount deposited, more than ₹0' });
      return z.NEVER;
    }
    return paise;
  }),
  bsrCode: text({ error: BSR_ERROR }).trim().regex(/^\d{7}$/, { error: 'Enter the BSR code of the bank branch: 7 digits' }),
  challanSerial: text({ error: SERIAL_ERROR })
    .trim()
    .regex(/^\d{1,5}$/, { error: 'Enter the challan serial number: up to 5 digits' })
    .transform((v) => v.padStart(5, '0')),
  depositedOn: text({ error: DATE_ERROR })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter the date of deposit on the challan' })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: 'Enter the date of deposit on the challan',
    }),
});
export type CreateTaxDeposit = z.input<typeof CreateTaxDepositSchema>;
