// The catalogues: every language has every English key with the same placeholders, every message
// compiles, every key the code names exists and every key exists for a reason, each file loads in
// a group, and the texts the server sends are recognised and shown translated.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../contract/audit.ts';
import { ERROR_CODES } from '../../contract/errors.ts';
import { CATALOGUE_GROUPS, groupOfKey, listLanguages, LOCALES_DIR, readCatalogue } from './catalogue-files.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const languages = listLanguages();
const english = readCatalogue('en');

function sources(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'locales' || name === 'node_modules' ? [] : sources(file, pattern);
    return pattern.test(name) && !name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The argument names of a compiled ICU message, plural branches included. */
function placeholders(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , branches] = token as [string, string?, Record<string, CompiledMessage | string>?];
    into.add(name);
    for (const branch of Object.values(branches ?? {})) if (Array.isArray(branch)) placeholders(branch, into);
  }
  return into;
}

/** The forms each plural of a compiled message offers ("one", "other", "=0"), nested ones included. */
function pluralForms(message: CompiledMessage, into: string[][] = []): string[][] {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [, kind, branches] = token as [string, string?, Record<string, CompiledMessage | string>?];
    if (kind === 'plural' && branches) into.push(Object.keys(branches).filter((k) => k !== 'offset'));
    for (const branch of Object.values(branches ?? {})) if (Array.isArray(branch)) pluralForms(branch, into);
  }
  return into;
}

/** English, Hindi and the ten languages after them (DESIGN.md section 12). */
const SHIPPED = new Set(['en', 'hi', 'bn', 'mr', 'te', 'ta', 'gu', 'ur', 'kn', 'or', 'ml', 'pa']);

describe('message catalogues', () => {
  it('has the twelve languages of India we ship, English first, each with its locale and script', () => {
    expect(languages.map((l) => l.code)).toEqual(['en', ...[...SHIPPED].filter((c) => c !== 'en').sort()]);
    for (const l of languages) {
      expect(l.locale).toMatch(/^[a-z]{2,3}-IN$/);
      expect(l.dir ?? 'ltr').toBe(l.code === 'ur' ? 'rtl' : 'ltr');
    }
  });

  it.each(languages.filter((l) => l.code !== 'en').map((l) => l.code))('%s has exactly the English keys, with the same placeholders', (code) => {
    const other = readCatalogue(code);
    expect(Object.keys(other).filter((k) => !(k in english)), 'keys only in this language').toEqual([]);
    expect(Object.keys(english).filter((k) => !(k in other)), 'keys missing in this language').toEqual([]);
    const mismatched = Object.keys(english).filter((key) => {
      const a = [...placeholders(compileMessageOrThrow(english[key]!))].sort().join();
      const b = [...placeholders(compileMessageOrThrow(other[key]!))].sort().join();
      return a !== b;
    });
    expect(mismatched, 'placeholders differ').toEqual([]);
    expect(Object.keys(other).filter((k) => other[k]!.trim() === ''), 'empty texts').toEqual([]);
  });

  it.each(languages.map((l) => l.code))('%s: every message compiles, with the plural forms of its CLDR rules', (code) => {
    const meta = languages.find((l) => l.code === code)!;
    const categories = new Intl.PluralRules(meta.locale).resolvedOptions().pluralCategories;
    for (const [key, text] of Object.entries(readCatalogue(code))) {
      let message: CompiledMessage = [];
      expect(() => (message = compileMessageOrThrow(text)), `${code} ${key}`).not.toThrow();
      for (const forms of pluralForms(message)) {
        const named = forms.filter((f) => !/^=?\d+$/.test(f));
        expect(named.filter((f) => !categories.includes(f as Intl.LDMLPluralRule)), `${code} ${key}: forms the language does not have`).toEqual([]);
        expect(categories.filter((c) => !named.includes(c)), `${code} ${key}: forms missing`).toEqual([]);
      }
    }
  });

  it('every catalogue file loads in a group', () => {
    const files = readdirSync(path.join(LOCALES_DIR, 'en')).filter((n) => n.endsWith('.json') && n !== 'meta.json').map((n) => n.slice(0, -5));
    expect(files.filter((f) => !Object.values(CATALOGUE_GROUPS).some((g) => g.includes(f)))).toEqual([]);
    expect(Object.keys(english).filter((k) => !groupOfKey(k))).toEqual([]);
  });

  // Keys are written out in full in the code (no keys built at runtime), so a scan finds them all.
  const namespaces = Object.values(CATALOGUE_GROUPS).flat();
  const keyLiteral = new RegExp(`['"\`]((?:${namespaces.join('|')})\\.[A-Za-z0-9_.]+)['"\`]`, 'g');
  const code = sources(path.join(root, 'web'), /\.(ts|tsx)$/).map((f) => readFileSync(f, 'utf8')).join('\n');
  const used = new Set([...code.matchAll(keyLiteral)].map((m) => m[1]!));

  // Strings of the same shape that are not message keys: audit-log action names the admin
  // activity feed maps to its messages, a local storage key, and the prefix of the texts by error
  // code (chosen by the code the server sent; checked against contract/errors.ts below).
  const NOT_KEYS = new Set<string>(['server.code.', 'admin.lastEmail', ...AUDIT_ACTIONS]);

  it('every key the code names exists in English', () => {
    expect([...used].filter((k) => !(k in english) && !NOT_KEYS.has(k) && !/\.(ts|tsx|json|css)$/.test(k))).toEqual([]);
  });

  it('no key is unused (server texts are found by their English text instead)', () => {
    expect(Object.keys(english).filter((k) => !k.startsWith('server.') && !used.has(k))).toEqual([]);
  });

  it('has a general text for every error code the server answers with', () => {
    expect(ERROR_CODES.filter((code) => !(`server.code.${code}` in english))).toEqual([]);
    expect(Object.keys(english).filter((k) => k.startsWith('server.code.') && !(ERROR_CODES as readonly string[]).includes(k.slice('server.code.'.length)))).toEqual([]);
  });

  it('the server texts are unique, so each is recognised as one message', () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const [key, text] of Object.entries(english)) {
      // Texts by error code are chosen by the code, never recognised by their wording.
      if (!key.startsWith('server.') || key.startsWith('server.code.')) continue;
      if (seen.has(text)) duplicates.push(`${seen.get(text)} = ${key}`);
      seen.set(text, key);
    }
    expect(duplicates).toEqual([]);
  });
});
