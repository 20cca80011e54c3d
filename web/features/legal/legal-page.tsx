// Shared frame of the legal pages: title, 'Last updated' (today in India, dd MMM yyyy), a contents list and
// numbered sections; plus the brand/support details the texts quote (from app settings: a detail the
// operator has not set is left out of the sentence, never made up).
// In a language other than English the page opens with a note that the English text prevails.
import { Fragment, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { Card } from '../../components/ui/card.tsx';
import { BRAND, useAppSettings } from '../../lib/app-settings.ts';
import { formatDate, todayInIndia } from '../../lib/format.ts';
import { useT } from '../../i18n/t.ts';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function useLegalDetails() {
  const { data } = useAppSettings();
  return {
    // The registered name when the operator set one; else the business name; else the build's brand.
    brand: data?.legalName || data?.businessName || BRAND,
    registeredAddress: data?.registeredAddress ?? null,
    supportEmail: data?.supportEmail || null,
    supportPhone: data?.supportPhone || null,
    // The Grievance Officer for personal data; until an admin names one, support answers.
    grievanceOfficerName: data?.grievanceOfficerName ?? null,
    grievanceEmail: data?.grievanceEmail || data?.supportEmail || null,
    fee: data?.activationFee ?? '500.00',
    reward: data?.referralReward ?? '400.00',
    perSpin: data?.referralsPerSpin ?? 5,
    minWithdrawal: data?.minWithdrawal ?? '100.00',
  };
}

/** Stands for an element in a translated sentence: pass `slot('email')` as the value of `{email}`. */
const SLOT = '\uE000';
export const slot = (name: string): string => `${SLOT}${name}${SLOT}`;

/** A sentence translated with `slot(...)` values, with each element (a link) put in its place. */
export function withElements(text: string, elements: Record<string, ReactNode>): ReactNode[] {
  return text.split(SLOT).map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{elements[part]}</Fragment> : part));
}

/** The support e-mail and phone as links, for a contact sentence translated with `slot('email')` and `slot('phone')`. */
export function contactLinks(d: { supportEmail: string | null; supportPhone: string | null }): Record<string, ReactNode> {
  return {
    email: d.supportEmail ? (
      <a className="font-medium text-primary underline" href={`mailto:${d.supportEmail}`}>
        {d.supportEmail}
      </a>
    ) : null,
    phone: d.supportPhone ? (
      <a className="font-medium text-primary underline" href={`tel:${d.supportPhone.replace(/[^\d+]/g, '')}`}>
        {d.supportPhone}
      </a>
    ) : null,
  };
}

/** Which contact sentence fits the details the operator published: both, one of them, or none. */
export function contactVariant(d: { supportEmail: string | null; supportPhone: string | null }): 'both' | 'email' | 'phone' | 'none' {
  return d.supportEmail && d.supportPhone ? 'both' : d.supportEmail ? 'email' : d.supportPhone ? 'phone' : 'none';
}

export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const t = useT();
  const { i18n } = useLingui();
  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-6">
      {i18n.locale !== 'en' ? (
        <p role="note" className="hc-border rounded-[10px] border border-border bg-muted px-4 py-3 text-sm text-foreground">
          {t('common.legal.translationNotice')}
        </p>
      ) : null}
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('legal.lastUpdated', { date: formatDate(todayInIndia()) })}</p>
        <p className="max-w-2xl text-muted-foreground">{intro}</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('legal.contents')} className="hidden lg:block">
          <ol className="sticky top-24 flex flex-col gap-1 text-sm">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="block rounded-[8px] px-2 py-1.5 text-muted-foreground hover:bg-muted hover:text-foreground">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <Card className="flex flex-col gap-8 p-5 sm:p-8">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="scroll-mt-24">
              <h2 id={`${s.id}-h`} className="mb-3 text-lg font-semibold tracking-tight">
                {i + 1}. {s.title}
              </h2>
              <div className="flex flex-col gap-3 leading-relaxed text-muted-foreground [&_li]:ms-5 [&_li]:list-disc [&_strong]:text-foreground [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5">
                {s.body}
              </div>
            </section>
          ))}
        </Card>
      </div>
    </article>
  );
}
