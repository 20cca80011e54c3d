// The phone's menu drawer: the account, every screen with its count, the language, profile and
// log out. Loaded when the menu button is first reached for (mobile-layout.tsx).
import { Link } from 'react-router';
import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import type { User } from '../../../contract/accounts.ts';
import { cn } from '../../lib/cn.ts';
import { formatINR } from '../../lib/format.ts';
import { Sheet } from '../ui/sheet.tsx';
import { StatusBadge } from '../ui/badge.tsx';
import { LanguageSwitch } from '../language-switch.tsx';
import { Avatar } from './avatar.tsx';
import { MOBILE_DRAWER_ITEMS, isActivePath, type NavItem } from './nav-items.ts';
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

export interface MobileDrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  user: User;
  pathname: string;
  onLogout(): void;
}

export function MobileDrawer({ open, onOpenChange, user, pathname, onLogout }: MobileDrawerProps) {
  const t = useT();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} side="left" title={t('layout.nav.menu')} hideTitle>
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
                  onClick={() => onOpenChange(false)}
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
              <Link to="/admin" onClick={() => onOpenChange(false)} className="flex h-11 items-center gap-3 rounded-[10px] px-3 text-[0.9375rem] font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
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
          onClick={() => onOpenChange(false)}
          aria-current={isActivePath(pathname, '/profile') ? 'page' : undefined}
          className="flex h-11 items-center gap-3 rounded-[10px] px-3 text-[0.9375rem] font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <UserRound aria-hidden="true" className="size-5" /> {t('layout.account.profile')}
        </Link>
        <button
          type="button"
          onClick={() => {
            onOpenChange(false);
            onLogout();
          }}
          className="flex h-11 w-full items-center gap-3 rounded-[10px] px-3 text-[0.9375rem] font-medium text-destructive hover:bg-destructive-soft focus-visible:outline-2 focus-visible:outline-ring"
        >
          <LogOut aria-hidden="true" className="size-5" /> {t('layout.account.logout')}
        </button>
      </div>
    </Sheet>
  );
}
