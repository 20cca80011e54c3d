// Frame of the admin sign-in and setup screens: the shared sign-in layout, with a panel that says
// what protects the admin area instead of the product's promise.
import type { ReactNode } from 'react';
import { Fingerprint, KeyRound, ScrollText } from 'lucide-react';
import { AuthLayout, type AuthPanel } from '../../../components/layout/auth-layout.tsx';

const ADMIN_PANEL: AuthPanel = {
  badge: 'Admin Security Center',
  headline: 'Run payouts with confidence.',
  lead: 'The admin area is for staff only. Keep it locked with a second factor.',
  points: [
    { icon: KeyRound, title: 'Two-factor sign-in', text: 'A 6-digit authenticator code or a single-use backup code after your password.' },
    { icon: Fingerprint, title: 'Passkeys', text: 'Sign in with this device’s screen lock instead of a password.' },
    { icon: ScrollText, title: 'Every action recorded', text: 'Approvals, activations and settings changes land in the audit log.' },
  ],
  footnote: 'Sessions for admins expire after 12 hours.',
};

export function AdminAuthShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <AuthLayout title={title} subtitle={subtitle} panel={ADMIN_PANEL}>
      {children}
    </AuthLayout>
  );
}
