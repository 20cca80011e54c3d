// Display formatting: dates as 'dd MMM yyyy', rupee amounts with ₹ (Indian digit grouping),
// 0 decimals in navigation badges and 2 on the dashboard.
import { format as formatDateFns, isValid, parseISO } from 'date-fns';

export const DATE_FORMAT = 'dd MMM yyyy';

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? parseISO(value) : value;
  return isValid(d) ? formatDateFns(d, DATE_FORMAT) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = typeof value === 'string' ? parseISO(value) : value;
  return isValid(d) ? formatDateFns(d, `${DATE_FORMAT}, h:mm a`) : '';
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
