// The language switch (top bar, sign-in pages, accessibility dialog): a native select, light enough
// for the sign-in bundle and read well by screen readers. The choice is kept on this device and,
// when someone is signed in, on the account (so SMS and the next device follow it).
import { useId, useState } from 'react';
import { Languages } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { chooseLanguage, languages } from '../i18n/i18n.ts';
import { useT } from '../i18n/t.ts';
import { saveAccountLanguage } from '../lib/account-language.ts';
import { cn } from '../lib/cn.ts';

export function LanguageSwitch({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const t = useT();
  const { i18n } = useLingui();
  const id = useId();
  // The names' fonts are fetched when the reader reaches for the switch (a tap, a click or the
  // keyboard: inputs, so a change of width then is no layout shift), not with every page.
  const [names, setNames] = useState(false);
  const reach = (): void => setNames(true);
  return (
    <div className={cn('inline-flex items-center gap-2', className)}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {t('common.language.label')}
      </label>
      <span className="relative inline-flex items-center">
        {showLabel ? null : <Languages aria-hidden="true" className="pointer-events-none absolute start-2 size-4 text-muted-foreground" />}
        <select
          id={id}
          value={i18n.locale}
          onFocus={reach}
          onPointerDown={reach}
          onChange={(e) => {
            const code = e.target.value;
            void chooseLanguage(code).then(() => saveAccountLanguage(code));
          }}
          className={cn(
            // The names are drawn in their own tiny fonts (web/i18n/vite-plugin.ts), so the open
            // switch does not fetch a whole script's font; closed, it fetches none (styles.css).
            names ? 'font-language-names' : 'font-language-own',
            'h-9 cursor-pointer rounded-md border border-input bg-background pe-2 text-sm font-medium text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            showLabel ? 'ps-2' : 'ps-7',
          )}
        >
          {languages.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
