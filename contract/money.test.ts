import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPaise, parseRupees } from './money.ts';

describe('money helpers', () => {
  it('format paise as rupees with two decimals, at every size', () => {
    expect(formatPaise(40_000n)).toBe('400.00');
    expect(formatPaise(5n)).toBe('0.05');
    expect(formatPaise(-10_050n)).toBe('-100.50');
    expect(formatPaise(0n)).toBe('0.00');
    expect(formatPaise(10n ** 20n + 7n)).toBe('1000000000000000000.07');
  });

  it('round-trips every amount through parse and format', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 99_999_999_999_99n }), (paise) => {
        expect(parseRupees(formatPaise(paise))).toBe(paise);
      }),
    );
  });
});
