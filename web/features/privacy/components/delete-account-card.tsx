// "Delete my account" on the profile page: what happens, in plain words (sessions end, personal
// data erased or replaced by a pseudonym, screenshots deleted, the financial records the law
// requires kept for 7 years under the pseudonym), the password, and a last confirmation. The
// server refuses while money is in the wallet or something waits for review, and says what to do.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { eraseMyAccount } from '../api.ts';

const WHAT_HAPPENS = ['profile.delete.sessions', 'profile.delete.erased', 'profile.delete.screenshots', 'profile.delete.kept', 'profile.delete.final'] as const;

export function DeleteAccountCard() {
  const t = useT();
  const navigate = useNavigate();
  const { logout } = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const ask = (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setError(t('profile.delete.passwordRequired'));
      return;
    }
    setError(null);
    setConfirming(true);
  };

  const erase = async () => {
    setBusy(true);
    try {
      await eraseMyAccount(password);
      setConfirming(false);
      await logout();
      toast({ title: t('profile.delete.doneTitle'), description: t('profile.delete.doneText'), variant: 'success' });
      navigate('/login', { replace: true });
    } catch (err) {
      setConfirming(false);
      setError(errorMessage(err, t('profile.delete.failed')));
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
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {WHAT_HAPPENS.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">{t('profile.delete.moneyFirst')}</p>
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
