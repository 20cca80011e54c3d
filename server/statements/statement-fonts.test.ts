import { describe, expect, it } from 'vitest';
import { DEFAULT_FACE, splitByFace } from './statement-fonts.ts';

describe('splitByFace', () => {
  it('keeps Latin, Hindi, digits and ₹ in the default face', () => {
    const runs = splitByFace('Reward for प्रिया शर्मा: ₹ 400.00');
    expect(runs).toEqual([{ face: DEFAULT_FACE, text: 'Reward for प्रिया शर्मा: ₹ 400.00' }]);
  });

  it('switches face only at a letter of another Indian script, and keeps what follows with it', () => {
    const runs = splitByFace('Reward for முத்து (2) / সৌমিত্র');
    expect(runs.map((run) => run.text)).toEqual(['Reward for ', 'முத்து (2) / ', 'সৌমিত্র']);
    expect(runs[0]?.face).toBe(DEFAULT_FACE);
    expect(runs[1]?.face.file('regular')).toMatch(/NotoSansTamil_400Regular\.ttf$/);
    expect(runs[2]?.face.file('semibold')).toMatch(/NotoSansBengali_600SemiBold\.ttf$/);
  });
});
