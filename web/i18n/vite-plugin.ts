// Serves the catalogues to the web app as virtual modules, compiled at build time so the browser
// ships Lingui's ~3 KB runtime and no message parser:
//   virtual:i18n/languages                every language's meta and loaders for its catalogue parts
//   virtual:i18n/catalogue/<code>/<group> one language's compiled messages of one group of
//                                         catalogue files (one small chunk each); `server` also
//                                         carries the English source of its texts, so a server's
//                                         English message can be recognised and translated.
// Groups follow what a screen needs (CATALOGUE_GROUPS), so /login downloads only the core texts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { CATALOGUE_GROUPS, catalogueFiles, groupOfKey, listLanguages, readCatalogue } from './catalogue-files.ts';

const LANGUAGES_ID = 'virtual:i18n/languages';
const NAMES_FONT_ID = 'virtual:i18n/language-names.css';

/**
 * The language switch shows each language by its own name ("हिन्दी"). So that showing the switch
 * does not download a whole script's font, the names get a font of their own: the few glyphs they
 * use, cut from the same Noto font at build and inlined in the CSS (about 5 KB).
 */
async function languageNamesCss(): Promise<string> {
  const names = listLanguages()
    .filter((l) => l.script === 'devanagari')
    .map((l) => l.name)
    .join('');
  if (!names) return '';
  const require = createRequire(import.meta.url);
  const source = readFileSync(require.resolve('@fontsource-variable/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-wght-normal.woff2'));
  const font = await subsetFont(source, names, { targetFormat: 'woff2' });
  return `@font-face {
  font-family: 'Language Names';
  font-style: normal;
  font-display: block;
  font-weight: 100 900;
  src: url(data:font/woff2;base64,${font.toString('base64')}) format('woff2-variations');
  unicode-range: U+0900-097F;
}
.font-language-names { font-family: 'Inter Variable', 'Language Names', ui-sans-serif, system-ui, sans-serif; }
`;
}
const CATALOGUE_PREFIX = 'virtual:i18n/catalogue/';

export function i18nCatalogues(): Plugin {
  return {
    name: 'i18n-catalogues',
    resolveId(id) {
      if (id === LANGUAGES_ID || id === NAMES_FONT_ID || id.startsWith(CATALOGUE_PREFIX)) return `\0${id}`;
      return null;
    },
    async load(id) {
      if (id === `\0${NAMES_FONT_ID}`) return languageNamesCss();
      if (id === `\0${LANGUAGES_ID}`) {
        const languages = listLanguages();
        const loaders = languages.map((l) => {
          const parts = Object.keys(CATALOGUE_GROUPS).map((g) => `${JSON.stringify(g)}: () => import(${JSON.stringify(`${CATALOGUE_PREFIX}${l.code}/${g}`)})`);
          return `${JSON.stringify(l.code)}: {${parts.join(', ')}}`;
        });
        return `export const languages = ${JSON.stringify(languages)};\nexport const loaders = {${loaders.join(', ')}};\n`;
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
