// Reads an Excel workbook (.xls BIFF8 as HDFC, ICICI and older SBI serve it, .xlsx, or the HTML table
// some banks name .xls) into rows of text cells per sheet, with the current SheetJS build. Cells come
// out as the statement parser reads text: a date cell as YYYY-MM-DD (whatever its display format, so
// a US-style format never swaps day and month), an amount with its two decimals, a zero-padded
// reference with its zeros.
import type { CsvRecord } from './csv-reader.ts';

/** The cell of a dense SheetJS sheet, as far as we read it. */
type Cell = { t: string; v?: unknown; z?: unknown };
type Ssf = {
  is_date(format: string): boolean;
  parse_date_code(value: number, options?: { date1904?: boolean }): { y: number; m: number; d: number } | null;
};

export async function readSpreadsheet(bytes: Uint8Array): Promise<CsvRecord[][]> {
  const XLSX = await import('@e965/xlsx');
  const workbook = XLSX.read(bytes, {
    type: 'buffer',
    // Dense rows, only values and number formats: what a statement needs, in far less memory.
    dense: true,
    cellNF: true,
    cellText: false,
    cellDates: false,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    bookVBA: false,
  });
  const date1904 = workbook.Workbook?.WBProps?.date1904 === true;
  const ssf = XLSX.SSF as unknown as Ssf;
  return workbook.SheetNames.map((name) => {
    const sheet = workbook.Sheets[name] as { '!data'?: (Cell | undefined)[][] } | undefined;
    const rows = sheet?.['!data'] ?? [];
    const records: CsvRecord[] = [];
    for (const [r, row] of rows.entries()) {
      if (!row) continue;
      const cells = Array.from(row, (cell) => cellText(cell, ssf, date1904));
      if (cells.some((c) => c !== '')) records.push({ line: r + 1, cells });
    }
    return records;
  });
}

function cellText(cell: Cell | undefined, ssf: Ssf, date1904: boolean): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 's') return String(cell.v);
  if (cell.t === 'd' && cell.v instanceof Date) return isoDay(cell.v.getUTCFullYear(), cell.v.getUTCMonth() + 1, cell.v.getUTCDate());
  if (cell.t !== 'n' || typeof cell.v !== 'number') return '';
  const value = cell.v;
  const format = typeof cell.z === 'string' ? cell.z : 'General';
  if (format !== 'General' && ssf.is_date(format)) {
    const day = ssf.parse_date_code(value, { date1904 });
    return day ? isoDay(day.y, day.m, day.d) : '';
  }
  if (Number.isInteger(value)) {
    // A reference stored as a number with a zero-padded format ("0000000000000000") keeps its zeros.
    const text = String(value);
    return /^0+$/.test(format) && format.length > text.length ? text.padStart(format.length, '0') : text;
  }
  return decimalText(value);
}

/**
 * A spreadsheet stores an amount as a binary double (1249.5 may be 1249.4999999999998): it is read
 * as the two-decimal amount it stands for when it is within a millionth of a paisa of one. Anything
 * else is left with all its digits, so the parser refuses it rather than rounding money silently.
 */
function decimalText(value: number): string {
  const paise = Math.round(value * 100);
  if (!Number.isSafeInteger(paise) || Math.abs(value * 100 - paise) > 1e-6) return String(value);
  const magnitude = Math.abs(paise);
  const text = `${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}

function isoDay(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
