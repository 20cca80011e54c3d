// Layout of the sign-in, registration and admin sign-in screens: a brand panel (a gradient header
// on phones) beside the form card, and the accessibility button in the header (phones) or the form
// column's corner (desktop), in the page's flow so it never covers a link or a field. The panel's words are a
// prop: users read the product's promise, admins what protects the admin area.
import type { ComponentType, ReactNode } from 'react';
import { BadgeIndianRupee, Gift, ShieldCheck, Users } from 'lucide-react';
import { AccessibilityButton } from './accessibility-button.tsx';
import { LanguageSwitch } from '../language-switch.tsx';
import { BrandMark } from './brand-mark.tsx';
import { PublicFooter } from './public-layout.tsx';
import { SkipLink } from './skip-link.tsx';
import { useT, type Translate } from '../../i18n/t.ts';
import { formatINR, pluralCategory } from '../../lib/format.ts';
import { useAppSettings } from '../../lib/app-settings.ts';
import { DEFAULT_ECONOMICS } from '../../../contract/constants.ts';

/** The panel's texts, already in the reader's language. */
export interface AuthPanel {
  /** A pill above the headline (desktop) and beside the logo (phone). */
  badge?: string;
  headline: string;
  lead: string;
  points: { icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>; title: string; text: string }[];
  footnote: ReactNode;
}

/** The users' panel: the product's promise, with the reward and spin rule the settings say. */
function userPanel(t: Translate, settings: { referralReward: string; referralsPerSpin: number }): AuthPanel {
  return {
    headline: t('auth.panel.headline'),
    lead: t('auth.panel.lead'),
    points: [
      { icon: Users, title: t('auth.panel.referTitle'), text: t('auth.panel.referText', { amount: formatINR(settings.referralReward, 0) }) },
      // A select on the plural category, not a plural: Lingui formats every plural's number with
      // Intl.NumberFormat, whose first use costs an entry-level phone a long task on the first screen.
      { icon: Gift, title: t('auth.panel.spinsTitle'), text: t('auth.panel.spinsText', { category: pluralCategory(settings.referralsPerSpin), count: settings.referralsPerSpin }) },
      { icon: BadgeIndianRupee, title: t('auth.panel.withdrawTitle'), text: t('auth.panel.withdrawText') },
    ],
    footnote: (
      <span className="flex items-center gap-2">
        <ShieldCheck aria-hidden="true" className="size-4" /> {t('auth.panel.footnote')}
      </span>
    ),
  };
}

export function AuthLayout({
  title,
  subtitle,
  children,
  panel: panelProp,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  panel?: AuthPanel;
}) {
  const t = useT();
  const { data: settings } = useAppSettings();
  const panel =
    panelProp ??
    userPanel(t, {
      // The defaults until the settings arrive (contract/money.ts would bring zod into this bundle).
      referralReward: settings?.referralReward ?? String(Number(DEFAULT_ECONOMICS.referralRewardPaise) / 100),
      referralsPerSpin: settings?.referralsPerSpin ?? DEFAULT_ECONOMICS.referralsPerSpin,
    });
  return (
    <div className="min-h-screen-dvh flex flex-col bg-background lg:flex-row">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-hero-from to-hero-to text-hero-foreground lg:flex lg:w-[44%] lg:flex-col lg:justify-between lg:p-12">
        <div aria-hidden="true" className="pointer-events-none absolute -end-24 -top-24 size-96 rounded-full bg-white/10 high-contrast:hidden" />
        <div aria-hidden="true" className="pointer-events-none absolute -bottom-32 -start-16 size-80 rounded-full bg-white/5 high-contrast:hidden" />
        <div className="relative rounded-xl bg-white/95 px-3 py-2 text-slate-900 shadow-sm self-start high-contrast:bg-black high-contrast:text-white">
          <BrandMark />
        </div>
        <div className="relative flex flex-col gap-8">
          <div>
            {panel.badge ? (
              <p className="mb-4 inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-semibold">
                <ShieldCheck aria-hidden="true" className="size-4" /> {panel.badge}
              </p>
            ) : null}
            <p className="text-4xl font-bold leading-tight tracking-tight">{panel.headline}</p>
            <p className="mt-3 max-w-md text-lg opacity-90">{panel.lead}</p>
          </div>
          <ul className="flex flex-col gap-5">
            {panel.points.map((p) => (
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
        <div className="relative text-sm opacity-90">{panel.footnote}</div>
      </aside>

      <div className="relative flex flex-1 flex-col">
        <div className="absolute end-6 top-6 hidden items-center gap-2 lg:flex">
          <LanguageSwitch />
          <AccessibilityButton />
        </div>
        <div className="bg-gradient-to-br from-hero-from to-hero-to px-5 pb-20 pt-6 text-hero-foreground lg:hidden">
          <div className="flex items-center justify-between gap-3">
            <div className="inline-flex min-w-0 rounded-xl bg-white/95 px-2.5 py-1.5 text-slate-900 high-contrast:bg-black high-contrast:text-white">
              <BrandMark collapse className="max-w-full" />
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <LanguageSwitch />
              <AccessibilityButton className="text-hero-foreground hover:bg-white/15 hover:text-hero-foreground" />
            </div>
          </div>
          {/* Under the header on a phone: beside it, the admin pages were wider than the screen. */}
          {panel.badge ? (
            <span className="mt-5 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-2.5 py-1 text-xs font-semibold">
              <ShieldCheck aria-hidden="true" className="size-3.5" /> {t('layout.auth.adminBadge')}
            </span>
          ) : null}
          <p className={panel.badge ? 'mt-2 text-2xl font-bold tracking-tight' : 'mt-5 text-2xl font-bold tracking-tight'}>{title}</p>
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
    </div>
  );
}
