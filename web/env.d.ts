// Build-time constants injected by vite.config.ts `define`.
declare const __APP_NAME__: string;
declare const __BRAND__: string;

// The message catalogues, compiled at build time (web/i18n/vite-plugin.ts).
declare module 'virtual:i18n/languages' {
  export interface LanguageMeta {
    code: string;
    name: string;
    locale: string;
    /** 'rtl' for a language written right to left. */
    dir?: 'ltr' | 'rtl';
  }
  export interface Catalogue {
    /** Compiled ICU messages by key. */
    messages: import('@lingui/core').Messages;
    /** English source of the `server.*` texts. */
    serverTexts: Record<string, string>;
  }
  export const languages: LanguageMeta[];
  /** (await loaders[language]())[group](): a language's table of group loaders, then a group's texts. */
  export const loaders: Record<string, () => Promise<Record<string, () => Promise<Catalogue>>>>;
}

// The language switch's own tiny font (web/i18n/vite-plugin.ts).
declare module 'virtual:i18n/language-names.css';
// The rupee sign's own face of Inter (web/i18n/vite-plugin.ts).
declare module 'virtual:i18n/rupee-sign.css';
