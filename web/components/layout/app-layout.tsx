// Chooses the signed-in shell: mobile under 768 px, desktop otherwise. Both shells load lazily so
// the sign-in screens stay small; the app's start loads the one it will show ahead of its first
// render (preloadLayout), so the shell does not suspend.
import { Suspense, type ReactNode } from 'react';
import { preloadable } from '../../lib/preloadable.ts';
import { useIsMobile } from '../../lib/use-media-query.ts';
import { PageSpinner } from '../ui/spinner.tsx';

const DesktopLayout = preloadable<{ children: ReactNode }>(() => import('./desktop-layout.tsx').then((m) => ({ default: m.DesktopLayout })));
const MobileLayout = preloadable<{ children: ReactNode }>(() => import('./mobile-layout.tsx').then((m) => ({ default: m.MobileLayout })));

/** Loads the phone's or the desktop's shell. */
export function preloadLayout(phone: boolean): Promise<void> {
  return (phone ? MobileLayout : DesktopLayout).preload();
}

export function AppLayout({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  return <Suspense fallback={<PageSpinner />}>{isMobile ? <MobileLayout>{children}</MobileLayout> : <DesktopLayout>{children}</DesktopLayout>}</Suspense>;
}
