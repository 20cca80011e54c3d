// Layout of the sign-in and registration screens: a brand panel with the product's promise (a
// gradient header on phones) beside the form card, plus the floating accessibility button.
import type { ReactNode } from 'react';
import { BadgeIndianRupee, Gift, ShieldCheck, Users } from 'lucide-react';
import { AccessibilityFab } from './accessibility-button.tsx';
import { BrandMark } from './brand-mark.tsx';
import { PublicFooter } from './public-layout.tsx';
import { SkipLink } from './skip-link.tsx';

const POINTS = [
  { icon: Users, title: 'Refer friends', text: 'Share your code. Earn ₹400 when each friend activates.' },
  { icon: Gift, title: 'Free spins', text: 'Every 5 successful referrals unlock a free spin.' },
  { icon: BadgeIndianRupee, title: 'Withdraw by UPI', text: 'Move your earnings to your bank, processed in 24-48 hours.' },
];

export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="min-h-screen-dvh flex flex-col bg-background lg:flex-row">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-hero-from to-hero-to text-hero-foreground lg:flex lg:w-[44%] lg:flex-col lg:justify-between lg:p-12">
        <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-white/10 high-contrast:hidden" />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -left-16 size-80 rounded-full bg-white/5 high-contrast:hidden" />
        <div className="relative rounded-xl bg-white/95 px-3 py-2 text-slate-900 shadow-sm self-start high-contrast:bg-black high-contrast:text-white">
          <BrandMark />
        </div>
        <div className="relative flex flex-col gap-8">
          <div>
            <p className="text-4xl font-bold leading-tight tracking-tight">Earn with every friend you bring.</p>
            <p className="mt-3 max-w-md text-lg opacity-90">A simple, transparent way to refer, earn and withdraw in rupees.</p>
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
        <p className="relative flex items-center gap-2 text-sm opacity-90">
          <ShieldCheck aria-hidden="true" className="size-4" /> Your data is encrypted and never sold.
        </p>
      </aside>

      <div className="flex flex-1 flex-col">
        <div className="bg-gradient-to-br from-hero-from to-hero-to px-5 pb-20 pt-6 text-hero-foreground lg:hidden">
          <div className="inline-flex rounded-xl bg-white/95 px-2.5 py-1.5 text-slate-900 high-contrast:bg-black high-contrast:text-white">
            <BrandMark />
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
