// Admin Setup (/admin-setup): creates the first admin account, then links on to /admin-login.
import { AdminAuthShell } from '../features/admin-security/components/admin-auth-shell.tsx';
import { AdminSetupForm } from '../features/admin-security/components/admin-setup-form.tsx';

export default function AdminSetupScreen() {
  return (
    <AdminAuthShell title="Admin Setup" subtitle="Create the first administrator account.">
      <AdminSetupForm />
    </AdminAuthShell>
  );
}
