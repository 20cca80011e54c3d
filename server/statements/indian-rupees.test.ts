import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPaise } from '../../contract/money.ts';
import { formatIndianRupees } from './indian-rupees.ts';

describe('formatIndianRupees', () => {
  it.each([
    [0n, '0.00'],
    [5n, '0.05'],
    [99n, '0.99'],
    [100n, '1.00'],
    [99_999n, '999.99'],
    [100_000n, '1,000.00'],
    [1_234_567n, '12,345.67'],
    [10_000_000n, '1,00,000.00'],
    [12_345_600n, '1,23,456.00'],
    [1_234_567_850n, '1,23,45,678.50'],
    [123_456_789_012_345n, '12,34,56,78,90,123.45'],
    [-1n, '-0.01'],
    [-12_345_678n, '-1,23,456.78'],
  ])('%s paise -> %s', (paise, expected) => {
    expect(formatIndianRupees(paise)).toBe(expected);
  });

  it('says the same amount as the API format, only grouped the Indian way', () => {
    const shape = /^-?(\d{1,2}(,\d{2})*,\d{3}|\d{1,3})\.\d{2}$/;
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (paise) => {
        const text = formatIndianRupees(paise);
        expect(text).toMatch(shape);
        expect(text.replaceAll(',', '')).toBe(formatPaise(paise));
        expect(text.startsWith('0') && !text.startsWith('0.')).toBe(false);
      }),
    );
  });
});
