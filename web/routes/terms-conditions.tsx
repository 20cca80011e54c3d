// Terms & Conditions (/terms-conditions): the spec's sections, with {brand}, the economics and the
// support contact from app settings.
import { LegalPage, useLegalDetails } from '../features/legal/legal-page.tsx';
import { formatINR } from '../lib/format.ts';

export default function TermsConditionsScreen() {
  const d = useLegalDetails();
  const fee = formatINR(d.fee, 0);
  const reward = formatINR(d.reward, 0);
  const minW = formatINR(d.minWithdrawal, 0);
  return (
    <LegalPage
      title="Terms & Conditions"
      intro={`Please read these terms carefully before using ${d.brand}.`}
      sections={[
        {
          id: 'acceptance',
          title: 'Acceptance',
          body: <p>By creating an account or using {d.brand}, you agree to these terms and to our Privacy Policy. If you do not agree, please do not use the platform.</p>,
        },
        {
          id: 'platform-overview',
          title: 'Platform Overview',
          body: (
            <p>
              {d.brand} is a referral platform. Activated members earn {reward} for each person they refer who activates their account, with no limit on the number of referrals,
              and receive one free spin on the prize wheel for every {d.perSpin} successful referrals.
            </p>
          ),
        },
        {
          id: 'registration',
          title: 'Account Registration & Activation',
          body: (
            <ul>
              <li>You must be 18 years or older and provide accurate information, including a valid email address and mobile number.</li>
              <li>Only one account per person is allowed. A valid referral code is required to register.</li>
              <li>Activation requires a one-time, non-refundable fee of {fee}, paid by UPI with a payment proof (screenshot and UTR number).</li>
              <li>Your account is activated within 24 hours of payment confirmation.</li>
            </ul>
          ),
        },
        {
          id: 'referrals',
          title: 'Referral System & Earnings',
          body: (
            <ul>
              <li>You earn {reward} when a person who registered with your code activates their account. Earnings are credited to your wallet at once.</li>
              <li>Each person can be referred only once. Self-referrals are not allowed.</li>
              <li>Spin wheel prizes are credited to your wallet; the odds are shown on the spin page.</li>
            </ul>
          ),
        },
        {
          id: 'withdrawals',
          title: 'Withdrawal Terms',
          body: (
            <ul>
              <li>The minimum withdrawal is {minW}. Withdrawals are paid by UPI only.</li>
              <li>Withdrawals need a fully activated account and a valid UPI ID.</li>
              <li>Requests are processed within 24-48 hours. The amount is reserved from your wallet when you request it and returned if the request is rejected.</li>
            </ul>
          ),
        },
        {
          id: 'prohibited',
          title: 'Prohibited Activities',
          body: (
            <ul>
              <li>Creating multiple or fake accounts, or referring yourself.</li>
              <li>Submitting false payment proofs or another person's details.</li>
              <li>Spam, misleading promotion or any unlawful use of the platform.</li>
              <li>Attempting to interfere with the platform's security or operation.</li>
            </ul>
          ),
        },
        {
          id: 'termination',
          title: 'Account Termination',
          body: (
            <p>
              We may suspend or terminate accounts, or freeze funds, for violations of these terms, pending investigation. You may appeal a decision by contacting support; we will
              review every appeal.
            </p>
          ),
        },
        {
          id: 'liability',
          title: 'Limitation of Liability',
          body: (
            <p>
              The platform is provided "as is". To the extent permitted by law, {d.brand} is not liable for indirect or consequential losses, or for delays caused by banks, UPI
              providers or events outside our control. Our total liability is limited to the balance in your wallet.
            </p>
          ),
        },
        {
          id: 'payment-terms',
          title: 'Payment Terms',
          body: <p>All amounts are in Indian Rupees (INR). The activation fee is one-time and non-refundable. Payments are accepted by UPI only.</p>,
        },
        {
          id: 'modifications',
          title: 'Modifications',
          body: <p>We may change these terms. The date at the top of this page shows the latest version; continued use after a change means you accept the updated terms.</p>,
        },
        {
          id: 'governing-law',
          title: 'Governing Law',
          body: <p>These terms are governed by the laws of India. Disputes are subject to the jurisdiction of the courts of India.</p>,
        },
        {
          id: 'contact-information',
          title: 'Contact Information',
          body: (
            <p>
              Questions about these terms? Email <a className="font-medium text-primary underline" href={`mailto:${d.supportEmail}`}>{d.supportEmail}</a> or call{' '}
              <a className="font-medium text-primary underline" href={`tel:${d.supportPhone.replace(/[^\d+]/g, '')}`}>{d.supportPhone}</a>.
              {d.registeredAddress ? ` ${d.brand} is registered at ${d.registeredAddress}.` : ''}
            </p>
          ),
        },
      ]}
    />
  );
}
