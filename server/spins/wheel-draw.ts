// The honest wheel: picks a segment with probability proportional to its configured weight, using
// the operating system's CSPRNG (crypto.randomInt), so the prize cannot be predicted or steered.
import { randomInt } from 'node:crypto';

/** Returns the index of the drawn segment. A segment of weight 0 is never drawn. */
export function drawSegment(weights: readonly number[], random: (maxExclusive: number) => number = randomInt): number {
  let total = 0;
  for (const w of weights) {
    if (!Number.isSafeInteger(w) || w < 0) throw new Error(`wheel weights must be non-negative integers (got ${w})`);
    total += w;
  }
  if (total <= 0) throw new Error('the wheel has no segment with a weight above zero');
  if (!Number.isSafeInteger(total) || total > 2 ** 48 - 1) throw new Error('the wheel weights are too large');
  const r = random(total);
  let cumulative = 0;
  for (let i = 0; i < weights.length; i++) {
    cumulative += weights[i]!;
    if (r < cumulative) return i;
  }
  // Unreachable when random() honours its bound; fail loudly rather than pay a wrong segment.
  throw new Error(`random value ${r} outside [0, ${total})`);
}
