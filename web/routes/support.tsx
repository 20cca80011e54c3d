// Support (/support): phone (24/7), email, WhatsApp, support hours, the Grievance Officer for
// personal data, FAQ and 'Still Need Help?'.
// Contact details come from app settings (supportPhone / supportEmail): a channel the operator has
// not set is left off the page, never filled with a made-up number or address.
import { Link } from 'react-router';
import { Clock, HelpCircle, Mail, MessageCircle, Phone, Scale } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { BRAND, useAppSettings } from '../lib/app-settings.ts';
import { useT, type MessageKey } from '../i18n/t.ts';

/** "+91 98765 43210" / "9876543210" -> "919876543210" (country code first, digits only). */
function internationalDigits(phone: string): string {
  const d = phone.replace(/\D/g, '');
  return d.length === 10 ? `91${d}` : d;
}

function maskPhone(intl: string): string {
  const local = intl.slice(-10);
  return `+91 ${local.slice(0, 2)}XXX XX${local.slice(-3)}`;
}

const FAQ = [
  { q: 'support.faq.activateQ', a: 'support.faq.activateA' },
  { q: 'support.faq.rewardQ', a: 'support.faq.rewardA' },
  { q: 'support.faq.withdrawQ', a: 'support.faq.withdrawA' },
  { q: 'support.faq.spinQ', a: 'support.faq.spinA' },
  { q: 'support.faq.passwordQ', a: 'support.faq.passwordA' },
] as const satisfies readonly { q: MessageKey; a: MessageKey }[];

function ContactCard({ icon, title, tone, children }: { icon: ReactNode; title: string; tone: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex items-center gap-3">
        <span className={`flex size-11 items-center justify-center rounded-[12px] ${tone}`}>{icon}</span>
        <h2 className="font-semibold">{title}</h2>
      </div>
      {children}
    </Card>
  );
}

export default function SupportScreen() {
  const t = useT();
  const { data, isPending } = useAppSettings();
  const phone = data?.supportPhone || null;
  const email = data?.supportEmail || null;
  // The Grievance Officer for personal data (a setting); until one is named, support answers.
  const grievanceEmail = data?.grievanceEmail || email;
  const brand = data?.businessName || BRAND;
  const intl = phone ? internationalDigits(phone) : null;
  const tel = intl ? `tel:+${intl}` : null;
  const mailto = email ? `mailto:${email}?subject=${encodeURIComponent(t('support.email.subject', { brand }))}` : null;
  const whatsapp = intl ? `https://wa.me/${intl}?text=${encodeURIComponent(t('support.whatsapp.message', { brand }))}` : null;
  const channels = [tel, mailto].filter(Boolean).length;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title={t('support.page.title')} description={t('support.page.description')} />

      {!isPending && channels === 0 ? (
        <Card className="p-5 text-sm text-muted-foreground" data-testid="support-no-contacts">
          {t('support.noContacts')}
        </Card>
      ) : null}
      <div className={channels === 0 ? 'hidden' : phone && email ? 'grid gap-4 md:grid-cols-3' : 'grid gap-4 md:grid-cols-2'}>
        {phone && tel ? (
        <ContactCard icon={<Phone aria-hidden="true" className="size-5" />} title={t('support.phone.title')} tone="bg-primary-soft text-primary-soft-foreground">
          <div>
            <p className="tabular text-lg font-semibold">{phone}</p>
            <p className="text-sm text-muted-foreground">{t('support.phone.available')}</p>
          </div>
          <Button asChild className="mt-auto">
            <a href={tel}>
              <Phone aria-hidden="true" className="size-4" /> {t('support.phone.call')}
            </a>
          </Button>
        </ContactCard>
        ) : null}
        {email && mailto ? (
        <ContactCard icon={<Mail aria-hidden="true" className="size-5" />} title={t('support.email.title')} tone="bg-success-soft text-success-soft-foreground">
          <div className="flex flex-col gap-1 text-sm">
            <p className="break-all text-base font-semibold">{email}</p>
            {/* Set by the operator in Settings; until then the line is left out, never a placeholder. */}
            {data?.supportContactName ? <p className="text-muted-foreground">{t('support.email.contact', { name: data.supportContactName })}</p> : null}
            {data?.postalAddress ? <p className="whitespace-pre-line text-muted-foreground">{t('support.email.address', { address: data.postalAddress })}</p> : null}
            <p className="font-medium text-success-soft-foreground">{t('support.email.respond')}</p>
          </div>
          <Button asChild variant="outline" className="mt-auto">
            <a href={mailto}>
              <Mail aria-hidden="true" className="size-4" /> {t('support.email.send')}
            </a>
          </Button>
        </ContactCard>
        ) : null}
        {intl && whatsapp ? (
        <ContactCard icon={<MessageCircle aria-hidden="true" className="size-5" />} title="WhatsApp" tone="bg-success-soft text-success-soft-foreground">
          <div>
            <p className="tabular text-lg font-semibold">{maskPhone(intl)}</p>
            <p className="text-sm text-muted-foreground">{t('support.whatsapp.text')}</p>
          </div>
          <Button asChild variant="success" className="mt-auto">
            <a href={whatsapp} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" className="size-4" /> {t('support.whatsapp.chat')}
            </a>
          </Button>
        </ContactCard>
        ) : null}
      </div>

      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-[12px] bg-warning-soft text-warning-soft-foreground">
          <Clock aria-hidden="true" className="size-5" />
        </span>
        <div className="flex-1">
          <h2 className="font-semibold">{t('support.hours.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('support.hours.text')}</p>
        </div>
        {phone ? <Badge tone="success">{t('support.hours.phone')}</Badge> : null}
      </Card>

      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-[12px] bg-primary-soft text-primary-soft-foreground">
          <Scale aria-hidden="true" className="size-5" />
        </span>
        <div className="flex-1">
          <h2 className="font-semibold">{t('support.grievance.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('support.grievance.text')}</p>
          {data?.grievanceOfficerName || grievanceEmail ? (
            <p className="mt-1 break-all text-sm font-semibold">
              {data?.grievanceOfficerName ? `${data.grievanceOfficerName}${grievanceEmail ? ' · ' : ''}` : ''}
              {grievanceEmail ? (
                <a className="text-primary underline-offset-2 hover:underline" href={`mailto:${grievanceEmail}`}>
                  {grievanceEmail}
                </a>
              ) : null}
            </p>
          ) : null}
        </div>
        <Button asChild variant="outline">
          <Link to="/profile">{t('support.grievance.profileLink')}</Link>
        </Button>
      </Card>

      <section aria-labelledby="faq-h" className="flex flex-col gap-3">
        <h2 id="faq-h" className="flex items-center gap-2 text-lg font-semibold">
          <HelpCircle aria-hidden="true" className="size-5 text-primary" /> {t('support.faq.title')}
        </h2>
        <div className="hc-border divide-y divide-border overflow-hidden rounded-[12px] border border-border bg-card">
          {FAQ.map((f) => (
            <details key={f.q} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring">
                {t(f.q)}
                <span aria-hidden="true" className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="px-5 pb-4 text-sm leading-relaxed text-muted-foreground">{t(f.a)}</p>
            </details>
          ))}
        </div>
      </section>

      <Card className="flex flex-col items-center gap-4 bg-primary-soft p-8 text-center">
        <h2 className="text-xl font-bold text-primary-soft-foreground">{t('support.help.title')}</h2>
        <p className="max-w-md text-sm text-primary-soft-foreground">{t('support.help.text')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          {tel ? (
            <Button asChild size="lg">
              <a href={tel}>
                <Phone aria-hidden="true" className="size-4" /> {t('support.help.contact')}
              </a>
            </Button>
          ) : null}
          {mailto ? (
            <Button asChild size="lg" variant={tel ? 'outline' : 'primary'}>
              <a href={mailto}>
                <Mail aria-hidden="true" className="size-4" /> {t('support.help.email')}
              </a>
            </Button>
          ) : null}
          {!tel && !mailto ? (
            <Button asChild size="lg">
              <Link to="/profile">{t('support.grievance.profileLink')}</Link>
            </Button>
          ) : null}
        </div>
      </Card>
    </div>
  );
}
