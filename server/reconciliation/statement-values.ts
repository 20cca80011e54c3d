// What one bank-statement cell means: an amount in exact paise (string arithmetic, never a float)
// or a calendar date as `YYYY-MM-DD`. Indian banks write both in several ways; this module owns them.

export type AmountCell =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  /** paise is the magnitude; the sign and a trailing Cr/Dr marker are kept apart for the caller to judge. */
  | { kind: 'amount'; paise: bigint; negative: boolean; marker: 'cr' | 'dr' | null };

const EMPTY_AMOUNT = new Set(['', '-', '--', 'nil']);

// Optional sign, optional currency, digits (plain, Indian 1,23,456 or Western 123,456 grouping),
// at most two decimals (a third would need rounding, which money must not do silently), optional Cr/Dr.
const AMOUNT_RE =
  /^([+-])?\s*(?:₹|rs\.?|inr)?\s*(\d+|\d{1,2}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?\s*(?:\(?\s*(cr|dr)\.?\s*\)?)?$/i;

export function parseStatementAmount(cell: string): AmountCell {
  const text = cell.trim();
  if (EMPTY_AMOUNT.has(text.toLowerCase())) return { kind: 'empty' };
  const m = AMOUNT_RE.exec(text);
  if (!m) return { kind: 'invalid' };
  const [, sign, whole = '0', fraction = '', marker] = m;
  const paise = BigInt(whole.replaceAll(',', '')) * 100n + BigInt((fraction + '00').slice(0, 2));
  return {
    kind: 'amount',
    paise,
    negative: sign === '-' && paise !== 0n,
    marker: marker ? (marker.toLowerCase() as 'cr' | 'dr') : null,
  };
}

/** How a numeric date like 05/09/2026 is read. Indian banks write the day first. */
export type DateOrder = 'day-first' | 'month-first';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
];

// d/m/y or y-m-d with `/`, `-`, `.` or spaces, month as number or name, and an optional time of day
// (Kotak writes "06-09-2026 22:04:25"). The shape is checked here; the values in parseStatementDate.
const DATE_RE =
  /^(\d{1,4})[-/. ]+(\d{1,2}|[a-z]{3,9})[-/., ]+(\d{2,4})(?:[ T]+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?$/i;

/** True when the cell is shaped like a date, valid or not: such a row is meant as a transaction. */
export function looksLikeStatementDate(cell: string): boolean {
  return DATE_RE.test(cell.trim());
}

/** "05/09/2026", "05-Sep-26", "5 Sep 2026", "2026-09-05" ... -> "2026-09-05"; null when not a real date. */
export function parseStatementDate(cell: string, order: DateOrder = 'day-first'): string | null {
  const m = DATE_RE.exec(cell.trim());
  if (!m) return null;
  const [, first = '', middle = '', last = ''] = m;
  let year: number;
  let month: number;
  let day: number;
  if (first.length === 4) {
    if (!/^\d+$/.test(middle) || last.length > 2) return null;
    year = Number(first);
    month = Number(middle);
    day = Number(last);
  } else {
    if (first.length > 2 || last.length === 3) return null;
    year = last.length === 2 ? 2000 + Number(last) : Number(last);
    if (/^\d+$/.test(middle)) {
      [day, month] = order === 'day-first' ? [Number(first), Number(middle)] : [Number(middle), Number(first)];
    } else {
      month = monthFromName(middle);
      day = Number(first);
    }
  }
  if (year < 1900 || year > 2099 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** 1-12 for "Sep", "Sept", "September" (any case); 0 when it is no month. */
function monthFromName(name: string): number {
  const lower = name.toLowerCase();
  const index = MONTHS.indexOf(lower.slice(0, 3));
  if (index < 0) return 0;
  const full = MONTH_NAMES[index] ?? '';
  return full.startsWith(lower) || lower === 'sept' ? index + 1 : 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
