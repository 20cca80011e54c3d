// Rupees and paise converted with integer arithmetic alone (money.ts, the API's money schemas,
// re-exports these): no schema library, so a screen that only reads and writes amounts loads this.
const RUPEES_RE = /^\d{1,11}(\.\d{1,2})?$/;

/** Parses "400", "400.5", "400.50" or a number like 400.5 into paise. Null when it is not a valid amount. */
export function parseRupees(input: unknown): bigint | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input) || input < 0) return null;
    // Numbers arrive from JSON; toFixed(2) on a value with more decimals would round silently.
    text = String(input);
    if (/e/i.test(text)) return null;
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return null;
  }
  if (!RUPEES_RE.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** 40000n -> "400.00" (integer arithmetic only; plain numbers while exact, as they are ~10x faster). */
export function formatPaise(paise: bigint): string {
  const negative = paise < 0n;
  const abs = negative ? -paise : paise;
  if (abs <= SAFE) {
    const n = Number(abs);
    const frac = n % 100;
    return `${negative ? '-' : ''}${(n - frac) / 100}.${frac < 10 ? '0' : ''}${frac}`;
  }
  const whole = abs / 100n;
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${frac}`;
}

export function rupeesToPaise(rupees: number): bigint {
  return BigInt(Math.round(rupees * 100));
}
