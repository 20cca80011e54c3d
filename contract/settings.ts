// Run-time settings as the API speaks them: the public view (GET /api/app-settings) and the
// admin's partial update (PUT /api/admin/settings). Money is rupee strings; the wheel has 8 segments.
import { z } from 'zod';
import { text } from './text.ts';
import { MoneySchema, parseRupees } from './money.ts';
import { UPI_ID_RE } from './constants.ts';
import { RiskSignalSchema } from './risk.ts';
import { parseRate, RateSchema } from './tax.ts';

export const WHEEL_SEGMENT_COUNT = 8;

export const WheelSegmentSchema = z.object({
  amount: MoneySchema,
  weight: z.number().int(),
  /** weight / sum of weights, 0..1: the odds the spin page discloses. */
  probability: z.number(),
});
export type WheelSegment = z.infer<typeof WheelSegmentSchema>;

export const AppSettingsSchema = z.object({
  upiId: text().nullable(),
  businessName: text().nullable(),
  supportPhone: text().nullable(),
  supportEmail: text().nullable(),
  activationFee: MoneySchema,
  referralReward: MoneySchema,
  referralsPerSpin: z.number().int(),
  minWithdrawal: MoneySchema,
  wheel: z.object({ segments: z.array(WheelSegmentSchema) }),
  /** Support page: who answers e-mail and the postal address; absent until an admin sets them. */
  supportContactName: text().nullable(),
  postalAddress: text().nullable(),
  /** Legal pages: the registered business name and address; absent until set ({brand} falls back). */
  legalName: text().nullable(),
  registeredAddress: text().nullable(),
  /** Privacy page and support page: the Grievance Officer for personal data (DPDP Act s.13). Optional: added later. */
  grievanceOfficerName: text().nullable().optional(),
  grievanceEmail: text().nullable().optional(),
  /** The Android app an admin uploaded, served at ANDROID_APP_PATH; null until there is one. */
  androidApp: z.object({ version: text(), sizeBytes: z.number().int(), uploadedAt: text() }).nullable(),
  /** The payment gateway the operator configured (PAYMENT_GATEWAY): activation offers "Pay now". Optional: added later. */
  paymentGateway: z.object({ name: text() }).nullable().optional(),
});
export type AppSettings = z.infer<typeof AppSettingsSchema>;

/** Where the Android app package is served (the spec's fixed path under the site root). */
export const ANDROID_APP_PATH = '/downloads/referral-hub.apk';
export const ANDROID_APP_MAX_BYTES = 50 * 1024 * 1024;
/** 1.0.0, 2.3, 10.4.1.7 */
export const APP_VERSION_RE = /^\d{1,4}(\.\d{1,4}){0,3}$/;

/** What only admins see and set besides the public settings: abuse limits and the fee-waiver rule. */
export const AdminSettingsSchema = AppSettingsSchema.extend({
  smsPerAddressPerHour: z.number().int(),
  signupsPerReferrerPerHour: z.number().int(),
  smsPerHour: z.number().int(),
  rewardWaivedActivations: z.boolean(),
  /** Two-person rule: withdrawals above this amount need a second admin (null: off). */
  secondApprovalAbove: MoneySchema.nullable(),
  /** Two-person rule: a direct activation needs a second admin. */
  secondApprovalForActivation: z.boolean(),
  /** Risk signals whose open flag holds the account's rewards; the others only flag. */
  riskHoldSignals: z.array(RiskSignalSchema),
  /** A referral code signing up more users than this in an hour is flagged (signup_burst). */
  signupFlagPerReferrerPerHour: z.number().int(),
  /** Income tax withheld at source (DESIGN.md section 15): off by default; sections and rates are set with a tax adviser. */
  tdsEnabled: z.boolean(),
  tdsReferralSection: text(),
  tdsReferralRatePercent: RateSchema,
  tdsReferralYearlyThreshold: MoneySchema,
  tdsPrizeSection: text(),
  tdsPrizeRatePercent: RateSchema,
  tdsPrizeThreshold: MoneySchema,
  tdsNoPanRatePercent: RateSchema,
  /** The business's TAN, printed on each person's yearly tax summary (null: not set). */
  tdsTan: text().nullable(),
  /** Guard-rail changes waiting for a second Super Admin (DESIGN.md section 11), oldest first. */
  proposals: z.array(z.lazy(() => SettingsProposalSchema)),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

/**
 * A change of guard rails proposed by one Super Admin while two or more are active: each setting
 * with its value now and the proposed one, as the API shows them.
 */
export const SettingsProposalSchema = z.object({
  id: text(),
  changes: z.record(text(), z.object({ from: z.unknown(), to: z.unknown() })),
  status: z.enum(['pending', 'confirmed', 'rejected', 'withdrawn']),
  proposedBy: z.object({ id: text(), username: text() }),
  proposedAt: text(),
});
export type SettingsProposal = z.infer<typeof SettingsProposalSchema>;

/** PUT /api/admin/settings: the settings after the update, and the proposal it made (guard rails, when it made one). */
export const UpdateSettingsResponseSchema = AdminSettingsSchema.extend({ proposed: SettingsProposalSchema.nullable() });
export type UpdateSettingsResponse = z.infer<typeof UpdateSettingsResponseSchema>;

/** A whole-number hourly limit from 1 to 1,000,000. */
const hourlyLimit = (label: string) => {
  const error = `${label} must be a whole number from 1 to 1000000`;
  return z.number({ error }).int({ error }).min(1, { error }).max(1_000_000, { error });
};


/** An empty string clears an optional text setting. */
const optionalText = (max: number, tooLong: string) =>
  text()
    .trim()
    .max(max, { error: tooLong })
    .transform((v) => (v === '' ? null : v));

/** Rupees in, paise out; `min` in paise. */
const rupees = (label: string, minPaise: bigint) =>
  z.union([text(), z.number()]).transform((v, c) => {
    const paise = parseRupees(v);
    if (paise === null) {
      c.addIssue({ code: 'custom', message: `${label} must be an amount in rupees, like 500 or 500.00` });
      return z.NEVER;
    }
    if (paise < minPaise) {
      c.addIssue({ code: 'custom', message: minPaise > 0n ? `${label} must be more than ₹0` : `${label} cannot be negative` });
      return z.NEVER;
    }
    return paise;
  });

/** A section of the Income-tax Act as the quarterly statement names it: 194H, 194B, 194R. */
const taxSection = () =>
  text({ error: 'Enter a section of the Income-tax Act, like 194H' })
    .trim()
    .toUpperCase()
    .regex(/^\d{3}[A-Z]{0,2}$/, { error: 'Enter a section of the Income-tax Act, like 194H' });

/** A percentage in, hundredths of a percent out: "2" -> 200. */
const taxRate = () =>
  z.union([text(), z.number()]).transform((v, c) => {
    const bp = parseRate(v);
    if (bp === null) {
      c.addIssue({ code: 'custom', message: 'A rate must be a percentage from 0 to 100, like 2 or 0.75' });
      return z.NEVER;
    }
    return bp;
  });

/** Rupees in (0 or more), paise out. */
const taxThreshold = () =>
  z.union([text(), z.number()]).transform((v, c) => {
    const paise = parseRupees(v);
    if (paise === null) {
      c.addIssue({ code: 'custom', message: 'A threshold must be an amount in rupees, like 20000 or 20000.00' });
      return z.NEVER;
    }
    return paise;
  });

export const UpdateSettingsRequestSchema = z
  .object({
    upiId: text({ error: 'UPI ID must look like name@bank' })
      .trim()
      .refine((v) => v === '' || UPI_ID_RE.test(v), { error: 'UPI ID must look like name@bank' })
      .transform((v) => (v === '' ? null : v)),
    businessName: optionalText(100, 'Business name must be at most 100 characters'),
    supportPhone: text()
      .trim()
      .refine((v) => v === '' || /^\+?[0-9][0-9 -]{5,18}[0-9]$/.test(v), { error: 'Enter a valid support phone number' })
      .transform((v) => (v === '' ? null : v)),
    supportEmail: text()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Enter a valid support email address' })
      .transform((v) => (v === '' ? null : v)),
    activationFee: rupees('Activation fee', 1n),
    referralReward: rupees('Referral reward', 1n),
    referralsPerSpin: z
      .number({ error: 'Referrals per spin must be a whole number from 1 to 100' })
      .int({ error: 'Referrals per spin must be a whole number from 1 to 100' })
      .min(1, { error: 'Referrals per spin must be a whole number from 1 to 100' })
      .max(100, { error: 'Referrals per spin must be a whole number from 1 to 100' }),
    minWithdrawal: rupees('Minimum withdrawal', 1n),
    wheel: z.object({
      segments: z
        .array(
          z.object({
            amount: rupees('Wheel segment amount', 0n).optional(),
            weight: z
              .number({ error: 'Wheel weights must be whole numbers of 0 or more' })
              .int({ error: 'Wheel weights must be whole numbers of 0 or more' })
              .min(0, { error: 'Wheel weights must be whole numbers of 0 or more' })
              .max(1_000_000, { error: 'Wheel weights must be at most 1000000' })
              .optional(),
          }),
          { error: 'The wheel needs 8 segments' },
        )
        .length(WHEEL_SEGMENT_COUNT, { error: 'The wheel needs 8 segments' }),
    }),
    smsPerAddressPerHour: hourlyLimit('SMS per network address per hour'),
    signupsPerReferrerPerHour: hourlyLimit('Sign-ups per referral code per hour'),
    smsPerHour: hourlyLimit('SMS per hour'),
    rewardWaivedActivations: z.boolean({ error: 'Reward waived activations must be true or false' }),
    /** Rupees, or null / '' to turn the rule off. */
    secondApprovalAbove: z
      .union([z.literal(''), z.null(), rupees('Second approval threshold', 1n)])
      .transform((v) => (v === '' ? null : v)),
    secondApprovalForActivation: z.boolean({ error: 'Second approval for activations must be true or false' }),
    riskHoldSignals: z
      .array(RiskSignalSchema, { error: 'Choose the risk signals that hold rewards' })
      .max(20, { error: 'Choose the risk signals that hold rewards' })
      .transform((list) => [...new Set(list)].sort()),
    signupFlagPerReferrerPerHour: hourlyLimit('Sign-ups per referral code per hour before a flag'),
    supportContactName: optionalText(100, 'Contact name must be at most 100 characters'),
    postalAddress: optionalText(300, 'Postal address must be at most 300 characters'),
    legalName: optionalText(150, 'Legal name must be at most 150 characters'),
    registeredAddress: optionalText(300, 'Registered address must be at most 300 characters'),
    grievanceOfficerName: optionalText(100, 'Grievance officer name must be at most 100 characters'),
    grievanceEmail: text()
      .trim()
      .toLowerCase()
      .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Enter a valid grievance email address' })
      .transform((v) => (v === '' ? null : v)),
    tdsEnabled: z.boolean({ error: 'Tax at source must be on or off' }),
    tdsReferralSection: taxSection(),
    tdsReferralRatePercent: taxRate(),
    tdsReferralYearlyThreshold: taxThreshold(),
    tdsPrizeSection: taxSection(),
    tdsPrizeRatePercent: taxRate(),
    tdsPrizeThreshold: taxThreshold(),
    tdsNoPanRatePercent: taxRate(),
    /** The TAN: four letters, five digits, a letter; '' clears it. */
    tdsTan: text({ error: 'Enter the TAN as issued: 10 characters, like ABCD12345E' })
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z]{4}\d{5}[A-Z]$/.test(v), { error: 'Enter the TAN as issued: 10 characters, like ABCD12345E' })
      .transform((v) => (v === '' ? null : v)),
  })
  .partial();
export type UpdateSettingsRequest = z.input<typeof UpdateSettingsRequestSchema>;
export type UpdateSettingsInput = z.output<typeof UpdateSettingsRequestSchema>;
