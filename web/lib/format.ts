// Display formatting in the reader's language: dates as 'dd MMM yyyy' (month names in that
// language), rupee amounts with ₹ and Indian digit grouping (lakh, crore: ₹1,23,45,678.50, the same
// in en-IN and hi-IN), 0 decimals in navigation badges and 2 on the dashboard.
// No date library here: this module is on the /login bundle (amounts), so English dates are spelled
// out by hand in date-fns' 'dd MMM yyyy' and 'h:mm a' forms, and other languages use Intl.
import { formatLocale } from './format-locale.ts';
import { dayInIndia } from '../../contract/calendar.ts';

export const DATE_FORMAT = 'dd MMM yyyy';

const FORMATS = {
  date: { day: '2-digit', month: 'short', year: 'numeric', numberingSystem: 'latn' },
  time: { hour: 'numeric', minute: '2-digit', numberingSystem: 'latn' },
  month: { month: 'long', year: 'numeric', numberingSystem: 'latn' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

let formatters: { version: number } & Partial<Record<keyof typeof FORMATS, Intl.DateTimeFormat>> = { version: -1 };

/**
 * A date, time or month formatter of the reader's locale, each made when first needed after a
 * language switch (making one costs about a millisecond on a phone; a list of months made one each).
 */
function localFormatter(kind: keyof typeof FORMATS): Intl.DateTimeFormat {
  const { locale, version } = formatLocale();
  if (formatters.version !== version) formatters = { version };
  return (formatters[kind] ??= new Intl.DateTimeFormat(locale, FORMATS[kind]));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/** An ISO timestamp, or a date alone ("2026-11-23", read as local midnight like date-fns' parseISO). */
function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  let d: Date;
  if (typeof value !== 'string') d = value;
  else {
    const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    d = dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value);
  }
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'dd MMM yyyy' with the month in the reader's language ("23 Nov 2026", "23 नव॰ 2026"). */
function dayMonthYear(d: Date): string {
  if (formatLocale().language === 'en') return `${pad2(d.getDate())} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
  const parts = Object.fromEntries(localFormatter('date').formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/**
 * Today in India as a local date, to format: the same day on the server that renders a page and in
 * the browser that hydrates it, whatever their time zones.
 */
export function todayInIndia(): Date {
  const [year, month, day] = dayInIndia().split('-').map(Number);
  return new Date(year!, month! - 1, day!);
}

export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? dayMonthYear(d) : '';
}

/** "November 2026" / "नवंबर 2026": a calendar month in the reader's language. */
export function formatMonth(year: number, monthIndex: number): string {
  // English by hand, as dates are: the first Intl formatter of a page costs a phone 20-30 ms.
  if (formatLocale().language === 'en') return `${MONTH_NAMES[monthIndex]} ${year}`;
  return localFormatter('month').format(new Date(year, monthIndex, 1));
}

export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  if (!d) return '';
  if (formatLocale().language === 'en') {
    const h = d.getHours() % 12 || 12;
    return `${dayMonthYear(d)}, ${h}:${pad2(d.getMinutes())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
  }
  return `${dayMonthYear(d)}, ${localFormatter('time').format(d)}`;
}

/** A count with Indian grouping and Western digits in every language, as amounts are: 1,23,456. */
export function formatNumber(n: number): string {
  return n.toLocaleString('en-IN');
}

/**
 * "1234.50" -> "₹1,234.50" (decimals 2) or "₹1,234" (decimals 0). Zero decimals truncate, so a
 * balance is never shown higher than it is.
 */
export function formatINR(amount: string | number | null | undefined, decimals: 0 | 2 = 2): string {
  const text = amount === null || amount === undefined || amount === '' ? '0' : String(amount).trim();
  const negative = text.startsWith('-');
  const clean = negative ? text.slice(1) : text;
  const [wholeRaw = '0', fracRaw = ''] = clean.split('.');
  const whole = /^\d+$/.test(wholeRaw) ? wholeRaw.replace(/^0+(?=\d)/, '') : '0';
  const frac = (fracRaw.replace(/\D/g, '') + '00').slice(0, 2);
  const grouped = groupIndian(whole);
  const body = decimals === 2 ? `${grouped}.${frac}` : grouped;
  return `${negative ? '-' : ''}₹${body}`;
}

/** Indian grouping: last three digits, then pairs (12,34,567). */
function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}`;
}

/** Parses a rupee string for comparisons in forms (never for arithmetic that is sent back). */
export function rupeesToNumber(amount: string | null | undefined): number {
  const n = Number(amount);
  return Number.isFinite(n) ? n : 0;
}

/** A file's size as people read it: "850 bytes", "12 KB", "2.4 MB" (never "0 KB"). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A payment gateway's name as people know it ('razorpay' is Razorpay); an unknown one is shown capitalised. */
export function gatewayDisplayName(name: string | null | undefined): string {
  if (!name) return '';
  if (name === 'razorpay') return 'Razorpay';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

let plurals: { version: number; rules: Intl.PluralRules } | null = null;

/**
 * The CLDR plural category of `n` in the reader's language ('one', 'other', ...), for a message
 * that selects on it instead of using a plural (on the first screen: Lingui formats a plural's
 * number with Intl.NumberFormat, costly the first time; plural rules are cheap).
 */
export function pluralCategory(n: number): Intl.LDMLPluralRule {
  const { locale, version } = formatLocale();
  if (plurals?.version !== version) plurals = { version, rules: new Intl.PluralRules(locale) };
  return plurals.rules.select(n);
}
