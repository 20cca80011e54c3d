// SMS texts: one fixed template per language and purpose (DLT registers templates), the code its
// only variable, and a pair for every language the web app offers.
import { describe, expect, it } from 'vitest';
import { listLanguages } from '../../web/i18n/catalogue-files.ts';
import { SMS_TEXTS, smsText } from './sms-texts.ts';

describe('SMS texts', () => {
  it('exist for every language of the web app, and only for those', () => {
    expect(Object.keys(SMS_TEXTS).sort()).toEqual(listLanguages().map((l) => l.code).sort());
  });

  it.each(Object.keys(SMS_TEXTS))('%s: the code is the only variable, the text its own language', (language) => {
    for (const purpose of ['register', 'reset', 'phone_change'] as const) {
      const template = SMS_TEXTS[language]![purpose];
      expect(template.startsWith('{code}'), `${language} ${purpose}`).toBe(true);
      expect(template.match(/\{[a-z_]+\}/g)?.sort(), `${language} ${purpose}`).toEqual(['{app}', '{code}']);
      if (language !== 'en') expect(template, `${language} ${purpose} is translated`).not.toMatch(/\b(is your|expires|minutes)\b/);
      const a = smsText(language, purpose, '123456', 'Referral Hub');
      const b = smsText(language, purpose, '654321', 'Referral Hub');
      expect(a.split('123456')).toHaveLength(2);
      expect(a.replace('123456', '######')).toBe(b.replace('654321', '######'));
      expect(a).toContain('10');
    }
  });

  it('falls back to English for an account without a language', () => {
    expect(smsText(null, 'register', '123456', 'Referral Hub')).toBe('123456 is your Referral Hub verification code. It expires in 10 minutes.');
    expect(smsText('hi', 'register', '123456', 'Referral Hub')).toMatch(/^123456 आपका Referral Hub सत्यापन कोड है/);
  });
});
