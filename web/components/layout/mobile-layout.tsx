// Mobile shell (< 768 px), titled Referral Hub: header with menu drawer (items with referral, balance
// and spin badges), the orange 'Account Activation Pending' banner while not activated, and a bottom
// bar of the first five sidebar items. Renders nothing without a user.
import { Suspense, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlertTriangle, ChevronRight, Menu, ShieldCheck } from 'lucide-react';
import { useAuth } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { formatINR } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';
import { AccessibilityButton } from './accessibility-button.tsx';
import { BrandMark } from './brand-mark.tsx';
import { BOTTOM_BAR_ITEMS, isActivePath } from './nav-items.ts';
import { NotificationBell } from './notification-bell.tsx';
import { SkipLink } from './skip-link.tsx';
import { useT } from '../../i18n/t.ts';
import { preloadable } from '../../lib/preloadable.ts';
import type { MobileDrawerProps } from './mobile-drawer.tsx';

const MobileDrawer = preloadable<MobileDrawerProps>(() => import('./mobile-drawer.tsx').then((m) => ({ default: m.MobileDrawer })));
// Fetched ahead when the button is reached for; a failed fetch is tried again when it is pressed.
const loadDrawer = () => void MobileDrawer.preload().catch(() => undefined);

export function ActivationPendingBanner() {
  const t = useT();
  return (
    <div role="status" className="hc-border flex items-center gap-3 bg-warning px-4 py-2.5 text-sm text-warning-foreground">
      <AlertTriangle aria-hidden="true" className="size-4.5 shrink-0" />
      <span className="flex-1 font-semibold">{t('layout.activationBanner.text')}</span>
      <Link to="/manual-payment" className="inline-flex items-center gap-0.5 rounded-md font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-current">
        {t('layout.activationBanner.action')} <ChevronRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}

export function MobileLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The drawer (a dialog with its focus trap and scroll lock) is code of its own, fetched when the
  // menu button is first reached for, not with every screen.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (!user) return null;
  return (
    <div className="min-h-screen-dvh bg-background pb-[calc(4.5rem+env(safe-area-inset-bottom))]">
      <SkipLink />
      <header className="hc-border sticky top-0 z-20 border-b border-border bg-card/95 backdrop-blur">
        <div className="flex h-14 items-center gap-1 px-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('layout.nav.openMenu')}
            onPointerEnter={loadDrawer}
            onPointerDown={loadDrawer}
            onFocus={loadDrawer}
            onClick={() => {
              setDrawerWanted(true);
              setOpen(true);
            }}
          >
            <Menu aria-hidden="true" className="size-5" />
          </Button>
          <Link to="/" className="min-w-0 rounded-md focus-visible:outline-2 focus-visible:outline-ring">
            <BrandMark collapse className="max-w-full" />
          </Link>
          <div className="ms-auto flex shrink-0 items-center">
            <Link
              to="/wallet"
              aria-label={t('layout.walletBalance', { amount: formatINR(user.walletBalance, 0) })}
              className="tabular hc-border me-0.5 inline-flex h-8 items-center whitespace-nowrap rounded-full bg-success-soft px-2 text-sm font-semibold text-success-soft-foreground focus-visible:outline-2 focus-visible:outline-ring"
            >
              {formatINR(user.walletBalance, 0)}
            </Link>
            {user.isAdmin ? (
              <Button asChild variant="ghost" size="icon" aria-label={t('layout.pages.adminPanel')}>
                <Link to="/admin">
                  <ShieldCheck aria-hidden="true" className="size-5" />
                </Link>
              </Button>
            ) : null}
            <AccessibilityButton />
            <NotificationBell />
          </div>
        </div>
        {user.isActivated ? null : <ActivationPendingBanner />}
      </header>

      {drawerWanted ? (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} user={user} pathname={pathname} onLogout={() => void logout().then(() => navigate('/login'))} />
        </Suspense>
      ) : null}

      <main id="main" tabIndex={-1} className="px-4 py-5 focus:outline-none">
        {children}
      </main>

      <nav aria-label={t('layout.nav.quick')} className="hc-border fixed inset-x-0 bottom-0 z-30 border-t border-border bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
        <ul className="grid grid-cols-5">
          {BOTTOM_BAR_ITEMS.map((item) => {
            const active = isActivePath(pathname, item.to);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'flex h-16 flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    active ? 'text-primary high-contrast:text-primary' : 'text-muted-foreground',
                  )}
                >
                  <span className={cn('flex h-7 w-12 items-center justify-center rounded-full transition-colors', active && 'bg-primary-soft high-contrast:bg-primary high-contrast:text-primary-foreground')}>
                    <item.icon aria-hidden="true" className="size-5" />
                  </span>
                  {t(item.label)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
