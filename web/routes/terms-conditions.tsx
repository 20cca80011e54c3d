// Terms & Conditions (/terms-conditions): the spec's sections, with {brand}, the economics and the
// support contact from app settings.
import { contactLinks, contactVariant, LegalPage, slot, useLegalDetails, withElements } from '../features/legal/legal-page.tsx';
import { useT, type MessageKey } from '../i18n/t.ts';
import { formatINR } from '../lib/format.ts';

/** The contact sentence for the details the operator published (none made up). */
const TERMS_CONTACT: Record<ReturnType<typeof contactVariant>, MessageKey> = {
  both: 'legal.terms.contact.text',
  email: 'legal.terms.contact.textEmail',
  phone: 'legal.terms.contact.textPhone',
  none: 'legal.terms.contact.textNone',
};

export default function TermsConditionsScreen() {
  const t = useT();
  const d = useLegalDetails();
  const fee = formatINR(d.fee, 0);
  const reward = formatINR(d.reward, 0);
  const minW = formatINR(d.minWithdrawal, 0);
  return (
    <LegalPage
      title={t('legal.terms.title')}
      intro={t('legal.terms.intro', { brand: d.brand })}
      sections={[
        {
          id: 'acceptance',
          title: t('legal.terms.acceptance.title'),
          body: <p>{t('legal.terms.acceptance.text', { brand: d.brand })}</p>,
        },
        {
          id: 'platform-overview',
          title: t('legal.terms.overview.title'),
          body: <p>{t('legal.terms.overview.text', { brand: d.brand, reward, perSpin: d.perSpin })}</p>,
        },
        {
          id: 'registration',
          title: t('legal.terms.registration.title'),
          body: (
            <ul>
              <li>{t('legal.terms.registration.items.eligibility')}</li>
              <li>{t('legal.terms.registration.items.oneAccount')}</li>
              <li>{t('legal.terms.registration.items.fee', { fee })}</li>
              <li>{t('legal.terms.registration.items.timing')}</li>
            </ul>
          ),
        },
        {
          id: 'referrals',
          title: t('legal.terms.referrals.title'),
          body: (
            <ul>
              <li>{t('legal.terms.referrals.items.earnings', { reward })}</li>
              <li>{t('legal.terms.referrals.items.once')}</li>
              <li>{t('legal.terms.referrals.items.spin')}</li>
            </ul>
          ),
        },
        {
          id: 'withdrawals',
          title: t('legal.terms.withdrawals.title'),
          body: (
            <ul>
              <li>{t('legal.terms.withdrawals.items.minimum', { minimum: minW })}</li>
              <li>{t('legal.terms.withdrawals.items.requirements')}</li>
              <li>{t('legal.terms.withdrawals.items.processing')}</li>
            </ul>
          ),
        },
        {
          id: 'prohibited',
          title: t('legal.terms.prohibited.title'),
          body: (
            <ul>
              <li>{t('legal.terms.prohibited.items.multipleAccounts')}</li>
              <li>{t('legal.terms.prohibited.items.falseProofs')}</li>
              <li>{t('legal.terms.prohibited.items.spam')}</li>
              <li>{t('legal.terms.prohibited.items.interference')}</li>
            </ul>
          ),
        },
        {
          id: 'termination',
          title: t('legal.terms.termination.title'),
          body: <p>{t('legal.terms.termination.text')}</p>,
        },
        {
          id: 'liability',
          title: t('legal.terms.liability.title'),
          body: <p>{t('legal.terms.liability.text', { brand: d.brand })}</p>,
        },
        {
          id: 'payment-terms',
          title: t('legal.terms.payment.title'),
          body: <p>{t('legal.terms.payment.text')}</p>,
        },
        {
          id: 'modifications',
          title: t('legal.terms.modifications.title'),
          body: <p>{t('legal.terms.modifications.text')}</p>,
        },
        {
          id: 'governing-law',
          title: t('legal.terms.governingLaw.title'),
          body: <p>{t('legal.terms.governingLaw.text')}</p>,
        },
        {
          id: 'contact-information',
          title: t('legal.terms.contact.title'),
          body: (
            <p>
              {withElements(t(TERMS_CONTACT[contactVariant(d)], { email: slot('email'), phone: slot('phone') }), contactLinks(d))}
              {d.registeredAddress ? ` ${t('legal.terms.contact.address', { brand: d.brand, address: d.registeredAddress })}` : ''}
            </p>
          ),
        },
      ]}
    />
  );
}
