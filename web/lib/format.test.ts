import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatFileSize, formatINR, formatMonth, formatNumber } from './format.ts';
import { setFormatLocale } from './format-locale.ts';
import { dayInIndia } from '../../contract/calendar.ts';

describe('formatFileSize', () => {
  it('never says 0 KB for a small file', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(850)).toBe('850 bytes');
    expect(formatFileSize(12 * 1024)).toBe('12 KB');
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
  });
});

describe('amounts and dates per language', () => {
  afterEach(() => setFormatLocale('en', 'en-IN'));
  const when = new Date(2026, 8, 5, 14, 7); // 5 Sep 2026, 2:07 pm local time

  const LANGUAGES = [['en', 'en-IN'], ['hi', 'hi-IN'], ['bn', 'bn-IN'], ['mr', 'mr-IN'], ['te', 'te-IN'], ['ta', 'ta-IN'], ['gu', 'gu-IN'], ['ur', 'ur-IN'], ['kn', 'kn-IN'], ['or', 'or-IN'], ['ml', 'ml-IN'], ['pa', 'pa-IN']] as const;

  it('groups rupees in lakhs and crores with Western digits in every language', () => {
    for (const [code, tag] of LANGUAGES) {
      setFormatLocale(code, tag);
      expect(formatINR('12345678.50')).toBe('₹1,23,45,678.50');
      expect(formatINR('12345678.99', 0)).toBe('₹1,23,45,678');
      expect(formatNumber(1234567)).toBe('12,34,567');
    }
  });

  it("writes dates as 'dd MMM yyyy' in the reader's language", () => {
    expect(formatDate(when)).toBe('05 Sep 2026');
    expect(formatDateTime(when)).toBe('05 Sep 2026, 2:07 PM');
    expect(formatDate('2026-11-23')).toBe('23 Nov 2026');
    setFormatLocale('hi', 'hi-IN');
    expect(formatDate(when)).toMatch(/^05 सित॰? 2026$/);
    expect(formatDateTime(when)).toMatch(/^05 सित॰? 2026, 2:07 (pm|PM|अपराह्न)$/);
    expect(formatDate('not a date')).toBe('');
  });

  it('names a month in the reader\'s language, and in the new one straight after a switch', () => {
    expect(formatMonth(2026, 10)).toBe('November 2026');
    // Spelled out by hand in English: the same as the browser's own names.
    for (let m = 0; m < 12; m++) expect(formatMonth(2026, m)).toBe(new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric' }).format(new Date(2026, m, 1)));
    setFormatLocale('hi', 'hi-IN');
    expect(formatMonth(2026, 10)).toBe('नवंबर 2026');
    expect(formatMonth(2026, 0)).toBe('जनवरी 2026');
    setFormatLocale('mr', 'mr-IN');
    expect(formatMonth(2026, 10)).toMatch(/^नोव्हेंबर 2026$/);
    setFormatLocale('en', 'en-IN');
    expect(formatMonth(2025, 2)).toBe('March 2025');
  });

  it('writes the day and year of a date in Western digits in every language (Marathi, Bengali and Urdu have digits of their own)', () => {
    for (const [code, tag] of LANGUAGES) {
      setFormatLocale(code, tag);
      expect(formatDate(when), code).toMatch(/^05 \S.* 2026$/);
      expect(formatDateTime(when), code).toMatch(/2:07|14:07/);
    }
  });
});

describe('dayInIndia', () => {
  it('turns the day at 18:30 UTC, midnight in India, whatever the machine’s time zone', () => {
    expect(dayInIndia(new Date('2026-11-28T18:29:59Z'))).toBe('2026-11-28');
    expect(dayInIndia(new Date('2026-11-28T18:30:00Z'))).toBe('2026-11-29');
    expect(dayInIndia(new Date('2026-12-31T19:00:00Z'))).toBe('2027-01-01');
  });
});
