// Admin sign-in: e-mail (prefilled and read-only when this device remembers it) and password; on
// TWO_FACTOR_REQUIRED the same form asks for an authenticator code or a backup code. 'Use Passkey'
// signs in with WebAuthn instead.
import { useEffect, useState, type FormEvent } from 'react';
import { Fingerprint, KeyRound, LockKeyhole } from 'lucide-react';
import type { AuthResponse } from '../../../../contract/accounts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT, type MessageKey, type Translate } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { readLastAdminEmail, signInWithPasskey, signInWithPassword, signInWithSecondFactor } from '../api.ts';
import { HydratedForm } from '../../../components/ui/hydrated-form.tsx';
import { useHydrated } from '../../../lib/use-hydrated.ts';

export type SignInStep = 'login' | '2fa-login';

export interface SignInFormProps {
  step: SignInStep;
  onStepChange(step: SignInStep): void;
  /** Password-only sign-in succeeded (no 2FA on the account). */
  onPasswordSignIn(session: AuthResponse): Promise<void>;
  /** 2FA or passkey sign-in succeeded: straight to the panel. */
  onFullSignIn(session: AuthResponse): Promise<void>;
}

function webAuthnMessage(err: unknown, t: Translate): string {
  if (err instanceof ApiError) return errorMessage(err, t('adminSecurity.signIn.passkeyFailed'));
  if (err instanceof Error && err.name === 'NotAllowedError') return t('adminSecurity.common.promptClosed');
  if (err instanceof Error && err.message) return err.message;
  return t('adminSecurity.signIn.passkeyFailed');
}

export function SignInForm({ step, onStepChange, onPasswordSignIn, onFullSignIn }: SignInFormProps) {
  const t = useT();
  // The device's memory at once when the app draws the form; on a page the server rendered (which
  // cannot know it), read as soon as the app has taken the page over.
  const hydrated = useHydrated();
  const [remembered, setRemembered] = useState(() => (hydrated ? readLastAdminEmail() : ''));
  const [email, setEmail] = useState(remembered);
  useEffect(() => {
    if (hydrated) return;
    const last = readLastAdminEmail();
    if (!last) return;
    setRemembered(last);
    setEmail(last);
    // Only for the render that hydrated the server's page.
  }, []);
  const [password, setPassword] = useState('');
  const [method, setMethod] = useState<'code' | 'backup'>('code');
  const [code, setCode] = useState('');
  const [backupCode, setBackupCode] = useState('');
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);
  const [emailError, setEmailError] = useState<MessageKey>();

  const emailLocked = Boolean(remembered);
  const secondFactorReady = method === 'code' ? code.length === 6 : backupCode.trim().length > 0;

  const fail = (err: unknown, fallback: MessageKey) => toast({ title: t('adminSecurity.common.authFailed'), description: errorMessage(err, t(fallback)), variant: 'destructive' });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setEmailError('adminSecurity.signIn.enterEmail');
      return;
    }
    if (!password) return;
    setBusy('password');
    try {
      if (step === 'login') {
        try {
          const session = await signInWithPassword(email.trim(), password);
          await onPasswordSignIn(session);
        } catch (err) {
          if (err instanceof ApiError && err.code === 'TWO_FACTOR_REQUIRED') {
            onStepChange('2fa-login');
            return;
          }
          fail(err, 'adminSecurity.signIn.invalidCredentials');
        }
        return;
      }
      if (!secondFactorReady) {
        fail(null, method === 'code' ? 'adminSecurity.signIn.enterCode' : 'adminSecurity.signIn.enterBackupCode');
        return;
      }
      try {
        const session = await signInWithSecondFactor({
          email: email.trim(),
          password,
          ...(method === 'code' ? { twoFactorToken: code } : { backupCode: backupCode.trim() }),
        });
        await onFullSignIn(session);
      } catch (err) {
        setCode('');
        fail(err, 'adminSecurity.signIn.invalidCode');
      }
    } finally {
      setBusy(null);
    }
  };

  const usePasskey = async () => {
    if (!email.trim()) {
      setEmailError('adminSecurity.signIn.enterEmailForPasskey');
      return;
    }
    setBusy('passkey');
    try {
      const session = await signInWithPasskey(email.trim());
      await onFullSignIn(session);
    } catch (err) {
      toast({ title: t('adminSecurity.signIn.passkeyAuthFailed'), description: webAuthnMessage(err, t), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <HydratedForm noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field
        label={t('adminSecurity.signIn.email')}
        error={emailError ? t(emailError) : undefined}
        labelAside={
          emailLocked ? (
            <button
              type="button"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              onClick={() => {
                setRemembered('');
                setEmail('');
                onStepChange('login');
              }}
            >
              {t('adminSecurity.signIn.useAnotherEmail')}
            </button>
          ) : undefined
        }
        hint={emailLocked ? t('adminSecurity.signIn.lastUsed') : undefined}
      >
        <Input
          type="email"
          autoComplete="username webauthn"
          value={email}
          readOnly={emailLocked}
          className={emailLocked ? 'bg-muted' : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setEmailError(undefined);
          }}
        />
      </Field>
      <Field label={t('adminSecurity.common.password')}>
        <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>

      {step === '2fa-login' ? (
        <div className="hc-border flex flex-col gap-3 rounded-[12px] border border-border bg-muted/60 p-4">
          <div className="flex items-start gap-2.5">
            <LockKeyhole aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold">{t('adminSecurity.common.twoFactor')}</h2>
              <p className="text-sm text-muted-foreground">
                {method === 'code' ? t('adminSecurity.signIn.codeHint') : t('adminSecurity.signIn.backupCodeHint')}
              </p>
            </div>
          </div>
          {method === 'code' ? (
            <Field label={t('adminSecurity.signIn.codeLabel')}>
              <OtpInput value={code} onValueChange={setCode} length={6} maxLength={6} autoFocus />
            </Field>
          ) : (
            <Field label={t('adminSecurity.signIn.backupCodeLabel')}>
              <Input value={backupCode} autoComplete="off" spellCheck={false} className="font-mono tracking-wider" onChange={(e) => setBackupCode(e.target.value)} autoFocus />
            </Field>
          )}
          <button
            type="button"
            className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => setMethod(method === 'code' ? 'backup' : 'code')}
          >
            {method === 'code' ? t('adminSecurity.signIn.useBackupCode') : t('adminSecurity.signIn.useAuthenticator')}
          </button>
        </div>
      ) : null}

      <Button type="submit" size="lg" disabled={!password || busy === 'passkey'} loading={busy === 'password'} loadingText={t('adminSecurity.signIn.signingIn')} className="w-full">
        <KeyRound aria-hidden="true" className="size-4" />
        {step === '2fa-login' ? t('adminSecurity.signIn.verifyAndSignIn') : t('adminSecurity.signIn.signIn')}
      </Button>

      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" /> {t('adminSecurity.signIn.or')} <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="outline" size="lg" className="w-full" loading={busy === 'passkey'} loadingText={t('adminSecurity.signIn.waitingForPasskey')} disabled={busy === 'password'} onClick={usePasskey}>
        <Fingerprint aria-hidden="true" className="size-4" /> {t('adminSecurity.signIn.usePasskey')}
      </Button>
      {step === '2fa-login' ? (
        <Button variant="ghost" onClick={() => onStepChange('login')}>
          {t('adminSecurity.signIn.back')}
        </Button>
      ) : null}
    </HydratedForm>
  );
}
