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
 * Order of trust: a reference cell that is exactly 12 digits; then the narration's candidates, the
 * first one right after a UPI segment before any other; then a 12-digit run inside the reference
 * cell (Kotak writes `UPI-412345678901`). Ties go to the earliest. Null when none.
 */
export function extractUtr(narration: string, reference: string | null): string | null {
  const ref = reference?.trim() ?? '';
  if (EXACT_12_DIGITS.test(ref)) return ref;
  let first: string | null = null;
  for (const m of narration.matchAll(STANDALONE_12_DIGITS)) {
    if (AFTER_UPI_SEGMENT.test(narration.slice(Math.max(0, m.index - 8), m.index))) return m[0];
    first ??= m[0];
  }
  return first ?? ref.match(STANDALONE_12_DIGITS)?.[0] ?? null;
}
