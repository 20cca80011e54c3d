// A bank account number for the person holding a session, for tests and benchmarks that withdraw:
// people do not share one (several users paid out to one account is a fraud signal, payout_shared).
import { createHash } from 'node:crypto';

export function accountNumberFor(token: string): string {
  return String(BigInt(`0x${createHash('sha256').update(token).digest('hex').slice(0, 12)}`) % 10n ** 12n).padStart(12, '1');
}
