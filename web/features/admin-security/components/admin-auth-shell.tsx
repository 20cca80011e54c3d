// Frame of the admin sign-in and setup screens: a deep brand panel that says what protects the
// admin area (desktop) or a compact gradient header (phone), beside one focused card.
import type { ReactNode } from 'react';
import { Fingerprint, KeyRound, ScrollText, ShieldCheck } from 'lucide-react';
import { AccessibilityFab } from '../../../components/layout/accessibility-button.tsx';
import { BrandMark } from '../../../components/layout/brand-mark.tsx';
import { PublicFooter } from '../../../components/layout/public-layout.tsx';
import { SkipLink } from '../../../components/layout/skip-link.tsx';

const POINTS = [
  { icon: KeyRound, title: 'Two-factor sign-in', text: 'A 6-digit authenticator code or a single-use backup code after your password.' },
  { icon: Fingerprint, title: 'Passkeys', text: 'Sign in with this device’s screen lock instead of a password.' },
  { icon: ScrollText, title: 'Every action recorded', text: 'Approvals, activations and settings changes land in the audit log.' },
];

export function AdminAuthShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-screen-dvh flex flex-col bg-background lg:flex-row">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-hero-from to-hero-to text-hero-foreground lg:flex lg:w-[42%] lg:flex-col lg:justify-between lg:p-12">
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-white/10" />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-white/5" />
        <div className="relative self-start rounded-xl bg-white/95 px-3 py-2 text-slate-900 shadow-sm high-contrast:bg-black high-contrast:text-white">
          <BrandMark />
        </div>
        <div className="relative flex flex-col gap-8">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
              <ShieldCheck aria-hidden="true" className="size-4" /> Admin Security Center
            </p>
            <p className="mt-4 text-4xl font-bold leading-tight tracking-tight">Run payouts with confidence.</p>
            <p className="mt-3 max-w-md text-lg opacity-90">The admin area is for staff only. Keep it locked with a second factor.</p>
          </div>
          <ul className="flex flex-col gap-5">
            {POINTS.map((p) => (
              <li key={p.title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-[12px] bg-white/15">
                  <p.icon aria-hidden="true" className="size-5" />
                </span>
                <span>
                  <span className="block font-semibold">{p.title}</span>
                  <span className="block text-sm opacity-90">{p.text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sm opacity-90">Sessions for admins expire after 12 hours.</p>
      </aside>

      <div className="flex flex-1 flex-col">
        <div className="bg-gradient-to-br from-hero-from to-hero-to px-5 pb-20 pt-6 text-hero-foreground lg:hidden">
          <div className="flex items-center justify-between gap-3">
            <div className="inline-flex rounded-xl bg-white/95 px-2.5 py-1.5 text-slate-900 high-contrast:bg-black high-contrast:text-white">
              <BrandMark />
            </div>
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold">
              <ShieldCheck aria-hidden="true" className="size-3.5" /> Admin
            </span>
          </div>
          <p className="mt-5 text-2xl font-bold tracking-tight">{title}</p>
          {subtitle ? <p className="mt-1 text-sm opacity-90">{subtitle}</p> : null}
        </div>
        <main id="main" tabIndex={-1} className="-mt-14 flex flex-1 items-start justify-center px-4 pb-10 focus:outline-none lg:mt-0 lg:items-center lg:px-10 lg:py-12">
          <div className="hc-border w-full max-w-md rounded-[16px] border border-border bg-card p-6 shadow-raised sm:p-8 lg:shadow-card">
            <div className="mb-6 hidden lg:block">
              <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
              {subtitle ? <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p> : null}
            </div>
            <h1 className="sr-only lg:hidden">{title}</h1>
            {children}
          </div>
        </main>
        <PublicFooter />
      </div>
      <AccessibilityFab />
    </div>
  );
}
