// The server speaks English; the web app shows its texts in the reader's language by recognising
// them among the `server` catalogue's English texts. Every fixed text the contract's validation
// and the server's errors can send must be recognised, and a templated one must match by pattern.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLanguage, serverTextsReady } from './i18n.ts';
import { matchServerText, translateServerError, translateServerText } from './server-text.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return files(file);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Plain (not templated) texts: zod `error:` / `message:` in the contract, error helpers' messages in the server. */
function fixedTexts(): string[] {
  const texts = new Set<string>();
  for (const file of files(path.join(root, 'contract'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\b(?:error|message): '((?:[^'\\]|\\.)+)'/g)) texts.add(m[1]!.replace(/\\'/g, "'"));
  }
  for (const file of files(path.join(root, 'server'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(/\b(?:badRequest|conflict|notFound|forbidden|unauthenticated|tooManyRequests)\(\s*'((?:[^'\\]|\\.)+)'/g)) texts.add(m[1]!.replace(/\\'/g, "'"));
    for (const m of source.matchAll(/new AppError\(\s*'[A-Z_]+',\s*'((?:[^'\\]|\\.)+)'/g)) texts.add(m[1]!.replace(/\\'/g, "'"));
    for (const m of source.matchAll(/_MESSAGE = '((?:[^'\\]|\\.)+)'/g)) texts.add(m[1]!.replace(/\\'/g, "'"));
  }
  return [...texts];
}

describe('server texts in Hindi', () => {
  beforeAll(async () => {
    await activateLanguage('hi');
    await serverTextsReady();
  });

  it('recognises every fixed text the contract and the server send', () => {
    const texts = fixedTexts();
    expect(texts.length).toBeGreaterThan(50);
    expect(texts.filter((t) => !matchServerText(t))).toEqual([]);
  });

  it('matches templated texts by pattern and fills in the values', () => {
    for (const text of ['Minimum withdrawal amount is ₹500', 'Please wait 42 seconds before requesting a new code']) {
      const translated = translateServerText(text);
      expect(translated).not.toBe(text);
      expect(translated).toMatch(/₹500|42/);
    }
  });

  it('leaves a text it does not know as the server sent it', () => {
    expect(translateServerText('Something only this server says')).toBe('Something only this server says');
  });
});

describe('server texts: the most specific template wins', () => {
  it('a payout with a transfer reference is not read as one without', async () => {
    await activateLanguage('hi');
    await serverTextsReady();
    const withRef = matchServerText('Your withdrawal of ₹500.00 has been sent to your UPI priya@okhdfcbank. Transfer reference: 412345678901.');
    const without = matchServerText('Your withdrawal of ₹500.00 has been sent to your UPI priya@okhdfcbank.');
    expect(withRef?.key).not.toBe(without?.key);
    expect(withRef?.values).toMatchObject({ upiId: 'priya@okhdfcbank' });
  });
});

describe('server errors by code', () => {
  it('an unknown text with a known code gets the code\'s general text in Hindi; English keeps the server\'s words', async () => {
    await activateLanguage('hi');
    await serverTextsReady();
    expect(translateServerError('Some new wording the catalogue lacks', 'INSUFFICIENT_BALANCE')).toBe('इसके लिए आपका बैलेंस काफ़ी नहीं है');
    expect(translateServerError('Some new wording the catalogue lacks', 'NO_SUCH_CODE')).toBe('Some new wording the catalogue lacks');
    expect(translateServerError('Insufficient Balance', 'INSUFFICIENT_BALANCE')).not.toBe('Insufficient Balance');
    await activateLanguage('en');
    expect(translateServerError('Some new wording the catalogue lacks', 'INSUFFICIENT_BALANCE')).toBe('Some new wording the catalogue lacks');
  });
});
