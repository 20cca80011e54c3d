// The language numbers and dates are formatted in, set by the language switch (web/i18n/i18n.ts).
// Its own module so the switch does not pull the date formatting code into the /login bundle.
let current = { language: 'en', locale: 'en-IN', version: 0 };

export function setFormatLocale(language: string, locale: string): void {
  current = { language, locale, version: current.version + 1 };
}

/** The reader's language code, locale tag, and a version that changes with every switch. */
export function formatLocale(): { language: string; locale: string; version: number } {
  return current;
}
