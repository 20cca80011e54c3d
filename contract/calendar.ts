// The calendar day in India (IST, UTC+5:30, no daylight saving): the day the product's dates are
// in wherever its code runs, so the server (UTC on most hosts) and a reader's browser agree on it.

/** "2026-11-29": the day in India at `moment`. */
export function dayInIndia(moment: Date = new Date()): string {
  return new Date(moment.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
