// Support (/support): phone (24/7), email, WhatsApp, support hours, FAQ and 'Still Need Help?'.
// Contact details come from app settings (supportPhone / supportEmail) with fallbacks.
import { Clock, HelpCircle, Mail, MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { BRAND, FALLBACK_SUPPORT, useAppSettings } from '../lib/app-settings.ts';

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
  { q: 'How do I activate my account?', a: 'Pay the one-time activation fee by UPI from the dashboard or Add Money page, then submit the screenshot and 12-digit UTR number. Activation follows within 24 hours of confirmation.' },
  { q: 'When do I get my referral reward?', a: 'As soon as a person who registered with your code activates their account, the reward is credited to your wallet.' },
  { q: 'How long do withdrawals take?', a: 'Withdrawal requests are processed within 24-48 hours. The minimum withdrawal is ₹100.' },
  { q: 'How do I get a free spin?', a: 'You receive one free spin for every 5 successful referrals. Spins appear on the Spin Wheel page.' },
  { q: 'I forgot my password. What should I do?', a: 'On the login screen tap "Forgot Password?", enter your mobile number and follow the code we send you by SMS.' },
];

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
  const { data } = useAppSettings();
  const phone = data?.supportPhone || FALLBACK_SUPPORT.phone;
  const email = data?.supportEmail || FALLBACK_SUPPORT.email;
  const brand = data?.businessName || BRAND;
  const intl = internationalDigits(phone);
  const tel = `tel:+${intl}`;
  const mailto = `mailto:${email}?subject=${encodeURIComponent(`${brand} support request`)}`;
  const whatsapp = `https://wa.me/${intl}?text=${encodeURIComponent(`Hello ${brand} support, I need help with my account.`)}`;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeader title="Contact Support" description="We're here to help with payments, referrals, withdrawals and your account." />

      <div className="grid gap-4 md:grid-cols-3">
        <ContactCard icon={<Phone aria-hidden="true" className="size-5" />} title="Phone Support" tone="bg-primary-soft text-primary-soft-foreground">
          <div>
            <p className="tabular text-lg font-semibold">{phone}</p>
            <p className="text-sm text-muted-foreground">Phone support available 24/7</p>
          </div>
          <Button asChild className="mt-auto">
            <a href={tel}>
              <Phone aria-hidden="true" className="size-4" /> Call Now
            </a>
          </Button>
        </ContactCard>
        <ContactCard icon={<Mail aria-hidden="true" className="size-5" />} title="Email Support" tone="bg-success-soft text-success-soft-foreground">
          <div className="flex flex-col gap-1 text-sm">
            <p className="break-all text-base font-semibold">{email}</p>
            {/* Set by the operator in Settings; until then the line is left out, never a placeholder. */}
            {data?.supportContactName ? <p className="text-muted-foreground">Contact: {data.supportContactName}</p> : null}
            {data?.postalAddress ? <p className="whitespace-pre-line text-muted-foreground">Address: {data.postalAddress}</p> : null}
            <p className="font-medium text-success-soft-foreground">We respond within 24 hours</p>
          </div>
          <Button asChild variant="outline" className="mt-auto">
            <a href={mailto}>
              <Mail aria-hidden="true" className="size-4" /> Send Email
            </a>
          </Button>
        </ContactCard>
        <ContactCard icon={<MessageCircle aria-hidden="true" className="size-5" />} title="WhatsApp" tone="bg-success-soft text-success-soft-foreground">
          <div>
            <p className="tabular text-lg font-semibold">{maskPhone(intl)}</p>
            <p className="text-sm text-muted-foreground">Chat with us for quick answers</p>
          </div>
          <Button asChild variant="success" className="mt-auto">
            <a href={whatsapp} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden="true" className="size-4" /> Chat on WhatsApp
            </a>
          </Button>
        </ContactCard>
      </div>

      <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-[12px] bg-warning-soft text-warning-soft-foreground">
          <Clock aria-hidden="true" className="size-5" />
        </span>
        <div className="flex-1">
          <h2 className="font-semibold">Support Hours</h2>
          <p className="text-sm text-muted-foreground">9:00 AM-10:00 PM IST every day (including weekends and holidays)</p>
        </div>
        <Badge tone="success">Phone 24/7</Badge>
      </Card>

      <section aria-labelledby="faq-h" className="flex flex-col gap-3">
        <h2 id="faq-h" className="flex items-center gap-2 text-lg font-semibold">
          <HelpCircle aria-hidden="true" className="size-5 text-primary" /> Frequently Asked Questions
        </h2>
        <div className="hc-border divide-y divide-border overflow-hidden rounded-[12px] border border-border bg-card">
          {FAQ.map((f) => (
            <details key={f.q} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring">
                {f.q}
                <span aria-hidden="true" className="text-xl leading-none text-muted-foreground transition-transform group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="px-5 pb-4 text-sm leading-relaxed text-muted-foreground">{f.a}</p>
            </details>
          ))}
        </div>
      </section>

      <Card className="flex flex-col items-center gap-4 bg-primary-soft p-8 text-center">
        <h2 className="text-xl font-bold text-primary-soft-foreground">Still Need Help?</h2>
        <p className="max-w-md text-sm text-primary-soft-foreground">Our team is ready to help you with anything related to your account, payments or withdrawals.</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild size="lg">
            <a href={tel}>
              <Phone aria-hidden="true" className="size-4" /> Contact Support
            </a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href={mailto}>
              <Mail aria-hidden="true" className="size-4" /> Send Email
            </a>
          </Button>
        </div>
      </Card>
    </div>
  );
}
