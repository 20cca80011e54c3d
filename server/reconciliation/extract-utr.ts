// Finds the 12-digit UPI reference (UTR / RRN) of a statement line in its narration or reference
// column. Banks bury it among account numbers, IFSCs, phone numbers and handles, so only a
// standalone run of exactly 12 digits counts.

// Not glued to a letter or digit on either side (so never a slice of a 16-digit account number or of
// an IFSC-like token), and not a UPI handle's name part (`412345678901@ybl` is an address).
const STANDALONE_12_DIGITS = /(?<![A-Za-z0-9])\d{12}(?![A-Za-z0-9@])/g;
const EXACT_12_DIGITS = /^\d{12}$/;
// The segment banks put right before the reference: UPI/, UPI/CR/, UPI/P2A/, UPI/P2M/, UPI/DR/.
const AFTER_UPI_SEGMENT = /UPI\/(?:(?:CR|DR|P2A|P2M)\/)?$/i;

/**
 * Every UPI reference a line offers, most trusted first: a reference cell that is exactly 12 digits;
 * the narration's (the first one right after a UPI segment, else the earliest); a 12-digit run inside
 * the reference cell (Kotak writes `UPI-412345678901`). Some banks put the payer's RRN in one place
 * and another number in the other, so a proof may claim a line by either. Empty when none.
 */
export function extractUtrs(narration: string, reference: string | null): string[] {
  const ref = reference?.trim() ?? '';
  const found: string[] = [];
  const add = (utr: string | null | undefined): void => {
    if (utr && !found.includes(utr)) found.push(utr);
  };
  if (EXACT_12_DIGITS.test(ref)) add(ref);
  add(fromNarration(narration));
  if (!EXACT_12_DIGITS.test(ref)) add(ref.match(STANDALONE_12_DIGITS)?.[0]);
  return found;
}

/** The most trusted of them (see extractUtrs), or null. */
export function extractUtr(narration: string, reference: string | null): string | null {
  return extractUtrs(narration, reference)[0] ?? null;
}

function fromNarration(narration: string): string | null {
  let first: string | null = null;
  for (const m of narration.matchAll(STANDALONE_12_DIGITS)) {
    if (AFTER_UPI_SEGMENT.test(narration.slice(Math.max(0, m.index - 8), m.index))) return m[0];
    first ??= m[0];
  }
  return first;
}
