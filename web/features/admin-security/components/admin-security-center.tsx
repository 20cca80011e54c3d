// The Admin Security Center (/admin-login): modes login, 2fa-login, security-status, 2fa-setup and
// the backup-codes card. Sessions go through the auth context so the whole app sees the admin.
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '../../../../contract/accounts.ts';
import type { TwoFactorSetupResponse } from '../../../../contract/admin-security.ts';
import { Button } from '../../../components/ui/button.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT, type MessageKey } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { beginTwoFactorSetup, rememberAdminEmail, securityStatusQuery, useSecurityStatus } from '../api.ts';
import { AdminAuthShell } from './admin-auth-shell.tsx';
import { SignInForm, type SignInStep } from './sign-in-form.tsx';

// What only a signed-in admin sees (status, two-factor setup with its QR code, backup codes, the
// re-authentication dialog) loads when it is first shown: the sign-in page, the one everyone gets
// first, carries the form alone.
const SecurityStatusCard = lazy(() => import('./security-status-card.tsx').then((m) => ({ default: m.SecurityStatusCard })));
const TwoFactorSetup = lazy(() => import('./two-factor-setup.tsx').then((m) => ({ default: m.TwoFactorSetup })));
const BackupCodesCard = lazy(() => import('./backup-codes-card.tsx').then((m) => ({ default: m.BackupCodesCard })));
const ReauthDialog = lazy(() => import('./reauth-dialog.tsx').then((m) => ({ default: m.ReauthDialog })));

type Mode = SignInStep | 'security-status' | '2fa-setup' | 'backup-codes';

const HEADINGS: Record<Mode, { title: MessageKey; subtitle: MessageKey }> = {
  login: { title: 'adminSecurity.center.title', subtitle: 'adminSecurity.center.loginSubtitle' },
  '2fa-login': { title: 'adminSecurity.center.title', subtitle: 'adminSecurity.center.twoFactorLoginSubtitle' },
  'security-status': { title: 'adminSecurity.center.title', subtitle: 'adminSecurity.center.statusSubtitle' },
  '2fa-setup': { title: 'adminSecurity.center.title', subtitle: 'adminSecurity.center.setupSubtitle' },
  'backup-codes': { title: 'adminSecurity.center.title', subtitle: 'adminSecurity.center.backupCodesSubtitle' },
};

export function AdminSecurityCenter() {
  const t = useT();
  const { isLoading } = useAuth();
  // Wait for a stored session so a signed-in admin starts on the security status.
  if (isLoading) return <PageSpinner label={t('adminSecurity.center.loadingAccount')} />;
  return <SecurityCenterModes />;
}

function SecurityCenterModes() {
  const t = useT();
  const { user, acceptSession, logout } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>(() => (user?.isAdmin ? 'security-status' : 'login'));
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  // An action refused for want of a recent sign-in, to run again once the admin confirmed it is them.
  const [pendingAction, setPendingAction] = useState<(() => Promise<void>) | null>(null);
  const status = useSecurityStatus(mode === 'security-status');

  /** Runs a security change; a 403 REAUTH_REQUIRED asks for the password inline and then retries. */
  const needsReauth = (err: unknown, retry: () => Promise<void>): boolean => {
    if (!(err instanceof ApiError && err.code === 'REAUTH_REQUIRED')) return false;
    setPendingAction(() => retry);
    return true;
  };

  const accept = async (session: AuthResponse): Promise<boolean> => {
    if (!session?.token || !session.user) {
      toast({ title: t('adminSecurity.common.authFailed'), description: t('adminSecurity.center.invalidResponse'), variant: 'destructive' });
      return false;
    }
    if (!session.user.isAdmin) {
      toast({ title: t('adminSecurity.common.authFailed'), description: t('adminSecurity.center.notAdmin'), variant: 'destructive' });
      return false;
    }
    await acceptSession(session.token, session.user);
    rememberAdminEmail(session.user.email);
    return true;
  };

  const startSetup = async (): Promise<void> => {
    setSettingUp(true);
    try {
      setSetup(await beginTwoFactorSetup());
      setMode('2fa-setup');
    } catch (err) {
      if (!needsReauth(err, startSetup)) toast({ title: t('adminSecurity.common.setupFailed'), description: errorMessage(err, t('adminSecurity.center.setupStartError')), variant: 'destructive' });
    } finally {
      setSettingUp(false);
    }
  };

  const heading = HEADINGS[mode];
  return (
    <AdminAuthShell title={t(heading.title)} subtitle={t(heading.subtitle)}>
      {mode === 'login' || mode === '2fa-login' ? (
        <SignInForm
          step={mode}
          onStepChange={setMode}
          onPasswordSignIn={async (s) => {
            if (await accept(s)) {
              toast({ title: t('adminSecurity.center.signedIn'), description: t('adminSecurity.center.welcomeBack', { username: s.user.username }), variant: 'success' });
              setMode('security-status');
            }
          }}
          onFullSignIn={async (s) => {
            if (await accept(s)) {
              toast({ title: t('adminSecurity.center.signedIn'), description: t('adminSecurity.center.welcomeBack', { username: s.user.username }), variant: 'success' });
              navigate('/admin');
            }
          }}
        />
      ) : null}
      <Suspense fallback={<PageSpinner label={t('adminSecurity.center.loadingAccount')} />}>
        {mode === 'security-status' ? (
          <div className="flex flex-col gap-4">
            {user ? (
              <p className="text-sm text-muted-foreground">
                {t('adminSecurity.center.signedInAs')} <span className="font-medium text-foreground">{user.email ?? user.username}</span>
              </p>
            ) : null}
            <SecurityStatusCard settingUp={settingUp} onSetupTwoFactor={() => void startSetup()} onContinue={() => navigate('/admin')} onReauthNeeded={needsReauth} />
            <Button
              variant="ghost"
              onClick={async () => {
                await logout();
                setMode('login');
              }}
            >
              {t('adminSecurity.center.signOut')}
            </Button>
          </div>
        ) : null}
        {mode === '2fa-setup' && setup ? (
          <TwoFactorSetup
            setup={setup}
            onCancel={() => setMode('security-status')}
            onEnabled={(backupCodes) => {
              setCodes(backupCodes);
              setSetup(null);
              setMode('backup-codes');
            }}
          />
        ) : null}
        {mode === 'backup-codes' ? (
          <BackupCodesCard
            codes={codes}
            onDone={async () => {
              setCodes([]);
              await queryClient.invalidateQueries({ queryKey: securityStatusQuery().queryKey });
              setMode('security-status');
            }}
          />
        ) : null}
      </Suspense>
      {/* Its own wait, so the card behind stays on screen while the dialog loads. */}
      <Suspense fallback={null}>
        {pendingAction && user?.email ? (
          <ReauthDialog
            email={user.email}
            twoFactorEnabled={status.data?.twoFactorEnabled ?? false}
            onCancel={() => setPendingAction(null)}
            onSignedIn={async (session) => {
              if (!(await accept(session))) return;
              const retry = pendingAction;
              setPendingAction(null);
              await retry();
            }}
          />
        ) : null}
      </Suspense>
    </AdminAuthShell>
  );
}
