// Serves the catalogues to the web app as virtual modules, compiled at build time so the browser
// ships Lingui's ~3 KB runtime and no message parser:
//   virtual:i18n/languages                every language's meta and loaders for its catalogue parts
//   virtual:i18n/catalogue/<code>/<group> one language's compiled messages of one group of
//                                         catalogue files (one small chunk each); `server` also
//                                         carries the English source of its texts, so a server's
//                                         English message can be recognised and translated.
// Groups follow what a screen needs (CATALOGUE_GROUPS), so /login downloads only the core texts.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { CATALOGUE_GROUPS, catalogueFiles, groupOfKey, listLanguages, readCatalogue } from './catalogue-files.ts';

const LANGUAGES_ID = 'virtual:i18n/languages';
const CATALOGUE_PREFIX = 'virtual:i18n/catalogue/';

export function i18nCatalogues(): Plugin {
  return {
    name: 'i18n-catalogues',
    resolveId(id) {
      if (id === LANGUAGES_ID || id.startsWith(CATALOGUE_PREFIX)) return `\0${id}`;
      return null;
    },
    load(id) {
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
