// The tax year's calendar, rates and the PAN's shape as plain values and functions (tax.ts, the
// API's tax schemas, re-exports them): no schema library, so a screen that shows them loads this.

/**
 * A PAN: five letters, four digits, a letter; the fourth letter is the holder's type (P a person,
 * C a company, H a Hindu undivided family, F a firm, A, B, G, J, L, T, E for the others).
 */
export const PAN_RE = /^[A-Z]{3}[ABCFGHJLPTE][A-Z][0-9]{4}[A-Z]$/;

/** "2026-27" for the financial year 2026. */
export function financialYearLabel(fy: number): string {
  return `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`;
}

/** The quarter's first and last calendar days (1: April-June ... 4: January-March of the next year). */
export function quarterDays(fy: number, quarter: number): { from: string; to: string } {
  const firstMonth = quarter === 4 ? 1 : 4 + (quarter - 1) * 3;
  const year = quarter === 4 ? fy + 1 : fy;
  const last = new Date(Date.UTC(year, firstMonth + 2, 0));
  return { from: `${year}-${String(firstMonth).padStart(2, '0')}-01`, to: last.toISOString().slice(0, 10) };
}

/** The financial year and quarter of a moment, by the calendar in India (as rh_tax_period). */
export function taxPeriodOf(moment: Date): { fy: number; quarter: number } {
  const ist = new Date(moment.getTime() + 330 * 60_000);
  const month = ist.getUTCMonth() + 1;
  const year = ist.getUTCFullYear();
  return month >= 4 ? { fy: year, quarter: Math.floor((month - 4) / 3) + 1 } : { fy: year - 1, quarter: 4 };
}

/** Hundredths of a percent as people write them: 200 -> "2", 250 -> "2.5", 75 -> "0.75". */
export function formatRate(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = bp % 100;
  return frac === 0 ? String(whole) : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/** "2", "2.5", 2.5 -> 250; null when it is not a rate from 0 to 100 with at most 2 decimals. */
export function parseRate(input: unknown): number | null {
  const t = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input.trim() : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const [whole = '0', frac = ''] = t.split('.');
  const bp = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return bp <= 10_000 ? bp : null;
}
