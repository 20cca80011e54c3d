// The column layouts of bank statement exports (each bank's current and previous ones, recognised
// by their header row), which bank a statement comes from, and the mapping an admin gives once for
// any other bank. Header names are compared after normalising (case, spaces and punctuation
// dropped), because banks vary "Chq./Ref.No." and "Chq / Ref No.".
import type { DateOrder } from './statement-values.ts';

/** The banks read without a mapping: the twelve with the most UPI volume. */
export const BANK_IDS = ['hdfc', 'sbi', 'icici', 'axis', 'kotak', 'yes', 'idfc', 'pnb', 'bob', 'canara', 'union', 'indusind'] as const;
export type BankId = (typeof BANK_IDS)[number];
/** A known layout whose bank the file does not name (several banks share its header). */
export type StatementBank = BankId | 'other';

/** How a bank is named in notes the server writes (the web app has its own translated names). */
export const BANK_NAMES: Record<StatementBank, string> = {
  hdfc: 'HDFC Bank',
  sbi: 'SBI',
  icici: 'ICICI Bank',
  axis: 'Axis Bank',
  kotak: 'Kotak Mahindra Bank',
  yes: 'Yes Bank',
  idfc: 'IDFC First Bank',
  pnb: 'Punjab National Bank',
  bob: 'Bank of Baroda',
  canara: 'Canara Bank',
  union: 'Union Bank of India',
  indusind: 'IndusInd Bank',
  other: 'bank',
};

/** The name a stored reconciliation's bank goes by in an approval note: a mapped bank keeps the admin's name. */
export function bankDisplayName(bank: string): string {
  return (BANK_NAMES as Record<string, string>)[bank] ?? bank;
}

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
  /** Further normalised header names that must all be present: what tells apart banks whose fields are named alike. */
  signature?: readonly string[];
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

/**
 * One export layout. `bank` is the bank whose export it is when the file does not say otherwise;
 * null for a header several banks share (the file's own IFSC or bank name decides, else "other").
 */
export type KnownLayout = { id: string; bank: BankId | null; columns: ColumnSpec };

const REFERENCE_OPTIONAL = ['reference'] as const;

const layout = (id: string, bank: BankId | null, names: ColumnSpec['names'], signature?: readonly string[]): KnownLayout => ({
  id,
  bank,
  columns: { names, optional: REFERENCE_OPTIONAL, ...(signature ? { signature } : {}) },
});

/**
 * Tried in order on each row from the top, so a layout whose names are a subset of another's comes
 * after it. The shapes are those the banks' net-banking downloads have had (column names, order and
 * quirks as publicly described); the fixtures in ./fixtures rebuild each with made-up people.
 */
export const KNOWN_LAYOUTS: readonly KnownLayout[] = [
  // HDFC: Date, Narration, Chq./Ref.No., Value Dt, Withdrawal Amt., Deposit Amt., Closing Balance (the .xls
  // and its CSV); the older "delimited" download: Date, Narration, Value Dat, Debit Amount, Credit Amount, Chq/Ref Number.
  layout('hdfc', 'hdfc', {
    date: ['date', 'transactiondate'],
    narration: ['narration'],
    reference: ['chqrefno', 'chqrefnumber', 'refno'],
    debit: ['withdrawalamt', 'withdrawalamount', 'debitamount', 'withdrawnamt'],
    credit: ['depositamt', 'depositamount', 'creditamount'],
  }),
  // ICICI "OpTransactionHistory": S No., Value Date, Transaction Date, Cheque Number, Transaction Remarks,
  // Withdrawal Amount (INR ), Deposit Amount (INR ), Balance (INR ); some downloads say Debit/Credit Amount.
  layout('icici', 'icici', {
    date: ['transactiondate', 'txndate', 'valuedate'],
    narration: ['transactionremarks'],
    reference: ['chequenumber', 'chequeno', 'chqno'],
    debit: ['withdrawalamountinr', 'withdrawalamount', 'withdrawalamt', 'debitamount'],
    credit: ['depositamountinr', 'depositamount', 'depositamt', 'creditamount'],
  }),
  // ICICI's current-account download: No., Transaction ID, Value Date, Txn Posted Date, ChequeNo., Description,
  // Cr/Dr, Transaction Amount(INR), Available Balance(INR).
  layout('icici-posted', 'icici', {
    date: ['txnposteddate', 'valuedate'],
    narration: ['description'],
    reference: ['chequeno', 'transactionid'],
    amount: ['transactionamountinr', 'transactionamount'],
    indicator: ['crdr', 'drcr'],
  }),
  // SBI from 2026: account details above, then Date, Details, Ref No/Cheque No, Debit, Credit, Balance (dd/mm/yyyy);
  // Details runs over lines inside its quotes.
  layout('sbi-2026', 'sbi', {
    date: ['date'],
    narration: ['details'],
    reference: ['refnochequeno', 'refnochqno'],
    debit: ['debit'],
    credit: ['credit'],
  }),
  // SBI before: Txn Date, Value Date, Description, Ref No./Cheque No., [Branch Code,] Debit, Credit, Balance.
  layout(
    'sbi',
    'sbi',
    { date: ['txndate'], narration: ['description'], reference: ['refnochequeno', 'refnochqno', 'chequenorefno'], debit: ['debit'], credit: ['credit'] },
    ['refnochequeno'],
  ),
  // Axis "Account_Statement_Report": 16 lines of account details, then S.No, Transaction Date (dd/mm/yyyy),
  // Value Date (dd/mm/yyyy), Particulars, Amount(INR), Debit/Credit, Balance(INR), Cheque Number, Branch Name(SOL).
  layout('axis-2026', 'axis', {
    date: ['transactiondateddmmyyyy', 'transactiondate', 'trandate'],
    narration: ['particulars'],
    reference: ['chequenumber', 'chequeno'],
    amount: ['amountinr', 'amount'],
    indicator: ['debitcredit', 'drcr'],
  }, ['balanceinr']),
  // Axis before: [SRL NO,] Tran Date, CHQNO, PARTICULARS, DR, CR, BAL, SOL (also Debit/Credit/Balance/Init. br).
  layout('axis', 'axis', {
    date: ['trandate', 'transactiondate', 'txndate'],
    narration: ['particulars'],
    reference: ['chqno', 'chequeno'],
    debit: ['dr', 'debit'],
    credit: ['cr', 'credit'],
  }, ['trandate']),
  // Kotak before: Sl. No., Transaction Date, Value Date, Description, Chq / Ref No., Amount, Dr / Cr, Balance, Dr / Cr:
  // one amount column whose side is the first "Dr / Cr" after it (the last one is the balance's).
  layout('kotak', 'kotak', {
    date: ['transactiondate', 'date', 'txndate'],
    narration: ['description', 'narration'],
    reference: ['chqrefno', 'chqrefnumber', 'refno'],
    amount: ['amount'],
    indicator: ['drcr', 'crdr'],
  }),
  // Bank of Baroda: TRAN DATE, VALUE DATE, NARRATION, CHQ.NO., WITHDRAWAL(DR), DEPOSIT(CR), BALANCE(INR).
  layout('bob', 'bob', { date: ['trandate'], narration: ['narration'], reference: ['chqno'], debit: ['withdrawaldr'], credit: ['depositcr'] }),
  // Kotak's current download: Date, Narration, Chq/Ref No, Withdrawal (Dr), Deposit (Cr), Balance (separate columns;
  // the payer's RRN is often only in Chq/Ref No as UPI-<12 digits>).
  layout('kotak-2024', 'kotak', {
    date: ['date', 'transactiondate'],
    narration: ['narration', 'description'],
    reference: ['chqrefno', 'chqrefnumber', 'refno'],
    debit: ['withdrawaldr'],
    credit: ['depositcr'],
  }),
  // Kotak's 2025 statement: #, Date, Transaction Details, Chq / Ref No., Debit, Credit, Balance.
  layout('kotak-2025', 'kotak', {
    date: ['date', 'transactiondate'],
    narration: ['transactiondetails'],
    reference: ['chqrefno', 'chequereference', 'refno'],
    debit: ['debit'],
    credit: ['credit'],
  }),
  // Yes Bank: Transaction Date, Value Date, Description, Reference Number, Withdrawals, Deposits, Running Balance.
  layout('yes', 'yes', {
    date: ['transactiondate', 'date'],
    narration: ['description'],
    reference: ['referencenumber', 'referenceno'],
    debit: ['withdrawals'],
    credit: ['deposits'],
  }, ['runningbalance']),
  // Union Bank (Vyom): Date, Remarks, Tran Id, UTR Number, Instr. ID, Withdrawals, Deposits, Balance.
  layout('union-2025', 'union', { date: ['date', 'trandate'], narration: ['remarks'], reference: ['utrnumber', 'utrno'], debit: ['withdrawals'], credit: ['deposits'] }),
  // Union Bank before: Tran Id, Tran Date, Remarks, Amount (Rs.), Balance (Rs.), the side after each amount: "500.00 (Cr)".
  layout('union', 'union', { date: ['trandate', 'date'], narration: ['remarks'], reference: ['tranid'], amount: ['amountrs', 'amount'] }),
  // PNB: Txn No., Txn Date, Description, Branch Name, Cheque No., Dr Amount, Cr Amount, Balance, Value Date.
  layout('pnb', 'pnb', { date: ['txndate', 'transactiondate'], narration: ['description', 'narration'], reference: ['chequeno', 'chqno'], debit: ['dramount'], credit: ['cramount'] }),
  // PNB before: Transaction Date, Cheque Number, Withdrawal, Deposit, Balance, Narration.
  layout('pnb-older', 'pnb', { date: ['transactiondate'], narration: ['narration'], reference: ['chequenumber'], debit: ['withdrawal'], credit: ['deposit'] }),
  // Canara before: TRANS DATE, VALUE DATE, BRANCH, REF/CHQ.NO, DESCRIPTION, WITHDRAWS, DEPOSIT, BALANCE.
  layout('canara', 'canara', { date: ['transdate'], narration: ['description'], reference: ['refchqno'], debit: ['withdraws'], credit: ['deposit'] }),
  // Canara now: Txn Date, Value Date, Cheque No., Description, Branch Code, Debit, Credit, Balance.
  layout('canara-2025', 'canara', { date: ['txndate'], narration: ['description'], reference: ['chequeno'], debit: ['debit'], credit: ['credit'] }, ['branchcode']),
  // IDFC First: account details for ~20 rows, then Transaction Date, Value Date, Particulars, Cheque No., Debit, Credit, Balance.
  layout('idfc', 'idfc', { date: ['transactiondate'], narration: ['particulars'], reference: ['chequeno', 'chequenumber'], debit: ['debit'], credit: ['credit'] }, ['valuedate']),
  // IndusInd before: Date, Particulars, Chq./Ref.No., Withdrawl, Deposit, Balance (its own spelling).
  layout('indusind', 'indusind', { date: ['date'], narration: ['particulars'], reference: ['chqrefno'], debit: ['withdrawl', 'withdrawal'], credit: ['deposit'] }),
  // Bank of Baroda (bob World): S.No, Date, Description, Cheque No, Debit, Credit, Balance, Value Date.
  layout('bob-world', 'bob', { date: ['date'], narration: ['description'], reference: ['chequeno'], debit: ['debit'], credit: ['credit'] }, ['sno', 'valuedate']),
  // Headers several banks share (IndusInd's current "Date, Description, Chq./Ref. No., Debit, Credit, Balance" among
  // them): the file's own IFSC or bank name says whose it is.
  layout('debit-credit', null, {
    date: ['date', 'transactiondate', 'txndate', 'trandate'],
    narration: ['description', 'narration', 'particulars', 'transactiondetails', 'details', 'remarks'],
    reference: ['chqrefno', 'refno', 'chequeno', 'referenceno', 'referencenumber'],
    debit: ['debit', 'withdrawal', 'withdrawals'],
    credit: ['credit', 'deposit', 'deposits'],
  }),
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

function findIn(header: readonly string[], names: readonly string[], from: number): number | null {
  for (const name of names) {
    const index = header.indexOf(name, from);
    if (index >= 0) return index;
  }
  return null;
}

/** Column indexes of a header row (cells already normalised), or null when a required one is missing. */
export function resolveColumns(header: readonly string[], spec: ColumnSpec): ResolvedColumns | null {
  if (spec.signature && !spec.signature.every((name) => header.includes(name))) return null;
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
    // The side marker after the amount (Kotak prints a second "Dr / Cr" for the balance), else anywhere.
    indicator: spec.names.indicator ? (findIn(header, spec.names.indicator, amount ?? 0) ?? find('indicator')) : null,
  };
  if (missing || date === null || narration === null) return null;
  if (columns.credit === null && amount === null) return null;
  return { date, narration, ...columns };
}

// An account's own IFSC (four letters, a zero, six letters or digits) names its bank; Union Bank took
// over Andhra Bank and Corporation Bank, whose codes still print on older accounts.
const IFSC_BANKS: Record<string, BankId> = {
  HDFC: 'hdfc', SBIN: 'sbi', ICIC: 'icici', UTIB: 'axis', KKBK: 'kotak', YESB: 'yes', IDFB: 'idfc',
  PUNB: 'pnb', BARB: 'bob', CNRB: 'canara', UBIN: 'union', ANDB: 'union', CORP: 'union', INDB: 'indusind',
};
const IFSC_RE = /\b([A-Z]{4})0[A-Z0-9]{6}\b/g;
const NAME_PATTERNS: readonly [RegExp, BankId][] = [
  [/\bhdfc\s*bank\b/i, 'hdfc'],
  [/\bstate\s+bank\s+of\s+india\b/i, 'sbi'],
  [/\bicici\s*bank\b/i, 'icici'],
  [/\baxis\s*bank\b/i, 'axis'],
  [/\bkotak\b/i, 'kotak'],
  [/\byes\s*bank\b/i, 'yes'],
  [/\bidfc\s*first\b/i, 'idfc'],
  [/\bpunjab\s+national\s+bank\b/i, 'pnb'],
  [/\bbank\s+of\s+baroda\b/i, 'bob'],
  [/\bcanara\s+bank\b/i, 'canara'],
  [/\bunion\s+bank\s+of\s+india\b/i, 'union'],
  [/\bindusind\b/i, 'indusind'],
];

/** The bank a piece of account-details text names: by an IFSC first (one bank only), else by a bank name. */
export function bankNamedIn(text: string): BankId | null {
  const byIfsc = new Set<BankId>();
  for (const m of text.matchAll(IFSC_RE)) {
    const bank = IFSC_BANKS[m[1] ?? ''];
    if (bank) byIfsc.add(bank);
  }
  if (byIfsc.size === 1) return [...byIfsc][0]!;
  const byName = NAME_PATTERNS.filter(([re]) => re.test(text)).map(([, bank]) => bank);
  return new Set(byName).size === 1 ? byName[0]! : null;
}

/**
 * Whose statement this is. The account details above the header are the account's own (a payer's
 * IFSC only ever appears in narrations, below it), so they decide; then the layout's bank; then the
 * text after the last transaction (banks sign their footers); else "other".
 */
export function identifyBank(layoutBank: BankId | null, preamble: string, footer: string): StatementBank {
  return bankNamedIn(preamble) ?? layoutBank ?? bankNamedIn(footer) ?? 'other';
}
