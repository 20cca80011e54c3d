// "Confirm it is you": changing 2FA or adding a passkey needs a sign-in from the last 15 minutes
// (server answer 403 REAUTH_REQUIRED). Instead of sending the admin away to sign in again, this asks
// for the password (and the authenticator code when 2FA is on) right here, takes the fresh session
// and lets the caller carry on with what was asked.
import { useState, type FormEvent } from 'react';
import type { AuthResponse } from '../../../../contract/accounts.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { signInWithPassword, signInWithSecondFactor } from '../api.ts';

export interface ReauthDialogProps {
  email: string;
  twoFactorEnabled: boolean;
  /** Gets the fresh session; resolves once it is in use. */
  onSignedIn(session: AuthResponse): Promise<void>;
  onCancel(): void;
}

export function ReauthDialog({ email, twoFactorEnabled, onSignedIn, onCancel }: ReauthDialogProps) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const session = twoFactorEnabled
        ? await signInWithSecondFactor({ email, password, twoFactorToken: code.trim() })
        : await signInWithPassword(email, password);
      await onSignedIn(session);
    } catch (err) {
      setError(errorMessage(err, t('adminSecurity.reauth.error')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title={t('adminSecurity.reauth.title')}
      description={t('adminSecurity.reauth.text')}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label={t('adminSecurity.common.password')} error={error ?? undefined}>
          <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </Field>
        {twoFactorEnabled ? (
          <Field label={t('adminSecurity.reauth.code')}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} className="tabular tracking-widest" />
          </Field>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={busy} onClick={onCancel}>
            {t('adminSecurity.common.cancel')}
          </Button>
          <Button type="submit" loading={busy} loadingText={t('adminSecurity.reauth.checking')} disabled={!password || (twoFactorEnabled && code.length !== 6)}>
            {t('adminSecurity.reauth.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
