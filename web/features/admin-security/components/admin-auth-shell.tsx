// Frame of the admin sign-in and setup screens: the shared sign-in layout, with a panel that says
// what protects the admin area instead of the product's promise.
import type { ReactNode } from 'react';
import { Fingerprint, KeyRound, ScrollText } from 'lucide-react';
import { AuthLayout, type AuthPanel } from '../../../components/layout/auth-layout.tsx';
import { useT } from '../../../i18n/t.ts';

export function AdminAuthShell({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const t = useT();
  const panel: AuthPanel = {
    badge: t('adminSecurity.shell.badge'),
    headline: t('adminSecurity.shell.headline'),
    lead: t('adminSecurity.shell.lead'),
    points: [
      { icon: KeyRound, title: t('adminSecurity.shell.twoFactorTitle'), text: t('adminSecurity.shell.twoFactorText') },
      { icon: Fingerprint, title: t('adminSecurity.shell.passkeysTitle'), text: t('adminSecurity.shell.passkeysText') },
      { icon: ScrollText, title: t('adminSecurity.shell.auditTitle'), text: t('adminSecurity.shell.auditText') },
    ],
    footnote: t('adminSecurity.shell.footnote'),
  };
  return (
    <AuthLayout title={title} subtitle={subtitle} panel={panel}>
      {children}
    </AuthLayout>
  );
}
