// Serves the catalogues to the web app as virtual modules, compiled at build time so the browser
// ships Lingui's ~3 KB runtime and no message parser:
//   virtual:i18n/languages                every language's meta and loaders for its catalogue parts
//   virtual:i18n/catalogue/<code>/<group> one language's compiled messages of one group of
//                                         catalogue files (one small chunk each); `server` also
//                                         carries the English source of its texts, so a server's
//                                         English message can be recognised and translated.
// Groups follow what a screen needs (CATALOGUE_GROUPS), so /login downloads only the core texts.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { CATALOGUE_GROUPS, catalogueFiles, groupOfKey, listLanguages, readCatalogue } from './catalogue-files.ts';

const LANGUAGES_ID = 'virtual:i18n/languages';
const NAMES_FONT_ID = 'virtual:i18n/language-names.css';
const RUPEE_FONT_ID = 'virtual:i18n/rupee-sign.css';

/** Each script's Noto font file (variable weight, that script's glyphs) and its Unicode block. */
const SCRIPT_FONTS: Record<string, { file: string; range: string }> = {
  devanagari: { file: '@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2', range: 'U+0900-097F' },
  bengali: { file: '@fontsource-variable/noto-sans-bengali/files/noto-sans-bengali-bengali-wght-normal.woff2', range: 'U+0980-09FE' },
  gurmukhi: { file: '@fontsource-variable/noto-sans-gurmukhi/files/noto-sans-gurmukhi-gurmukhi-wght-normal.woff2', range: 'U+0A01-0A76' },
  gujarati: { file: '@fontsource-variable/noto-sans-gujarati/files/noto-sans-gujarati-gujarati-wght-normal.woff2', range: 'U+0A80-0AFF' },
  oriya: { file: '@fontsource-variable/noto-sans-oriya/files/noto-sans-oriya-oriya-wght-normal.woff2', range: 'U+0B01-0B77' },
  tamil: { file: '@fontsource-variable/noto-sans-tamil/files/noto-sans-tamil-tamil-wght-normal.woff2', range: 'U+0B82-0BFA' },
  telugu: { file: '@fontsource-variable/noto-sans-telugu/files/noto-sans-telugu-telugu-wght-normal.woff2', range: 'U+0C00-0C7F' },
  kannada: { file: '@fontsource-variable/noto-sans-kannada/files/noto-sans-kannada-kannada-wght-normal.woff2', range: 'U+0C80-0CF3' },
  malayalam: { file: '@fontsource-variable/noto-sans-malayalam/files/noto-sans-malayalam-malayalam-wght-normal.woff2', range: 'U+0D00-0D7F' },
  arabic: { file: '@fontsource-variable/noto-nastaliq-urdu/files/noto-nastaliq-urdu-arabic-wght-normal.woff2', range: 'U+0600-06FF' },
};

/**
 * The glyphs of `text` cut from a package's font file into a woff2 of its own, `name`, in the build's
 * font cache (beside subset-font): its path. `variationAxes` pins an axis (an instance); without
 * it the font keeps every weight.
 */
async function cutFont(file: string, text: string, name: string, variationAxes?: Record<string, number>): Promise<string> {
  const require = createRequire(import.meta.url);
  const cacheDir = path.join(path.dirname(require.resolve('subset-font/package.json')), '..', '.cache', 'fonts');
  mkdirSync(cacheDir, { recursive: true });
  const font = await subsetFont(readFileSync(require.resolve(file)), text, { targetFormat: 'woff2', ...(variationAxes ? { variationAxes } : {}) });
  const out = path.join(cacheDir, name);
  writeFileSync(out, font);
  return out;
}

/**
 * The language switch shows each language by its own name ("हिन्दी", "தமிழ்", "اردو"). So that
 * showing the switch does not download every script's font, the names get a font of their own: per
 * script, the few glyphs its names use, cut at build from the same Noto font at one weight (the
 * switch's), a file of its own (1-2 KB, 5 KB for Devanagari's two names), fetched when the reader
 * reaches for the switch (language-switch.tsx): a native select measures every option, so a closed
 * switch drawing them in these fonts would fetch all eleven with every page.
 */
async function languageNamesCss(): Promise<string> {
  const byScript = new Map<string, string>();
  for (const l of listLanguages()) {
    if (!SCRIPT_FONTS[l.script]) continue;
    byScript.set(l.script, (byScript.get(l.script) ?? '') + l.name);
  }
  const faces = await Promise.all(
    [...byScript].map(async ([script, names]) => {
      const { file, range } = SCRIPT_FONTS[script]!;
      const out = await cutFont(file, names, `language-names-${script}.woff2`, { wght: 500 });
      return `@font-face {
  font-family: 'Language Names';
  font-style: normal;
  font-display: swap;
  font-weight: 500;
  src: url('${out}') format('woff2');
  unicode-range: ${range};
}`;
    }),
  );
  if (faces.length === 0) return '';
  return `${faces.join('\n')}
.font-language-names { font-family: 'Inter Variable', 'Language Names', ui-sans-serif, system-ui, sans-serif; }
`;
}
/**
 * Inter draws the rupee sign (U+20B9) from its latin-ext file, 86 KB that a page showing an amount
 * would fetch for that one glyph. The sign gets a face of its own instead: the glyph cut at build
 * from the same variable font (every weight), about 1 KB. Declared after Inter's own faces, it is
 * the one the browser picks for the sign (the last face declared that covers a character wins);
 * latin-ext is still fetched for the letters it is really for (ā, ş, ...).
 */
async function rupeeSignCss(): Promise<string> {
  const out = await cutFont('@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2', '\u20B9', 'inter-rupee-sign.woff2');
  return `@font-face {
  font-family: 'Inter Variable';
  font-style: normal;
  font-display: swap;
  font-weight: 100 900;
  src: url('${out}') format('woff2-variations');
  unicode-range: U+20B9;
}
`;
}

const CATALOGUE_PREFIX = 'virtual:i18n/catalogue/';
const LOADERS_PREFIX = 'virtual:i18n/loaders/';

/** One language's loaders, one dynamic import per group of catalogue files. */
function groupTable(code: string): string {
  const parts = Object.keys(CATALOGUE_GROUPS).map((g) => `${JSON.stringify(g)}: () => import(${JSON.stringify(`${CATALOGUE_PREFIX}${code}/${g}`)})`);
  return `{${parts.join(', ')}}`;
}

export function i18nCatalogues(): Plugin {
  return {
    name: 'i18n-catalogues',
    resolveId(id) {
      if (id === LANGUAGES_ID || id === NAMES_FONT_ID || id === RUPEE_FONT_ID || id.startsWith(CATALOGUE_PREFIX) || id.startsWith(LOADERS_PREFIX)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id === `\0${NAMES_FONT_ID}`) return languageNamesCss();
      if (id === `\0${RUPEE_FONT_ID}`) return rupeeSignCss();
      if (id === `\0${LANGUAGES_ID}`) {
        // Each language's table of group loaders. English's is here; another language's is a tiny
        // chunk of its own, so that /login does not carry twelve languages' chunk names (a
        // server-rendered page preloads its language's table with its texts).
        const languages = listLanguages().map(({ script: _script, ...meta }) => meta);
        const loaders = languages.map((l) => {
          const table = l.code === 'en' ? `() => Promise.resolve(${groupTable('en')})` : `() => import(${JSON.stringify(`${LOADERS_PREFIX}${l.code}`)}).then((m) => m.groups)`;
          return `${JSON.stringify(l.code)}: ${table}`;
        });
        return `export const languages = ${JSON.stringify(languages)};\nexport const loaders = {${loaders.join(', ')}};\n`;
      }
      if (id.startsWith(`\0${LOADERS_PREFIX}`)) {
        return `export const groups = ${groupTable(id.slice(`\0${LOADERS_PREFIX}`.length))};\n`;
      }
      if (id.startsWith(`\0${CATALOGUE_PREFIX}`)) {
        const [code = '', group = ''] = id.slice(`\0${CATALOGUE_PREFIX}`.length).split('/');
        for (const file of [...catalogueFiles(code), ...catalogueFiles('en')]) this.addWatchFile(file);
        const source = readCatalogue(code);
        const messages: Record<string, unknown> = {};
        for (const [key, text] of Object.entries(source)) {
          if (groupOfKey(key) !== group) continue;
          try {
            messages[key] = compileMessageOrThrow(text);
          } catch (err) {
            this.error(`locales/${code}: ${key}: ${(err as Error).message}`);
          }
        }
        const english = readCatalogue('en');
        const serverTexts = group === 'server' ? Object.fromEntries(Object.entries(english).filter(([key]) => key.startsWith('server.'))) : {};
        return `export const messages = ${JSON.stringify(messages)};\nexport const serverTexts = ${JSON.stringify(serverTexts)};\n`;
      }
      return null;
    },
  };
}
