// The message catalogues on disk: web/i18n/locales/<language>/*.json, one file per feature. A file's
// keys are prefixed with its name (wallet.json's `withdraw.title` is `wallet.withdraw.title`);
// nested objects flatten with dots. Messages are ICU MessageFormat (`{name}`, `{count, plural, ...}`).
// `meta.json` names the language. Read at build time by the Vite plugin and by the catalogue test;
// a new language is a new directory, no code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which catalogue files load together. `core` is needed by every screen (and by /login, so it
 * stays small); the others load with the screens that use them.
 */
export const CATALOGUE_GROUPS: Record<string, readonly string[]> = {
  core: ['common', 'layout', 'auth'],
  // Texts the server sends, with their English source to recognise them: needed only when
  // something goes wrong, and never in English, so they load after the first screen.
  server: ['server'],
  app: ['dashboard', 'activation', 'gateway', 'wallet', 'transactions', 'referrals', 'spin', 'profile', 'tax'],
  pages: ['support', 'legal', 'download'],
  // The privacy notice to accept: on the sign-up form, and in the dialog after the policy changed.
  consent: ['consent'],
  admin: ['admin', 'admins', 'ledger', 'reconciliation', 'risk', 'adminTax'],
  // The admin sign-in, setup and invitation pages: their own texts, not the whole admin panel's.
  adminSecurity: ['adminSecurity'],
};

/** The group a key's file belongs to (the catalogue test checks every file has one). */
export function groupOfKey(key: string): string | undefined {
  const file = key.split('.')[0];
  return Object.keys(CATALOGUE_GROUPS).find((g) => CATALOGUE_GROUPS[g]!.includes(file ?? ''));
}

export const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

export interface LanguageMeta {
  /** BCP 47 primary tag, also the directory name: "en", "hi". */
  code: string;
  /** The language's name in itself, as the switch shows it: "English", "हिन्दी". */
  name: string;
  /** The locale numbers and dates format in: "en-IN", "hi-IN". */
  locale: string;
  /** The script its text needs a font for ("latin" is Inter, shipped always). */
  script: string;
  /** Shown on translated legal pages: which text prevails. Absent for the original language. */
  translationNotice?: string;
  /** 'rtl' for a language written right to left; absent means left to right. */
  dir?: 'ltr' | 'rtl';
}

/** Languages with a meta.json, the default (English) first. */
export function listLanguages(dir = LOCALES_DIR): LanguageMeta[] {
  const codes = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'meta.json')))
    .map((d) => d.name)
    .sort((a, b) => (a === 'en' ? -1 : b === 'en' ? 1 : a.localeCompare(b)));
  return codes.map((code) => ({ ...(JSON.parse(readFileSync(path.join(dir, code, 'meta.json'), 'utf8')) as Omit<LanguageMeta, 'code'>), code }));
}

function flatten(prefix: string, value: unknown, out: Record<string, string>, file: string): void {
  if (typeof value === 'string') {
    out[prefix] = value;
    return;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${file}: ${prefix} must be a text or an object of texts`);
  for (const [key, child] of Object.entries(value)) flatten(`${prefix}.${key}`, child, out, file);
}

/** Every message of one language, flat: { "wallet.withdraw.title": "Withdraw", ... }. */
export function readCatalogue(code: string, dir = LOCALES_DIR): Record<string, string> {
  const out: Record<string, string> = {};
  const langDir = path.join(dir, code);
  for (const name of readdirSync(langDir).sort()) {
    if (!name.endsWith('.json') || name === 'meta.json') continue;
    const file = path.join(langDir, name);
    flatten(name.slice(0, -'.json'.length), JSON.parse(readFileSync(file, 'utf8')), out, file);
  }
  return out;
}

/** The catalogue files of one language, for a bundler to watch. */
export function catalogueFiles(code: string, dir = LOCALES_DIR): string[] {
  const langDir = path.join(dir, code);
  return readdirSync(langDir).filter((n) => n.endsWith('.json')).map((n) => path.join(langDir, n));
}
