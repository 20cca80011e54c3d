// The reader's language: chosen once (the browser's language at first, then the person's choice,
// kept in localStorage and, once signed in, on the account), applied to <html lang> and dir, to the
// messages (Lingui, catalogues compiled at build) and to number and date formatting. Only the
// chosen language's texts are downloaded, in groups (core at start, the rest with the screens that
// need them: useCatalogue); each script's font (web/i18n/fonts/) is fetched by the browser only
// when text in that script is on screen.
import { use } from 'react';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { languages, loaders, type LanguageMeta } from 'virtual:i18n/languages';
import { setFormatLocale } from '../lib/format-locale.ts';

export { languages, type LanguageMeta };
export const LANGUAGE_KEY = 'language';
export const DEFAULT_LANGUAGE = 'en';

/** English source of the texts a server sends, recognised in its answers (see server-text.ts). */
let serverTexts: Record<string, string> = {};
export function activeServerTexts(): Record<string, string> {
  return serverTexts;
}

export function isLanguage(code: unknown): code is string {
  return typeof code === 'string' && languages.some((l) => l.code === code);
}

export function languageMeta(code: string): LanguageMeta {
  return languages.find((l) => l.code === code) ?? languages[0]!;
}

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

/** A saved choice, else the first of the browser's languages we have, else English. */
export function detectLanguage(): string {
  const stored = storedLanguage();
  if (isLanguage(stored)) return stored;
  const wanted = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of wanted) {
    const primary = tag?.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

// Catalogue groups: which have been needed so far (a switch loads them all in the new language),
// and each language's load of each group, made once.
const neededGroups = new Set<string>(['core']);
const loads = new Map<string, Promise<void>>();
const loaded = new Set<string>();

function loadGroup(code: string, group: string): Promise<void> {
  const id = `${code}/${group}`;
  let load = loads.get(id);
  if (!load) {
    const table = loaders[code];
    if (!table) return Promise.reject(new Error(`no catalogue ${id}`));
    load = table()
      .then((groups) => {
        const loader = groups[group];
        if (!loader) throw new Error(`no catalogue ${id}`);
        return loader();
      })
      .then((catalogue) => {
        i18n.load(code, catalogue.messages);
        if (group === 'server') serverTexts = catalogue.serverTexts;
        loaded.add(id);
      });
    // A failed download (offline) may be tried again.
    load.catch(() => loads.delete(id));
    loads.set(id, load);
  }
  return load;
}

/**
 * Suspends the calling screen until a group of texts is loaded in the current language (the
 * router calls it for the screens of each group).
 */
export function useCatalogue(group: string): void {
  const { i18n: active } = useLingui();
  neededGroups.add(group);
  const code = active.locale || DEFAULT_LANGUAGE;
  if (!loaded.has(`${code}/${group}`)) use(loadGroup(code, group));
}

/** Loads groups of texts ahead of the screens that need them (a server-rendered page before it hydrates). */
export function loadCatalogues(groups: readonly string[], code: string): Promise<void> {
  const meta = languageMeta(code);
  for (const group of groups) neededGroups.add(group);
  return Promise.all(groups.map((group) => loadGroup(meta.code, group))).then(() => undefined);
}

/** Loads and applies a language (its texts so far needed, <html lang>, formatting). */
export async function activateLanguage(code: string): Promise<void> {
  const meta = languageMeta(code);
  await Promise.all([...neededGroups].map((group) => loadGroup(meta.code, group)));
  setFormatLocale(meta.code, meta.locale);
  // Numbers in messages (a plural's #) in Western digits, as the payment apps show them in every
  // Indian language; plural rules stay the language's own.
  i18n.activate(meta.code, [`${meta.locale}-u-nu-latn`]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = meta.code;
    // Urdu reads right to left: the whole layout mirrors (logical CSS properties), while amounts,
    // phone numbers and references stay left to right (isolated with dir="ltr" where shown).
    document.documentElement.dir = meta.dir ?? 'ltr';
  }
  // The server's texts, to show its errors translated: fetched beside the first screen, not before.
  if (meta.code !== DEFAULT_LANGUAGE) void serverTextsReady(meta.code).catch(() => undefined);
}

/** Loads the translations of the server's texts (English needs none: they are the server's own). */
export function serverTextsReady(code = currentLanguage()): Promise<void> {
  return code === DEFAULT_LANGUAGE ? Promise.resolve() : loadGroup(code, 'server');
}

/** The cookie that tells the server which language to render a page in (the reader's choice). */
export const LANGUAGE_COOKIE = 'rh_lang';

export function rememberLanguage(code: string): void {
  if (typeof document === 'undefined' || !isLanguage(code)) return;
  document.cookie = `${LANGUAGE_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
}

/** The person's choice: remembered on this device and applied at once. */
export async function chooseLanguage(code: string): Promise<void> {
  if (!isLanguage(code)) return;
  try {
    localStorage.setItem(LANGUAGE_KEY, code);
  } catch {
    // Unavailable storage: the choice lasts for this page only.
  }
  rememberLanguage(code);
  await activateLanguage(code);
}

export function currentLanguage(): string {
  return i18n.locale || DEFAULT_LANGUAGE;
}

export { i18n };
