// Opens the Accessibility Settings dialog: an icon button for the shells and a floating button for public pages.
import { Accessibility } from 'lucide-react';
import { useAccessibility } from '../../lib/accessibility.tsx';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';

export function AccessibilityButton({ className }: { className?: string }) {
  const { setSettingsOpen } = useAccessibility();
  return (
    <Button variant="ghost" size="icon" aria-label="Accessibility settings" className={cn('rounded-full', className)} onClick={() => setSettingsOpen(true)}>
      <Accessibility aria-hidden="true" className="size-5" />
    </Button>
  );
}

export function AccessibilityFab() {
  const { setSettingsOpen } = useAccessibility();
  return (
    <button
      type="button"
      aria-label="Accessibility settings"
      onClick={() => setSettingsOpen(true)}
      className="fixed bottom-5 right-5 z-40 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-raised transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Accessibility aria-hidden="true" className="size-6" />
    </button>
  );
}
