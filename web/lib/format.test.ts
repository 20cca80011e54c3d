import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format.ts';

describe('formatFileSize', () => {
  it('never says 0 KB for a small file', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(850)).toBe('850 bytes');
    expect(formatFileSize(12 * 1024)).toBe('12 KB');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
  });
});
