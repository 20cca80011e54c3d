// Admin Security Center (/admin-login): password, 2FA and passkey sign-in plus 2FA/passkey setup.
import { AdminSecurityCenter } from '../features/admin-security/components/admin-security-center.tsx';

export default function AdminLoginScreen() {
  return <AdminSecurityCenter />;
}
