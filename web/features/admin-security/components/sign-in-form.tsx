// Admin sign-in: e-mail (prefilled and read-only when this device remembers it) and password; on
// TWO_FACTOR_REQUIRED the same form asks for an authenticator code or a backup code. 'Use Passkey'
// signs in with WebAuthn instead.
import { useState, type FormEvent } from 'react';
import { Fingerprint, KeyRound, LockKeyhole } from 'lucide-react';
import type { AuthResponse } from '../../../../contract/accounts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { readLastAdminEmail, signInWithPasskey, signInWithPassword, signInWithSecondFactor } from '../api.ts';

export type SignInStep = 'login' | '2fa-login';

export interface SignInFormProps {
  step: SignInStep;
  onStepChange(step: SignInStep): void;
  /** Password-only sign-in succeeded (no 2FA on the account). */
  onPasswordSignIn(session: AuthResponse): Promise<void>;
  /** 2FA or passkey sign-in succeeded: straight to the panel. */
  onFullSignIn(session: AuthResponse): Promise<void>;
}

function webAuthnMessage(err: unknown): string {
  if (err instanceof ApiError) return errorMessage(err, 'Passkey sign-in failed');
  if (err instanceof Error && err.name === 'NotAllowedError') return 'The passkey prompt was closed or timed out.';
  if (err instanceof Error && err.message) return err.message;
  return 'Passkey sign-in failed';
}

export function SignInForm({ step, onStepChange, onPasswordSignIn, onFullSignIn }: SignInFormProps) {
  const [remembered, setRemembered] = useState(() => readLastAdminEmail());
  const [email, setEmail] = useState(remembered);
  const [password, setPassword] = useState('');
  const [method, setMethod] = useState<'code' | 'backup'>('code');
  const [code, setCode] = useState('');
  const [backupCode, setBackupCode] = useState('');
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);
  const [emailError, setEmailError] = useState<string>();

  const emailLocked = Boolean(remembered);
  const secondFactorReady = method === 'code' ? code.length === 6 : backupCode.trim().length > 0;

  const fail = (err: unknown, fallback: string) => toast({ title: 'Authentication Failed', description: errorMessage(err, fallback), variant: 'destructive' });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setEmailError('Enter your admin email');
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
          fail(err, 'Invalid email or password');
        }
        return;
      }
      if (!secondFactorReady) {
        fail(null, method === 'code' ? 'Enter the 6-digit code from your authenticator app' : 'Enter one of your backup codes');
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
        fail(err, 'Invalid code');
      }
    } finally {
      setBusy(null);
    }
  };

  const usePasskey = async () => {
    if (!email.trim()) {
      setEmailError('Enter your admin email to use a passkey');
      return;
    }
    setBusy('passkey');
    try {
      const session = await signInWithPasskey(email.trim());
      await onFullSignIn(session);
    } catch (err) {
      toast({ title: 'Passkey Authentication Failed', description: webAuthnMessage(err), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field
        label="Admin Email"
        error={emailError}
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
              Use another email
            </button>
          ) : undefined
        }
        hint={emailLocked ? 'Last used on this device.' : undefined}
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
      <Field label="Password">
        <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>

      {step === '2fa-login' ? (
        <div className="hc-border flex flex-col gap-3 rounded-[12px] border border-border bg-muted/60 p-4">
          <div className="flex items-start gap-2.5">
            <LockKeyhole aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <div>
              <h2 className="font-semibold">Two-factor authentication</h2>
              <p className="text-sm text-muted-foreground">
                {method === 'code' ? 'Enter the 6-digit code from your authenticator app.' : 'Enter one of your backup codes. Each code works once.'}
              </p>
            </div>
          </div>
          {method === 'code' ? (
            <Field label="Authentication code">
              <OtpInput value={code} onValueChange={setCode} length={6} maxLength={6} autoFocus />
            </Field>
          ) : (
            <Field label="Backup code">
              <Input value={backupCode} autoComplete="off" spellCheck={false} className="font-mono tracking-wider" onChange={(e) => setBackupCode(e.target.value)} autoFocus />
            </Field>
          )}
          <button
            type="button"
            className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => setMethod(method === 'code' ? 'backup' : 'code')}
          >
            {method === 'code' ? 'Use a backup code instead' : 'Use an authenticator code instead'}
          </button>
        </div>
      ) : null}

      <Button type="submit" size="lg" disabled={!password || busy === 'passkey'} loading={busy === 'password'} loadingText="Signing in…" className="w-full">
        <KeyRound aria-hidden="true" className="size-4" />
        {step === '2fa-login' ? 'Verify & Sign In' : 'Sign In'}
      </Button>

      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" /> or <span className="h-px flex-1 bg-border" />
      </div>
      <Button variant="outline" size="lg" className="w-full" loading={busy === 'passkey'} loadingText="Waiting for passkey…" disabled={busy === 'password'} onClick={usePasskey}>
        <Fingerprint aria-hidden="true" className="size-4" /> Use Passkey
      </Button>
      {step === '2fa-login' ? (
        <Button variant="ghost" onClick={() => onStepChange('login')}>
          Back to password sign-in
        </Button>
      ) : null}
    </form>
  );
}
