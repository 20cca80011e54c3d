// The language switch of the signed-in shells' top bar: an icon button like its neighbours, and a
// menu of the languages by their own names. (Signed-out pages use the lighter LanguageSwitch.)
import { Check, Languages } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { chooseLanguage, languageMeta, languages } from '../i18n/i18n.ts';
import { useT } from '../i18n/t.ts';
import { saveAccountLanguage } from '../lib/account-language.ts';
import { Button } from './ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';

export function LanguageMenu() {
  const t = useT();
  const { i18n } = useLingui();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={t('common.language.menuLabel', { language: languageMeta(i18n.locale).name })}>
          <Languages aria-hidden="true" className="size-5" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        {languages.map((l) => (
          <DropdownMenuItem key={l.code} lang={l.code} className="font-language-names" onSelect={() => void chooseLanguage(l.code).then(() => saveAccountLanguage(l.code))}>
            <Check aria-hidden="true" className={l.code === i18n.locale ? 'size-4' : 'size-4 opacity-0'} />
            {l.name}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
