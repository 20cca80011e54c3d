// Bank statement reconciliation: an admin uploads the bank account's statement as the bank gave it
// (CSV, TXT, .xls, .xlsx or a text PDF), the server reads its credits and sorts every pending proof
// and every credit into four lists, and
// "approve all matched" approves each matched proof through the normal approval. DESIGN.md section 5.
import { z } from 'zod';
import { MoneySchema } from './money.ts';
import { text } from './text.ts';

/** Statement exports run to a few MB for a busy month; this bounds the work per upload, whatever the file type. */
export const STATEMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Another bank's columns, named as in its header row (the multipart field `mapping`, as JSON). */
export const StatementMappingSchema = z.object({
  date: text({ error: 'Choose the date column' }).trim().min(1, { error: 'Choose the date column' }).max(100),
  narration: text({ error: 'Choose the narration column' }).trim().min(1, { error: 'Choose the narration column' }).max(100),
  reference: text().trim().max(100).optional(),
  credit: text().trim().max(100).optional(),
  debit: text().trim().max(100).optional(),
  amount: text().trim().max(100).optional(),
  creditDebitIndicator: text().trim().max(100).optional(),
  dateFormat: z.enum(['day-first', 'month-first']).optional(),
});
export type StatementMapping = z.infer<typeof StatementMappingSchema>;

/** The text fields sent with the file. `bank` names a mapped layout so it is remembered for next time. */
export const ReconcileFieldsSchema = z.object({
  bank: text({ error: 'Bank name must be text' })
    .trim()
    .max(60, { error: 'Bank name must be at most 60 characters' })
    .optional()
    .transform((v) => v || undefined),
  mapping: text()
    .optional()
    .transform((raw, c) => {
      if (!raw) return undefined;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        c.addIssue({ code: 'custom', message: 'The column mapping could not be read' });
        return z.NEVER;
      }
    })
    .pipe(StatementMappingSchema.optional()),
});

const LineRefSchema = z.object({ line: z.number().int(), date: text() });
const ProofRefSchema = z.object({ paymentId: text(), username: text(), utr: text() });

export const ReconciliationSchema = z.object({
  id: text(),
  /**
   * hdfc, sbi, icici, axis, kotak, yes, idfc, pnb, bob, canara, union, indusind; `other` for a layout
   * several banks share when the file names none; or the name given to a mapped layout.
   */
  bank: text(),
  fileName: text(),
  lineCount: z.number().int(),
  firstDate: text().nullable(),
  lastDate: text().nullable(),
  createdAt: text(),
  /** UTR and amount agree with a pending proof: approve. */
  matched: z.array(ProofRefSchema.extend(LineRefSchema.shape).extend({ amount: MoneySchema })),
  /** The UTR was credited, but not the amount the proof claims. */
  amountDiffers: z.array(ProofRefSchema.extend(LineRefSchema.shape).extend({ proofAmount: MoneySchema, credited: MoneySchema })),
  /** A pending proof from the statement's period whose UTR the statement never credits: suspicious. */
  proofWithoutCredit: z.array(ProofRefSchema.extend({ amount: MoneySchema, submittedAt: text() })),
  /** Money that arrived with no proof for it (a payer to contact); a rejected proof with this UTR is named. */
  creditWithoutProof: z.array(
    LineRefSchema.extend({
      narration: text(),
      utr: text().nullable(),
      amount: MoneySchema,
      otherLines: z.array(z.number().int()),
      rejectedProof: ProofRefSchema.nullable(),
    }),
  ),
  /** Credits whose UTR belongs to a payment approved already (this statement seen before, or approved by eye). */
  alreadyApproved: z.number().int(),
  /** Lines that look like transactions but could not be read (a bad date or amount). */
  problems: z.array(z.object({ line: z.number().int(), kind: text(), value: text() })),
});
export type Reconciliation = z.infer<typeof ReconciliationSchema>;

/** A statement uploaded before, as the reconcile screen lists them (newest first). */
export const ReconciliationSummarySchema = ReconciliationSchema.pick({
  id: true,
  bank: true,
  fileName: true,
  lineCount: true,
  firstDate: true,
  lastDate: true,
  createdAt: true,
});
export type ReconciliationSummary = z.infer<typeof ReconciliationSummarySchema>;
export const ReconciliationListSchema = z.object({ items: z.array(ReconciliationSummarySchema) });
export type ReconciliationList = z.infer<typeof ReconciliationListSchema>;

/** 422 STATEMENT_LAYOUT_UNKNOWN: the columns of the file's header row, to map once for this bank. */
export const LayoutUnknownSchema = z.object({
  message: text(),
  code: z.literal('STATEMENT_LAYOUT_UNKNOWN'),
  columns: z.array(text()),
  missingColumns: z.array(text()),
});
export type LayoutUnknown = z.infer<typeof LayoutUnknownSchema>;

export const ApproveMatchedResponseSchema = z.object({
  approved: z.number().int(),
  /** Matched proofs that were approved, rejected or changed by someone else meanwhile. */
  alreadyDecided: z.number().int(),
  /** Matched proofs this admin may not decide (their own). */
  skipped: z.array(z.object({ paymentId: text(), reason: text() })),
});
export type ApproveMatchedResponse = z.infer<typeof ApproveMatchedResponseSchema>;
