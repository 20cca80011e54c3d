// Reads a bank statement into transaction rows with exact paise and the UPI references of each line:
// from delimited text (CSV, or ; / tab separated) or from the rows a spreadsheet or a PDF table was
// read into. Finds the header row under the bank's preamble, says whose statement it is, skips
// footers, and reports a line it cannot read instead of failing the file. Pure: rows in, result out.
import { CSV_DELIMITERS, readCsvRecords, type CsvRecord } from './csv-reader.ts';
import { extractUtrs } from './extract-utr.ts';
import {
  buildMappingSpec,
  identifyBank,
  KNOWN_LAYOUTS,
  normaliseHeader,
  resolveColumns,
  type BankId,
  type ColumnSpec,
  type ResolvedColumns,
  type StatementBank,
  type StatementColumnMapping,
} from './statement-layouts.ts';
import {
  looksLikeStatementDate,
  parseStatementAmount,
  parseStatementDate,
  type AmountCell,
  type DateOrder,
} from './statement-values.ts';

export type StatementRow = {
  /** 1-based line of the file (or row of the sheet) where the row starts. */
  line: number;
  /** YYYY-MM-DD */
  date: string;
  narration: string;
  reference: string | null;
  creditPaise: bigint;
  debitPaise: bigint;
  /** The most trusted UPI reference of the line (extractUtrs), or null. */
  utr: string | null;
  /** Every UPI reference the line offers (narration and reference column), most trusted first. */
  utrs: string[];
};

export type StatementProblem = {
  line: number;
  /**
   * date: a date-shaped cell that is no calendar date; amount: an amount cell that cannot be read
   * exactly (or a credit written negative / marked Dr); no-amount: every amount cell empty;
   * dr-cr: an unknown or contradicting Dr/Cr marker; unterminated-quote: a quote opened here never
   * closes, so the rest of the file could not be read.
   */
  kind: 'date' | 'amount' | 'no-amount' | 'dr-cr' | 'unterminated-quote';
  value: string;
};

export type StatementParseResult =
  | {
      status: 'parsed';
      /** The known layout's id (`hdfc`, `axis-2026`...), or `custom` for a mapping. */
      layout: string;
      /** Whose statement: a known bank, `other` for a shared layout whose file names no bank, `custom` for a mapping. */
      bank: StatementBank | 'custom';
      headerLine: number;
      /** The header row as written, to recognise a mapped bank's next export. */
      headerCells: string[];
      rows: StatementRow[];
      problems: StatementProblem[];
    }
  | {
      status: 'mapping-needed';
      /**
       * unknown-header: no known bank's header and no mapping given; mapping-not-found: no row holds
       * every column the mapping names; mapping-without-amount: the mapping names neither credit nor amount.
       */
      reason: 'unknown-header' | 'mapping-not-found' | 'mapping-without-amount';
      /** 1-based line of the row that looks most like the header, for the admin to map from. */
      headerLine: number | null;
      columns: string[];
      /** The mapping's column names absent from that row. */
      missingColumns: string[];
    };

/** Preambles run to a few dozen lines (Axis 16, IDFC ~20); the header is looked for this far. */
const HEADER_SCAN_LINES = 80;

type Spec = { id: string; bank: BankId | null; columns: ColumnSpec };
type Header = { line: number; layout: string; bank: BankId | null; columns: ResolvedColumns; cells: string[] };

/** Delimited text: the delimiter is the one whose split of the first lines holds a known header. */
export function parseStatement(text: string, mapping?: StatementColumnMapping): StatementParseResult {
  const head = firstLines(text, HEADER_SCAN_LINES);
  const heads = CSV_DELIMITERS.map((delimiter) => ({ delimiter, records: readCsvRecords(head, delimiter).records }));
  const specs = specsFor(mapping);
  if (!specs) return describeHeaderless(heads.map((h) => h.records), 'mapping-without-amount', mapping);
  for (const { delimiter, records } of heads) {
    const header = findHeader(records, specs);
    if (!header) continue;
    const all = readCsvRecords(text, delimiter);
    const result = readTable(all.records, header, mapping?.dateFormat ?? 'day-first', mapping !== undefined);
    if (all.unterminatedQuoteLine !== null) result.problems.push({ line: all.unterminatedQuoteLine, kind: 'unterminated-quote', value: '' });
    return result;
  }
  return describeHeaderless(heads.map((h) => h.records), mapping ? 'mapping-not-found' : 'unknown-header', mapping);
}

/**
 * Rows already split into cells: the sheets of a workbook (the first sheet holding a header wins)
 * or the table read off a PDF's pages.
 */
export function parseStatementTables(tables: readonly (readonly CsvRecord[])[], mapping?: StatementColumnMapping): StatementParseResult {
  const heads = tables.map((records) => records.slice(0, HEADER_SCAN_LINES));
  const specs = specsFor(mapping);
  if (!specs) return describeHeaderless(heads, 'mapping-without-amount', mapping);
  for (const [i, records] of tables.entries()) {
    const header = findHeader(heads[i] ?? [], specs);
    if (header) return readTable(records, header, mapping?.dateFormat ?? 'day-first', mapping !== undefined);
  }
  return describeHeaderless(heads, mapping ? 'mapping-not-found' : 'unknown-header', mapping);
}

function specsFor(mapping: StatementColumnMapping | undefined): readonly Spec[] | null {
  if (!mapping) return KNOWN_LAYOUTS;
  const columns = buildMappingSpec(mapping);
  return columns ? [{ id: 'custom', bank: null, columns }] : null;
}

function readTable(records: readonly CsvRecord[], header: Header, order: DateOrder, mapped: boolean): Extract<StatementParseResult, { status: 'parsed' }> {
  const rows: StatementRow[] = [];
  const problems: StatementProblem[] = [];
  const preamble: string[] = [];
  let footer: string[] = [];
  for (const record of records) {
    if (record.line < header.line) {
      preamble.push(record.cells.join(' '));
      continue;
    }
    if (record.line === header.line) continue;
    const before = rows.length + problems.length;
    readRow(record, header.columns, order, rows, problems);
    // What follows the last transaction is the footer; anything between rows is not.
    if (rows.length + problems.length > before) footer = [];
    else footer.push(record.cells.join(' '));
  }
  return {
    status: 'parsed',
    layout: header.layout,
    bank: mapped ? 'custom' : identifyBank(header.bank, preamble.join('\n'), footer.join('\n')),
    headerLine: header.line,
    headerCells: header.cells,
    rows,
    problems,
  };
}

/** A row whose date cell is not even date-shaped is preamble, footer or a separator: skipped quietly. */
function readRow(
  record: CsvRecord,
  columns: ResolvedColumns,
  order: DateOrder,
  rows: StatementRow[],
  problems: StatementProblem[],
): void {
  const raw = (index: number | null): string => (index === null ? '' : (record.cells[index] ?? ''));
  const cell = (index: number | null): string => raw(index).trim();
  const dateCell = cell(columns.date);
  if (!looksLikeStatementDate(dateCell)) return;
  const date = parseStatementDate(dateCell, order);
  const amounts = readAmounts(cell, columns);
  if (date === null) problems.push({ line: record.line, kind: 'date', value: dateCell });
  if ('kind' in amounts) problems.push({ line: record.line, ...amounts });
  if (date === null || 'kind' in amounts) return;
  const written = raw(columns.narration);
  const narration = written.replace(/\s+/g, ' ').trim();
  const referenceCell = cell(columns.reference).replace(/\s+/g, ' ');
  const reference = referenceCell === '' || referenceCell === '-' ? null : referenceCell;
  let utrs = extractUtrs(narration, reference);
  // A narration wrapped over lines (SBI, and PDFs) may be cut inside the reference itself: read it joined.
  if (utrs.length === 0 && /\n/.test(written)) utrs = extractUtrs(written.replace(/\s*\n\s*/g, ''), null);
  rows.push({ line: record.line, date, narration, reference, ...amounts, utr: utrs[0] ?? null, utrs });
}

type Amounts = { creditPaise: bigint; debitPaise: bigint };
type AmountProblem = Omit<StatementProblem, 'line'>;

function readAmounts(cell: (index: number | null) => string, columns: ResolvedColumns): Amounts | AmountProblem {
  if (columns.credit !== null) {
    const creditText = cell(columns.credit);
    const debitText = cell(columns.debit);
    const credit = parseStatementAmount(creditText);
    const debit = parseStatementAmount(debitText);
    // A negative or Dr-marked credit would read as money received; better a problem than a wrong match.
    if (credit.kind === 'invalid' || (credit.kind === 'amount' && (credit.negative || credit.marker === 'dr'))) {
      return { kind: 'amount', value: creditText };
    }
    // Some exports print withdrawals negative, so the debit column's sign says nothing.
    if (debit.kind === 'invalid' || (debit.kind === 'amount' && debit.marker === 'cr')) {
      return { kind: 'amount', value: debitText };
    }
    if (credit.kind === 'empty' && debit.kind === 'empty') return { kind: 'no-amount', value: '' };
    return { creditPaise: paiseOf(credit), debitPaise: paiseOf(debit) };
  }
  const amountText = cell(columns.amount);
  const amount = parseStatementAmount(amountText);
  if (amount.kind === 'invalid') return { kind: 'amount', value: amountText };
  if (amount.kind === 'empty') return { kind: 'no-amount', value: '' };
  const indicatorText = cell(columns.indicator);
  const indicator = readIndicator(indicatorText);
  if (indicator === 'unknown' || (indicator && amount.marker && indicator !== amount.marker)) {
    return { kind: 'dr-cr', value: indicatorText };
  }
  const side = indicator ?? amount.marker ?? (amount.negative ? 'dr' : 'cr');
  return side === 'cr'
    ? { creditPaise: amount.paise, debitPaise: 0n }
    : { creditPaise: 0n, debitPaise: amount.paise };
}

function paiseOf(cell: AmountCell): bigint {
  return cell.kind === 'amount' ? cell.paise : 0n;
}

const CREDIT_MARKERS = new Set(['cr', 'c', 'credit', 'deposit']);
const DEBIT_MARKERS = new Set(['dr', 'd', 'debit', 'withdrawal']);

function readIndicator(text: string): 'cr' | 'dr' | null | 'unknown' {
  const value = text.toLowerCase().replace(/[^a-z]/g, '');
  if (value === '') return null;
  if (CREDIT_MARKERS.has(value)) return 'cr';
  if (DEBIT_MARKERS.has(value)) return 'dr';
  return 'unknown';
}

function findHeader(records: readonly CsvRecord[], specs: readonly Spec[]): Header | null {
  for (const record of records) {
    const normalised = record.cells.map(normaliseHeader);
    for (const spec of specs) {
      const columns = resolveColumns(normalised, spec.columns);
      if (columns) return { line: record.line, layout: spec.id, bank: spec.bank, columns, cells: record.cells.map((c) => c.trim()) };
    }
  }
  return null;
}

/** The mapping-needed answer: the row most like a header, from the split (or sheet) that has the widest one. */
function describeHeaderless(
  heads: readonly (readonly CsvRecord[])[],
  reason: Extract<StatementParseResult, { status: 'mapping-needed' }>['reason'],
  mapping: StatementColumnMapping | undefined,
): StatementParseResult {
  let best: { line: number; columns: string[] } | null = null;
  for (const records of heads) {
    const candidate = guessHeaderRow(records);
    if (candidate && (!best || candidate.columns.length > best.columns.length)) best = candidate;
  }
  const present = new Set(best?.columns.map(normaliseHeader));
  const named = mapping
    ? [mapping.date, mapping.narration, mapping.reference, mapping.credit, mapping.debit, mapping.amount, mapping.creditDebitIndicator]
    : [];
  const missingColumns = named.filter(
    (name): name is string => name !== undefined && name.trim() !== '' && !present.has(normaliseHeader(name)),
  );
  return { status: 'mapping-needed', reason, headerLine: best?.line ?? null, columns: best?.columns ?? [], missingColumns };
}

/**
 * A header is names only: at least three non-empty cells, none an amount or a date. The first such
 * row that names a date column wins; failing that, the one with the most names.
 */
function guessHeaderRow(records: readonly CsvRecord[]): { line: number; columns: string[] } | null {
  let widest: { line: number; columns: string[] } | null = null;
  for (const record of records) {
    const columns = record.cells.map((c) => c.trim()).filter((c) => c !== '');
    if (columns.length < 3) continue;
    if (columns.some((c) => parseStatementAmount(c).kind !== 'invalid' || looksLikeStatementDate(c))) continue;
    if (columns.some((c) => /date|^dt$/.test(normaliseHeader(c)))) return { line: record.line, columns };
    if (!widest || columns.length > widest.columns.length) widest = { line: record.line, columns };
  }
  return widest;
}

function firstLines(text: string, count: number): string {
  let end = -1;
  for (let n = 0; n < count; n++) {
    end = text.indexOf('\n', end + 1);
    if (end < 0) return text;
  }
  return text.slice(0, end + 1);
}

/** Says which columns a row of cells is the header of (a known layout's, or the mapping's), for tables read off a PDF. */
export function headerResolver(mapping?: StatementColumnMapping): (cells: readonly string[]) => ResolvedColumns | null {
  const specs = specsFor(mapping) ?? [];
  return (cells) => findHeader([{ line: 0, cells: [...cells] }], specs)?.columns ?? null;
}
