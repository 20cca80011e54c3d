// Privacy Policy (/privacy-policy): the spec's sections, with {brand} and contact from app settings.
import { LegalPage, useLegalDetails } from '../features/legal/legal-page.tsx';

export default function PrivacyPolicyScreen() {
  const d = useLegalDetails();
  return (
    <LegalPage
      title="Privacy Policy"
      intro={`How ${d.brand} collects, uses and protects your personal information.`}
      sections={[
        {
          id: 'introduction',
          title: 'Introduction',
          body: (
            <p>
              {d.brand} ("we", "us") respects your privacy. This policy explains what information we collect when you use our referral and earning platform, why we collect it, and the
              choices you have. By using the platform you agree to this policy.
            </p>
          ),
        },
        {
          id: 'information-we-collect',
          title: 'Information We Collect',
          body: (
            <>
              <p>
                <strong>Personal information:</strong> your name, email address (optional) and mobile number, which we use to verify your identity by SMS.
              </p>
              <p>
                <strong>Financial information:</strong> your UPI ID, bank account details you provide for withdrawals, referral codes and referral relationships, wallet balance and
                transaction history, payment screenshots and UTR numbers, and withdrawal requests.
              </p>
              <p>
                <strong>Technical information:</strong> your IP address and device and browser information, collected automatically for security and fraud prevention.
              </p>
            </>
          ),
        },
        {
          id: 'how-we-use',
          title: 'How We Use Your Information',
          body: (
            <ul>
              <li>To create and verify your account and keep it secure.</li>
              <li>To process activation payments, referral rewards, spins and withdrawals.</li>
              <li>To track referrals and credit earnings to the right person.</li>
              <li>To detect and prevent fraud, duplicate accounts and abuse.</li>
              <li>To send service messages such as verification codes and payment updates.</li>
              <li>To meet legal and regulatory obligations.</li>
            </ul>
          ),
        },
        {
          id: 'data-security',
          title: 'Data Security',
          body: (
            <p>
              Passwords are stored only as strong one-way hashes. Sessions use random tokens, and connections are encrypted in transit. Payment screenshots are stored privately and
              are visible only to you and our administrators. No method of storage is perfectly secure, but we work to protect your information and review our safeguards regularly.
            </p>
          ),
        },
        {
          id: 'information-sharing',
          title: 'Information Sharing',
          body: (
            <p>
              We do not sell your personal information. We share it only with service providers that help us run the platform (such as SMS delivery and payment processing), when
              required by law or a lawful request from authorities, or to protect the rights and safety of our users and the platform.
            </p>
          ),
        },
        {
          id: 'your-rights',
          title: 'Your Rights',
          body: (
            <ul>
              <li>
                <strong>Access:</strong> ask for a copy of the information we hold about you.
              </li>
              <li>
                <strong>Correction:</strong> ask us to correct inaccurate information.
              </li>
              <li>
                <strong>Deletion:</strong> ask us to delete your information, subject to records we must keep by law.
              </li>
              <li>
                <strong>Portability:</strong> receive your information in a commonly used format.
              </li>
              <li>
                <strong>Objection:</strong> object to certain uses of your information.
              </li>
              <li>
                <strong>Withdrawal of consent:</strong> withdraw consent you have given, at any time.
              </li>
            </ul>
          ),
        },
        {
          id: 'data-retention',
          title: 'Data Retention',
          body: (
            <p>
              We keep your account information while your account is active. Financial records such as payments, earnings and withdrawals are kept for 7 years to meet legal and tax
              obligations, after which they are deleted or anonymised.
            </p>
          ),
        },
        {
          id: 'cookies',
          title: 'Cookies and Tracking',
          body: (
            <p>
              We use your browser's local storage to keep you signed in and to remember your accessibility preferences. We do not use advertising trackers. You can clear stored data
              from your browser settings at any time; you will then need to sign in again.
            </p>
          ),
        },
        {
          id: 'contact-us',
          title: 'Contact Us',
          body: (
            <p>
              For privacy questions or requests, email <a className="font-medium text-primary underline" href={`mailto:${d.supportEmail}`}>{d.supportEmail}</a> or call{' '}
              <a className="font-medium text-primary underline" href={`tel:${d.supportPhone.replace(/[^\d+]/g, '')}`}>{d.supportPhone}</a>. We respond within 24 hours.
              {d.registeredAddress ? ` Write to ${d.brand}, ${d.registeredAddress}.` : ''}
            </p>
          ),
        },
        {
          id: 'policy-updates',
          title: 'Policy Updates',
          body: <p>We may update this policy from time to time. We will show the new date at the top of this page, and for important changes we will notify you in the app.</p>,
        },
      ]}
    />
  );
}
