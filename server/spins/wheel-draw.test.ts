import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drawSegment } from './wheel-draw.ts';

const weightsArb = fc
  .array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 })
  .filter((ws) => ws.some((w) => w > 0));

describe('drawSegment', () => {
  it('always lands on a segment whose weight is above zero', () => {
    fc.assert(
      fc.property(weightsArb, (weights) => {
        const i = drawSegment(weights);
        expect(i).toBeGreaterThanOrEqual(0);
        expect(i).toBeLessThan(weights.length);
        expect(weights[i]).toBeGreaterThan(0);
      }),
    );
  });

  it('maps every random value to the segment covering it (boundaries included)', () => {
    fc.assert(
      fc.property(weightsArb, fc.nat(), (weights, seed) => {
        const total = weights.reduce((a, b) => a + b, 0);
        const r = seed % total;
        const i = drawSegment(weights, () => r);
        const before = weights.slice(0, i).reduce((a, b) => a + b, 0);
        expect(r).toBeGreaterThanOrEqual(before);
        expect(r).toBeLessThan(before + weights[i]!);
      }),
    );
  });

  it('follows the weights (distribution sanity over 40,000 draws)', () => {
    const weights = [1, 0, 2, 0, 0, 0, 1, 0];
    const counts = new Array<number>(weights.length).fill(0);
    const n = 40_000;
    for (let k = 0; k < n; k++) counts[drawSegment(weights)]! += 1;
    expect(counts[1]).toBe(0);
    expect(counts[3]! + counts[4]! + counts[5]! + counts[7]!).toBe(0);
    // Expected shares 25% / 50% / 25%; 5 sigma is about 1.1 percentage points here.
    expect(Math.abs(counts[0]! / n - 0.25)).toBeLessThan(0.015);
    expect(Math.abs(counts[2]! / n - 0.5)).toBeLessThan(0.015);
    expect(Math.abs(counts[6]! / n - 0.25)).toBeLessThan(0.015);
  });

  it('draws the 200 segment with the default weights', () => {
    for (let k = 0; k < 100; k++) expect(drawSegment([0, 0, 0, 0, 0, 0, 1, 0])).toBe(6);
  });

  it('refuses a wheel with nothing to win', () => {
    expect(() => drawSegment([0, 0, 0])).toThrow();
    expect(() => drawSegment([1, -1])).toThrow();
    expect(() => drawSegment([0.5, 1])).toThrow();
  });
});
