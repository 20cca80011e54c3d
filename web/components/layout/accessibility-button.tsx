// Opens the Accessibility Settings dialog: an icon button in every header (the shells, the public
// pages' bar, the sign-in pages' header). It sits in the page's flow, so it never covers a link.
import { Accessibility } from 'lucide-react';
import { useAccessibility } from '../../lib/accessibility.tsx';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { useT } from '../../i18n/t.ts';

export function AccessibilityButton({ className }: { className?: string }) {
  const t = useT();
  const { setSettingsOpen } = useAccessibility();
  return (
    <Button variant="ghost" size="icon" aria-label={t('layout.a11y.buttonLabel')} className={cn('rounded-full', className)} onClick={() => setSettingsOpen(true)}>
      <Accessibility aria-hidden="true" className="size-5" />
    </Button>
  );
}
