// "Delete my account" on the profile page: what happens, in plain words (sessions end, personal
// data erased or replaced by a pseudonym, screenshots deleted, the financial records the law
// requires kept for 7 years under the pseudonym), the password, and a last confirmation. The
// server refuses while money is in the wallet or something waits for review, and says what to do;
// a balance below the minimum withdrawal (which could never be paid out) may be given up, ticked on
// purpose. Only a wrong password marks the password field; any other refusal is a note above it.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatINR } from '../../../lib/format.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { eraseMyAccount } from '../api.ts';

const WHAT_HAPPENS = ['profile.delete.sessions', 'profile.delete.erased', 'profile.delete.screenshots', 'profile.delete.kept', 'profile.delete.final'] as const;

export function DeleteAccountCard() {
  const t = useT();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** The balance below the minimum the server said can only be given up; then the consent box shows. */
  const [forfeitable, setForfeitable] = useState<string | null>(null);
  const [forfeit, setForfeit] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const ask = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('profile.delete.passwordRequired'));
      return;
    }
    setError(null);
    if (forfeitable && !forfeit) {
      setRefusal(t('profile.delete.forfeitRequired', { amount: formatINR(forfeitable) }));
      return;
    }
    setConfirming(true);
  };

  const erase = async () => {
    setBusy(true);
    try {
      await eraseMyAccount(password, forfeitable !== null && forfeit);
      setConfirming(false);
      await logout();
      toast({ title: t('profile.delete.doneTitle'), description: t('profile.delete.doneText'), variant: 'success' });
      navigate('/login', { replace: true });
    } catch (err) {
      setConfirming(false);
      const message = errorMessage(err, t('profile.delete.failed'));
      if (err instanceof ApiError && err.code === 'INVALID_CREDENTIALS') {
        setError(message);
        setRefusal(null);
      } else {
        setError(null);
        setRefusal(message);
        if (err instanceof ApiError && err.code === 'WALLET_NOT_EMPTY' && err.fields?.forfeitBalance) setForfeitable(err.fields.forfeitBalance);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <Trash2 aria-hidden="true" className="size-5" /> {t('profile.delete.title')}
        </CardTitle>
        <CardDescription>{t('profile.delete.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={ask} noValidate>
          <ul className="flex list-disc flex-col gap-1 ps-5 text-sm">
            {WHAT_HAPPENS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">{t('profile.delete.moneyFirst')}</p>
          {refusal ? (
            <p role="alert" className="rounded-[10px] bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground">
              {refusal}
            </p>
          ) : null}
          {forfeitable ? (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1 size-4 accent-destructive" checked={forfeit} onChange={(e) => setForfeit(e.target.checked)} />
              <span>{t('profile.delete.forfeitConsent', { amount: formatINR(forfeitable) })}</span>
            </label>
          ) : null}
          <Field label={t('profile.delete.password')} error={error ?? undefined}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Button type="submit" variant="destructive" className="w-full sm:w-auto sm:self-start">
            <Trash2 aria-hidden="true" className="size-4" /> {t('profile.delete.button')}
          </Button>
        </form>
      </CardContent>
      {confirming ? (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open && !busy) setConfirming(false);
          }}
          title={t('profile.delete.confirmTitle')}
          description={t('profile.delete.confirmText')}
          footer={
            <>
              <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
                {t('profile.delete.cancel')}
              </Button>
              <Button variant="destructive" loading={busy} loadingText={t('profile.delete.deleting')} onClick={() => void erase()}>
                {t('profile.delete.confirm')}
              </Button>
            </>
          }
        />
      ) : null}
    </Card>
  );
}
