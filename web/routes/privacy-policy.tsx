// Privacy Policy (/privacy-policy): the spec's sections, with {brand} and contact from app settings.
import { contactLinks, contactVariant, LegalPage, slot, useLegalDetails, withElements } from '../features/legal/legal-page.tsx';
import { useT, type MessageKey } from '../i18n/t.ts';

/** The contact sentence for the details the operator published (none made up). */
const PRIVACY_CONTACT: Record<ReturnType<typeof contactVariant>, MessageKey> = {
  both: 'legal.privacy.contact.text',
  email: 'legal.privacy.contact.textEmail',
  phone: 'legal.privacy.contact.textPhone',
  none: 'legal.privacy.contact.textNone',
};

export default function PrivacyPolicyScreen() {
  const t = useT();
  const d = useLegalDetails();
  return (
    <LegalPage
      title={t('legal.privacy.title')}
      intro={t('legal.privacy.intro', { brand: d.brand })}
      sections={[
        {
          id: 'introduction',
          title: t('legal.privacy.introduction.title'),
          body: <p>{t('legal.privacy.introduction.text', { brand: d.brand })}</p>,
        },
        {
          id: 'information-we-collect',
          title: t('legal.privacy.collection.title'),
          body: (
            <>
              <p>
                <strong>{t('legal.privacy.collection.personal.label')}</strong> {t('legal.privacy.collection.personal.text')}
              </p>
              <p>
                <strong>{t('legal.privacy.collection.financial.label')}</strong> {t('legal.privacy.collection.financial.text')}
              </p>
              <p>
                <strong>{t('legal.privacy.collection.technical.label')}</strong> {t('legal.privacy.collection.technical.text')}
              </p>
            </>
          ),
        },
        {
          id: 'how-we-use',
          title: t('legal.privacy.use.title'),
          body: (
            <ul>
              <li>{t('legal.privacy.use.items.account')}</li>
              <li>{t('legal.privacy.use.items.payments')}</li>
              <li>{t('legal.privacy.use.items.referrals')}</li>
              <li>{t('legal.privacy.use.items.fraud')}</li>
              <li>{t('legal.privacy.use.items.messages')}</li>
              <li>{t('legal.privacy.use.items.legal')}</li>
            </ul>
          ),
        },
        {
          id: 'data-security',
          title: t('legal.privacy.security.title'),
          body: <p>{t('legal.privacy.security.text')}</p>,
        },
        {
          id: 'information-sharing',
          title: t('legal.privacy.sharing.title'),
          body: <p>{t('legal.privacy.sharing.text')}</p>,
        },
        {
          id: 'your-rights',
          title: t('legal.privacy.rights.title'),
          body: (
            <ul>
              <li>
                <strong>{t('legal.privacy.rights.items.access.label')}</strong> {t('legal.privacy.rights.items.access.text')}
              </li>
              <li>
                <strong>{t('legal.privacy.rights.items.correction.label')}</strong> {t('legal.privacy.rights.items.correction.text')}
              </li>
              <li>
                <strong>{t('legal.privacy.rights.items.deletion.label')}</strong> {t('legal.privacy.rights.items.deletion.text')}
              </li>
              <li>
                <strong>{t('legal.privacy.rights.items.portability.label')}</strong> {t('legal.privacy.rights.items.portability.text')}
              </li>
              <li>
                <strong>{t('legal.privacy.rights.items.objection.label')}</strong> {t('legal.privacy.rights.items.objection.text')}
              </li>
              <li>
                <strong>{t('legal.privacy.rights.items.consent.label')}</strong> {t('legal.privacy.rights.items.consent.text')}
              </li>
            </ul>
          ),
        },
        {
          id: 'data-retention',
          title: t('legal.privacy.retention.title'),
          body: <p>{t('legal.privacy.retention.text')}</p>,
        },
        {
          id: 'cookies',
          title: t('legal.privacy.cookies.title'),
          body: <p>{t('legal.privacy.cookies.text')}</p>,
        },
        {
          id: 'contact-us',
          title: t('legal.privacy.contact.title'),
          body: (
            <p>
              {withElements(t(PRIVACY_CONTACT[contactVariant(d)], { email: slot('email'), phone: slot('phone') }), contactLinks(d))}
              {d.registeredAddress ? ` ${t('legal.privacy.contact.address', { brand: d.brand, address: d.registeredAddress })}` : ''}{' '}
              {d.grievanceOfficerName && d.grievanceEmail
                ? t('legal.privacy.contact.grievance', { name: d.grievanceOfficerName, email: d.grievanceEmail })
                : d.grievanceEmail
                  ? t('legal.privacy.contact.grievanceNoName', { email: d.grievanceEmail })
                  : d.grievanceOfficerName
                    ? t('legal.privacy.contact.grievanceNoEmail', { name: d.grievanceOfficerName })
                    : t('legal.privacy.contact.grievanceProfile')}
            </p>
          ),
        },
        {
          id: 'policy-updates',
          title: t('legal.privacy.updates.title'),
          body: <p>{t('legal.privacy.updates.text')}</p>,
        },
      ]}
    />
  );
}
