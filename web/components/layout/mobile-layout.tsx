// Mobile shell (< 768 px), titled Referral Hub: header with menu drawer (items with referral, balance
// and spin badges), the orange 'Account Activation Pending' banner while not activated, and a bottom
// bar of the first five sidebar items. Renders nothing without a user.
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AlertTriangle, ChevronRight, LogOut, Menu, ShieldCheck, UserRound } from 'lucide-react';
import type { User } from '../../../contract/accounts.ts';
import { useAuth } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { formatINR } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';
import { Sheet } from '../ui/sheet.tsx';
import { StatusBadge } from '../ui/badge.tsx';
import { AccessibilityButton } from './accessibility-button.tsx';
import { LanguageSwitch } from '../language-switch.tsx';
import { BrandMark } from './brand-mark.tsx';
import { BOTTOM_BAR_ITEMS, MOBILE_DRAWER_ITEMS, isActivePath, type NavItem } from './nav-items.ts';
import { NotificationBell } from './notification-bell.tsx';
import { Avatar } from './user-menu.tsx';
import { SkipLink } from './skip-link.tsx';
import { useT, type Translate } from '../../i18n/t.ts';

function badgeText(t: Translate, item: NavItem, user: User): { text: string; label: string } | null {
  if (item.badge === 'referrals') return { text: String(user.successfulReferrals), label: t('layout.drawer.referralsBadge', { count: user.successfulReferrals }) };
  if (item.badge === 'balance') {
    const amount = formatINR(user.walletBalance, 0);
    return { text: amount, label: t('layout.drawer.balanceBadge', { amount }) };
  }
  if (item.badge === 'spins') return { text: String(user.spinsAvailable), label: t('layout.drawer.spinsBadge', { count: user.spinsAvailable }) };
  return null;
}

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
  if (!user) return null;
  return (
    <div className="min-h-screen-dvh bg-background pb-[calc(4.5rem+env(safe-area-inset-bottom))]">
      <SkipLink />
      <header className="hc-border sticky top-0 z-20 border-b border-border bg-card/95 backdrop-blur">
        <div className="flex h-14 items-center gap-1 px-2">
          <Button variant="ghost" size="icon" aria-label={t('layout.nav.openMenu')} onClick={() => setOpen(true)}>
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

      <Sheet open={open} onOpenChange={setOpen} side="left" title={t('layout.nav.menu')} hideTitle>
        <div className="flex items-center gap-3 border-b border-border px-5 pb-4 pt-5">
          <Avatar user={user} className="size-11 text-base" />
          <div className="flex min-w-0 flex-col gap-1">
            <span className="truncate font-semibold">{user.username}</span>
            <StatusBadge status={user.isActivated ? 'active' : 'pending'} label={user.isActivated ? t('layout.account.active') : t('layout.account.pending')} />
          </div>
        </div>
        <nav aria-label={t('layout.nav.main')} className="flex-1 px-3 py-3">
          <ul className="flex flex-col gap-0.5">
            {MOBILE_DRAWER_ITEMS.map((item) => {
              const active = isActivePath(pathname, item.to);
              const badge = badgeText(t, item, user);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    onClick={() => setOpen(false)}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex h-11 items-center gap-3 rounded-[10px] px-3 text-[0.9375rem] font-medium focus-visible:outline-2 focus-visible:outline-ring',
                      active ? 'bg-primary-soft text-primary-soft-foreground high-contrast:bg-primary high-contrast:text-primary-foreground' : 'text-foreground hover:bg-muted',
                    )}
                  >
                    <item.icon aria-hidden="true" className="size-5 shrink-0" />
                    <span className="flex-1">{t(user.isActivated && item.activeLabel ? item.activeLabel : item.label)}</span>
                    {badge ? (
                      <span className="tabular hc-border rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-foreground">
                        <span aria-hidden="true">{badge.text}</span>
                        <span className="sr-only">{badge.label}</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
            {user.isAdmin ? (
              <li>
                <Link to="/admin" onClick={() => setOpen(false)} className="flex h-11 items-center gap-3 rounded-[10px] px-3 text-[0.9375rem] font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
                  <ShieldCheck aria-hidden="true" className="size-5" /> {t('layout.pages.adminPanel')}
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="border-t border-border p-3">
          {/* The language lives here on a phone, so the header keeps room for the app's name. */}
          <LanguageSwitch showLabel className="flex h-11 w-full justify-between px-3" />
          <Link
            to="/profile"
            onClick={() => setOpen(false)}
            aria-current={isActivePath(pathname, '/profile') ? 'page' : undefined}
            className="flex h-11 items-center gap-3 rounded-[10px] px-3 text-[0.9375rem] font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <UserRound aria-hidden="true" className="size-5" /> {t('layout.account.profile')}
          </Link>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              void logout().then(() => navigate('/login'));
            }}
            className="flex h-11 w-full items-center gap-3 rounded-[10px] px-3 text-[0.9375rem] font-medium text-destructive hover:bg-destructive-soft focus-visible:outline-2 focus-visible:outline-ring"
          >
            <LogOut aria-hidden="true" className="size-5" /> {t('layout.account.logout')}
          </button>
        </div>
      </Sheet>

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
