// Desktop shell (>= 768 px): sidebar (fixed from 1024 px, a drawer on tablets) plus a top bar with the
// accessibility button, the notifications bell and the user menu. Renders nothing without a user.
import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu } from 'lucide-react';
import { useAuth } from '../../lib/auth.tsx';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Sheet } from '../ui/sheet.tsx';
import { AccessibilityButton } from './accessibility-button.tsx';
import { LanguageMenu } from '../language-menu.tsx';
import { BrandMark } from './brand-mark.tsx';
import { FOOTER_LINKS } from './footer-links.ts';
import { ADMIN_ITEM, SIDEBAR_ITEMS, isActivePath, type NavItem } from './nav-items.ts';
import { NotificationBell } from './notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';
import { SkipLink } from './skip-link.tsx';
import { useT } from '../../i18n/t.ts';

function SidebarNav({ items, onNavigate }: { items: NavItem[]; onNavigate?(): void }) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const active = isActivePath(pathname, item.to);
        return (
          <li key={item.to}>
            <Link
              to={item.to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex h-11 items-center gap-3 rounded-[10px] px-3 text-[0.9375rem] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                active ? 'bg-primary-soft text-primary-soft-foreground high-contrast:bg-primary high-contrast:text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              <item.icon aria-hidden="true" className="size-5 shrink-0" />
              {t(item.label)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function SidebarBody({ onNavigate }: { onNavigate?(): void }) {
  const t = useT();
  const { user } = useAuth();
  const items = user?.isAdmin ? [...SIDEBAR_ITEMS, ADMIN_ITEM] : SIDEBAR_ITEMS;
  return (
    <div className="flex h-full flex-col">
      <nav aria-label={t('layout.nav.main')} className="flex-1 px-3 py-2">
        <SidebarNav items={items} onNavigate={onNavigate} />
      </nav>
      <div className="border-t border-border px-6 py-4">
        <ul className="flex flex-col gap-2 text-sm">
          {FOOTER_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} onClick={onNavigate} className="text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-2 focus-visible:outline-ring">
                {t(l.label)}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function DesktopLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const { user } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!user) return null;
  return (
    <div className="min-h-screen-dvh bg-background">
      <SkipLink />
      <aside className="hc-border fixed inset-y-0 start-0 z-30 hidden w-64 flex-col border-e border-border bg-card lg:flex">
        <div className="flex h-16 items-center px-6">
          <Link to="/dashboard" className="rounded-md focus-visible:outline-2 focus-visible:outline-ring">
            <BrandMark />
          </Link>
        </div>
        <SidebarBody />
      </aside>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen} side="left" title={<BrandMark />}>
        <SidebarBody onNavigate={() => setDrawerOpen(false)} />
      </Sheet>
      <div className="lg:ps-64">
        <header className="hc-border sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-card/90 px-4 backdrop-blur md:px-6">
          <Button variant="ghost" size="icon" className="lg:hidden" aria-label={t('layout.nav.openMenu')} onClick={() => setDrawerOpen(true)}>
            <Menu aria-hidden="true" className="size-5" />
          </Button>
          <Link to="/dashboard" className="rounded-md lg:hidden">
            <BrandMark />
          </Link>
          <div className="ms-auto flex items-center gap-1">
            <LanguageMenu />
            <AccessibilityButton />
            <NotificationBell />
            <div className="ms-2">
              <UserMenu user={user} />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 focus:outline-none md:px-8 md:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
