// Admin invitation (/admin-invite?token=...): the one-time link a Super Admin shared. After joining,
// the Security Center shows the new admin's email, as it does after the first-admin setup.
import { useSearchParams } from 'react-router';
import { AdminAuthShell } from '../features/admin-security/components/admin-auth-shell.tsx';
import { rememberAdminEmail } from '../features/admin-security/api.ts';
import { AcceptInvitationForm } from '../features/admins/components/accept-invitation-form.tsx';
import { useT } from '../i18n/t.ts';

export default function AdminInviteScreen() {
  const t = useT();
  const [params] = useSearchParams();
  return (
    <AdminAuthShell title={t('admins.accept.title')} subtitle={t('admins.accept.subtitle')}>
      <AcceptInvitationForm token={params.get('token') ?? ''} onAccepted={rememberAdminEmail} />
    </AdminAuthShell>
  );
}
