// 'Skip to main content' link, visible on keyboard focus.
import { useT } from '../../i18n/t.ts';

export function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:start-3 focus:top-3 focus:z-[200] focus:rounded-[10px] focus:bg-primary focus:px-4 focus:py-2 focus:font-semibold focus:text-primary-foreground"
    >
      {t('layout.skipToContent')}
    </a>
  );
}
