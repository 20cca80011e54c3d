// The column layouts of bank statement exports: the five banks we recognise by their header row, and
// the mapping an admin gives once for any other bank. Header names are compared after normalising
// (case, spaces and punctuation dropped), because banks vary "Chq./Ref.No." and "Chq / Ref No.".
import type { DateOrder } from './statement-values.ts';

export type KnownLayoutName = 'hdfc' | 'sbi' | 'icici' | 'axis' | 'kotak';
export type StatementLayoutName = KnownLayoutName | 'custom';

/**
 * Header names of another bank's export, as they appear in its header row. Either `credit` (with
 * `debit`) columns, or one signed `amount` column, with `creditDebitIndicator` when the bank marks the
 * side in a column of its own (an amount without one is a credit unless negative or marked "Dr").
 * When both are named, the credit and debit columns are used.
 */
export type StatementColumnMapping = {
  date: string;
  narration: string;
  reference?: string;
  credit?: string;
  debit?: string;
  amount?: string;
  creditDebitIndicator?: string;
  /** How numeric dates like 05/09/2026 read; day first unless said otherwise. */
  dateFormat?: DateOrder;
};

type ColumnField = 'date' | 'narration' | 'reference' | 'credit' | 'debit' | 'amount' | 'indicator';

/** Accepted normalised names per field, preferred first; every named field is required but `optional`. */
export type ColumnSpec = {
  names: Partial<Record<ColumnField, readonly string[]>>;
  optional: readonly ColumnField[];
};

export type ResolvedColumns = {
  date: number;
  narration: number;
  reference: number | null;
  credit: number | null;
  debit: number | null;
  amount: number | null;
  indicator: number | null;
};

const REFERENCE_OPTIONAL = ['reference'] as const;

export const KNOWN_LAYOUTS: readonly { name: KnownLayoutName; columns: ColumnSpec }[] = [
  {
    // XLS-as-CSV: Date, Narration, Chq./Ref.No., Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance.
    // "Delimited" download: Date, Narration, Value Dat, Debit Amount, Credit Amount, Chq/Ref Number, ...
    name: 'hdfc',
    columns: {
      names: {
        date: ['date', 'transactiondate'],
        narration: ['narration'],
        reference: ['chqrefno', 'chqrefnumber', 'refno'],
        debit: ['withdrawalamt', 'withdrawalamount', 'debitamount', 'withdrawnamt'],
        credit: ['depositamt', 'depositamount', 'creditamount'],
      },
      optional: REFERENCE_OPTIONAL,
    },
  },
  {
    // Txn Date, Value Date, Description, Ref No./Cheque No., Debit, Credit, Balance (often tab separated).
    name: 'sbi',
    columns: {
      names: {
        date: ['txndate', 'transactiondate'],
        narration: ['description'],
        reference: ['refnochequeno', 'refnochqno', 'chequenorefno', 'refno'],
        debit: ['debit'],
        credit: ['credit'],
      },
      optional: REFERENCE_OPTIONAL,
    },
  },
  {
    // S No., Value Date, Transaction Date, Cheque Number, Transaction Remarks, Withdrawal Amount (INR ), ...
    name: 'icici',
    columns: {
      names: {
        date: ['transactiondate', 'txndate', 'valuedate'],
        narration: ['transactionremarks'],
        reference: ['chequenumber', 'chequeno', 'chqno'],
        debit: ['withdrawalamountinr', 'withdrawalamount', 'withdrawalamt'],
        credit: ['depositamountinr', 'depositamount', 'depositamt'],
      },
      optional: REFERENCE_OPTIONAL,
    },
  },
  {
    // [SRL NO,] Tran Date, CHQNO, PARTICULARS, DR, CR, BAL, SOL.
    name: 'axis',
    columns: {
      names: {
        date: ['trandate', 'transactiondate', 'txndate'],
        narration: ['particulars'],
        reference: ['chqno', 'chequeno'],
        debit: ['dr', 'debit'],
        credit: ['cr', 'credit'],
      },
      optional: REFERENCE_OPTIONAL,
    },
  },
  {
    // Sl. No., Transaction Date, Value Date, Description, Chq / Ref No., Amount, Dr / Cr, Balance, Dr / Cr:
    // one amount column whose side is the first "Dr / Cr" after it (the last one is the balance's).
    name: 'kotak',
    columns: {
      names: {
        date: ['transactiondate', 'date', 'txndate'],
        narration: ['description', 'narration'],
        reference: ['chqrefno', 'chqrefnumber', 'refno'],
        amount: ['amount'],
        indicator: ['drcr', 'crdr'],
      },
      optional: REFERENCE_OPTIONAL,
    },
  },
];

export function normaliseHeader(cell: string): string {
  return cell.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The mapping as a spec, or null when it names no amount column at all. */
export function buildMappingSpec(mapping: StatementColumnMapping): ColumnSpec | null {
  const one = (name: string | undefined): readonly string[] | undefined =>
    name === undefined || name.trim() === '' ? undefined : [normaliseHeader(name)];
  const names: ColumnSpec['names'] = {
    date: one(mapping.date),
    narration: one(mapping.narration),
    reference: one(mapping.reference),
  };
  if (one(mapping.credit)) {
    names.credit = one(mapping.credit);
    names.debit = one(mapping.debit);
  } else if (one(mapping.amount)) {
    names.amount = one(mapping.amount);
    names.indicator = one(mapping.creditDebitIndicator);
  } else {
    return null;
  }
  return { names, optional: [] };
}

/** Column indexes of a header row (cells already normalised), or null when a required one is missing. */
export function resolveColumns(header: readonly string[], spec: ColumnSpec): ResolvedColumns | null {
  let missing = false;
  const find = (field: ColumnField, from = 0): number | null => {
    const names = spec.names[field];
    if (!names) return null;
    for (const name of names) {
      const index = header.indexOf(name, from);
      if (index >= 0) return index;
    }
    if (!spec.optional.includes(field)) missing = true;
    return null;
  };
  const date = find('date');
  const narration = find('narration');
  const amount = find('amount');
  const columns = {
    reference: find('reference'),
    credit: find('credit'),
    debit: find('debit'),
    amount,
    indicator: find('indicator', amount ?? 0),
  };
  if (missing || date === null || narration === null) return null;
  if (columns.credit === null && amount === null) return null;
  return { date, narration, ...columns };
}
