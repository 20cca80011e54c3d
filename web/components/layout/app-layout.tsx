// Chooses the signed-in shell: mobile under 768 px, desktop otherwise. Both shells load lazily so
// the sign-in screens stay small.
import { lazy, Suspense, type ReactNode } from 'react';
import { useIsMobile } from '../../lib/use-media-query.ts';
import { PageSpinner } from '../ui/spinner.tsx';

const DesktopLayout = lazy(() => import('./desktop-layout.tsx').then((m) => ({ default: m.DesktopLayout })));
const MobileLayout = lazy(() => import('./mobile-layout.tsx').then((m) => ({ default: m.MobileLayout })));

export function AppLayout({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  return <Suspense fallback={<PageSpinner />}>{isMobile ? <MobileLayout>{children}</MobileLayout> : <DesktopLayout>{children}</DesktopLayout>}</Suspense>;
}
