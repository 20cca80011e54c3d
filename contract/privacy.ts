// The user's own data, as the privacy policy promises (access and portability): GET /api/me/export
// answers one JSON document of everything the product keeps about the person. Account numbers are
// masked (the last four digits), as the owner sees them in lists; other people appear by username
// only. DESIGN.md section 5.
import { z } from 'zod';
import { PRIVACY_POLICY_VERSION } from './constants.ts';
import { MoneySchema } from './money.ts';
import { text } from './text.ts';

export { PRIVACY_POLICY_VERSION };
export const POLICY_CHANGED_MESSAGE = 'The privacy notice has changed. Reload the page and read it again';
/** Sign-up without accepting the privacy notice (the form always sends its version; a bare API call may not). */
export const POLICY_REQUIRED_MESSAGE = 'Read and accept the privacy notice to create an account';

/** Exports a person may download in a rolling hour (each reads their whole history). */
export const DATA_EXPORTS_PER_HOUR = 5;

export const DataExportSchema = z.object({
  exportedAt: text(),
  /** What this document is, in words, for a person who opens the file. */
  about: text(),
  profile: z.object({
    id: text(),
    username: text(),
    phone: text().nullable(),
    email: text().nullable(),
    referralCode: text(),
    referredBy: text().nullable(),
    language: text().nullable(),
    status: text(),
    isActivated: z.boolean(),
    activatedAt: text().nullable(),
    createdAt: text(),
    /** The privacy policy version accepted, and when. */
    policyVersion: text().nullable(),
    policyAcceptedAt: text().nullable(),
  }),
  referralsMade: z.array(z.object({ username: text(), joinedAt: text(), activated: z.boolean(), reward: MoneySchema.nullable(), rewardedAt: text().nullable() })),
  payments: z.array(
    z.object({
      id: text(),
      amount: MoneySchema,
      utrNumber: text(),
      method: text(),
      gateway: text().nullable(),
      status: text(),
      notes: text().nullable(),
      adminNotes: text().nullable(),
      createdAt: text(),
      processedAt: text().nullable(),
    }),
  ),
  wallet: z.object({
    balance: MoneySchema,
    heldBalance: MoneySchema,
    totalEarnings: MoneySchema,
    statement: z.object({
      from: text(),
      to: text(),
      openingBalance: MoneySchema,
      closingBalance: MoneySchema,
      lines: z.array(z.object({ at: text(), description: text(), credit: MoneySchema, debit: MoneySchema, balanceAfter: MoneySchema, reference: text() })),
    }),
  }),
  withdrawals: z.array(
    z.object({
      id: text(),
      amount: MoneySchema,
      method: text(),
      accountHolderName: text(),
      /** Masked: only the last four digits. */
      accountNumber: text().nullable(),
      ifscCode: text().nullable(),
      upiId: text().nullable(),
      status: text(),
      payoutReference: text().nullable(),
      adminNotes: text().nullable(),
      createdAt: text(),
      processedAt: text().nullable(),
    }),
  ),
  notifications: z.array(z.object({ title: text(), body: text(), createdAt: text(), readAt: text().nullable() })),
  signIns: z.array(z.object({ at: text(), lastUsedAt: text(), ip: text().nullable(), device: text().nullable(), ended: z.boolean() })),
  /** Tax withheld at source: the PAN given (in full: it is the person's own), the years' rewards and each withholding. */
  tax: z.object({
    pan: z.object({ pan: text(), nameOnPan: text(), addedAt: text() }).nullable(),
    years: z.array(z.object({ financialYear: text(), referralRewards: MoneySchema })),
    withholdings: z.array(
      z.object({
        at: text(),
        kind: text(),
        section: text(),
        rate: text(),
        /** The reward or prize before tax (negative: a reversal). */
        credit: MoneySchema,
        taxedOn: MoneySchema,
        tax: MoneySchema,
        withPan: z.boolean(),
      }),
    ),
  }),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** DELETE /api/me: the account's password confirms it is the person. */
export const EraseAccountRequestSchema = z.object({
  password: text({ error: 'Enter your password' }).min(1, { error: 'Enter your password' }).max(200, { error: 'Enter your password' }),
  /** A balance below the minimum withdrawal cannot be paid out: the person may give it up to delete the account. */
  forfeitBalance: z.boolean({ error: 'forfeitBalance must be true or false' }).optional(),
});
export const EraseAccountResponseSchema = z.object({ deleted: z.literal(true) });
export type EraseAccountResponse = z.infer<typeof EraseAccountResponseSchema>;

/** POST /api/me/consent: the person accepts the current privacy policy (the version they were shown). */
export const ConsentRequestSchema = z.object({
  policyVersion: text({ error: POLICY_CHANGED_MESSAGE }).refine((v) => v === PRIVACY_POLICY_VERSION, { error: POLICY_CHANGED_MESSAGE }),
});

/** What a person may ask about their data: the rights the privacy policy lists. */
export const DATA_REQUEST_KINDS = ['access', 'correction', 'deletion', 'objection', 'consent', 'other'] as const;
/** Open requests one person may have at a time. */
export const MAX_OPEN_DATA_REQUESTS = 3;
/** How long an admin has to answer (the grievance redressal period the policy promises). */
export const DATA_REQUEST_DUE_DAYS = 30;

export const CreateDataRequestSchema = z.object({
  kind: z.enum(DATA_REQUEST_KINDS, { error: 'Choose what your request is about' }),
  message: text({ error: 'Tell us what you are asking for' })
    .trim()
    .min(1, { error: 'Tell us what you are asking for' })
    .max(1000, { error: 'Your request must be at most 1000 characters' }),
});
export type CreateDataRequest = z.input<typeof CreateDataRequestSchema>;

export const DataRequestSchema = z.object({
  id: text(),
  kind: z.enum(DATA_REQUEST_KINDS),
  message: text(),
  status: z.enum(['open', 'closed']),
  dueAt: text(),
  createdAt: text(),
  closedAt: text().nullable(),
  /** The admin's answer, once closed. */
  note: text().nullable(),
});
export type DataRequest = z.infer<typeof DataRequestSchema>;
export const DataRequestListSchema = z.object({ items: z.array(DataRequestSchema) });
export type DataRequestList = z.infer<typeof DataRequestListSchema>;

export const AdminDataRequestSchema = DataRequestSchema.extend({ userId: text(), username: text(), overdue: z.boolean() });
export type AdminDataRequest = z.infer<typeof AdminDataRequestSchema>;
export const AdminDataRequestListSchema = z.object({ items: z.array(AdminDataRequestSchema) });
export type AdminDataRequestList = z.infer<typeof AdminDataRequestListSchema>;

/** POST /api/admin/data-requests/:id/close: the answer the person reads. */
export const CloseDataRequestSchema = z.object({
  note: text({ error: 'Write the answer the person will read' })
    .trim()
    .min(1, { error: 'Write the answer the person will read' })
    .max(1000, { error: 'The answer must be at most 1000 characters' }),
});

/** A Super Admin exports or erases a user's data on their request: the reason is audited. */
export const AdminDataActionSchema = z.object({
  reason: text({ error: 'Give the reason for this request' })
    .trim()
    .min(1, { error: 'Give the reason for this request' })
    .max(500, { error: 'Reason must be at most 500 characters' }),
});
