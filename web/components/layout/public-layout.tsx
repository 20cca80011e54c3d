// Layout of public information pages (support, legal, 404): a slim header with the brand, the
// accessibility button and a sign-in link for visitors, or the signed-in shell for users.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../lib/auth.tsx';
import { Button } from '../ui/button.tsx';
import { AccessibilityButton } from './accessibility-button.tsx';
import { LanguageSwitch } from '../language-switch.tsx';
import { AppLayout } from './app-layout.tsx';
import { BrandMark } from './brand-mark.tsx';
import { FOOTER_LINKS } from './footer-links.ts';
import { SkipLink } from './skip-link.tsx';
import { useT } from '../../i18n/t.ts';

export function PublicLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const { user, isLoading } = useAuth();
  if (user) return <AppLayout>{children}</AppLayout>;
  return (
    <div className="min-h-screen-dvh flex flex-col bg-background">
      <SkipLink />
      <header className="hc-border border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-2 px-4 md:px-6">
          <Link to="/login" className="min-w-8 rounded-md focus-visible:outline-2 focus-visible:outline-ring">
            <BrandMark collapse className="max-w-full" />
          </Link>
          {isLoading ? null : (
            <div className="flex shrink-0 items-center gap-1 sm:gap-2">
              <LanguageSwitch />
              <AccessibilityButton />
              {/* On a phone one way in fits: Sign in (its page links to Create account). */}
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{t('layout.public.signIn')}</Link>
              </Button>
              <Button asChild size="sm" className="max-sm:hidden">
                <Link to="/register">{t('layout.public.createAccount')}</Link>
              </Button>
            </div>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 focus:outline-none md:px-6">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}

export function PublicFooter() {
  const t = useT();
  return (
    <footer className="border-t border-border">
      <nav aria-label={t('layout.nav.footer')} className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-6 gap-y-2 px-4 py-5 text-sm">
        {FOOTER_LINKS.map((l) => (
          <Link key={l.to} to={l.to} className="text-muted-foreground hover:text-foreground hover:underline">
            {t(l.label)}
          </Link>
        ))}
      </nav>
    </footer>
  );
}
