// Admin Setup (/admin-setup): creates the first admin account, then links on to /admin-login.
import { AdminAuthShell } from '../features/admin-security/components/admin-auth-shell.tsx';
import { AdminSetupForm } from '../features/admin-security/components/admin-setup-form.tsx';
import { useT } from '../i18n/t.ts';

export default function AdminSetupScreen() {
  const t = useT();
  return (
    <AdminAuthShell title={t('adminSecurity.setup.title')} subtitle={t('adminSecurity.setup.subtitle')}>
      <AdminSetupForm />
    </AdminAuthShell>
  );
}
