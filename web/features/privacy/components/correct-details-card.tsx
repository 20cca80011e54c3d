// "Correct my details" on the profile page: the name and email (checked as at sign-up), and the
// mobile number, which changes only with the SMS code sent to the new number.
import { useState, type FormEvent } from 'react';
import { PencilLine, Smartphone } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { PhoneInput } from '../../../components/ui/phone-input.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { startPhoneChange, updateMyProfile, verifyPhoneChange } from '../api.ts';

type Errors = Partial<Record<'username' | 'email' | 'phone' | 'otpCode', string>>;

export function CorrectDetailsCard() {
  const t = useT();
  const { user, refreshUser } = useAuth();
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'details' | 'phone' | 'code' | null>(null);

  const fail = (err: unknown, title: string) => {
    if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors);
    toast({ title, description: errorMessage(err, t('profile.correct.failed')), variant: 'destructive' });
  };

  const saveDetails = async (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!username.trim()) next.username = 'Username is required';
    if (email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) next.email = 'Enter a valid email address';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy('details');
    try {
      await updateMyProfile({ username: username.trim(), email: email.trim() || null });
      await refreshUser();
      toast({ title: t('profile.correct.savedTitle'), description: t('profile.correct.savedText'), variant: 'success' });
    } catch (err) {
      fail(err, t('profile.correct.failedTitle'));
    } finally {
      setBusy(null);
    }
  };

  const sendCode = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{10}$/.test(phone)) {
      setErrors({ phone: 'Enter 10-digit mobile number' });
      return;
    }
    setErrors({});
    setBusy('phone');
    try {
      await startPhoneChange(phone);
      setSentTo(phone);
      setCode('');
      toast({ title: t('profile.correct.codeSentTitle'), description: t('profile.correct.codeSentText', { phone: `+91 ${phone}` }), variant: 'success' });
    } catch (err) {
      fail(err, t('profile.correct.phoneFailedTitle'));
    } finally {
      setBusy(null);
    }
  };

  const confirmCode = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) return;
    setBusy('code');
    try {
      await verifyPhoneChange(code);
      await refreshUser();
      setSentTo(null);
      setPhone('');
      toast({ title: t('profile.correct.phoneChangedTitle'), description: t('profile.correct.phoneChangedText'), variant: 'success' });
    } catch (err) {
      fail(err, t('profile.correct.phoneFailedTitle'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <PencilLine aria-hidden="true" className="size-5 text-primary" /> {t('profile.correct.title')}
        </CardTitle>
        <CardDescription>{t('profile.correct.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <form className="flex flex-col gap-4" onSubmit={(e) => void saveDetails(e)} noValidate>
          <Field label={t('profile.account.username')} error={errors.username}>
            <Input autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} maxLength={50} />
          </Field>
          <Field label={t('profile.account.email')} error={errors.email} hint={t('profile.correct.emailHint')}>
            <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          <Button type="submit" variant="outline" loading={busy === 'details'} className="w-full sm:w-auto sm:self-start">
            {t('profile.correct.save')}
          </Button>
        </form>
        <div className="flex flex-col gap-4 border-t border-border pt-5">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <Smartphone aria-hidden="true" className="size-4 text-primary" /> {t('profile.correct.phoneTitle')}
          </h3>
          <p className="text-sm text-muted-foreground">{t('profile.correct.phoneText')}</p>
          {sentTo ? (
            <form className="flex flex-col gap-4" onSubmit={(e) => void confirmCode(e)} noValidate>
              <Field label={t('profile.correct.codeLabel', { phone: `+91 ${sentTo}` })} error={errors.otpCode}>
                <OtpInput name="otp" value={code} onValueChange={setCode} />
              </Field>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button type="submit" disabled={code.length !== 6} loading={busy === 'code'}>
                  {t('profile.correct.confirm')}
                </Button>
                <Button type="button" variant="outline" onClick={() => setSentTo(null)}>
                  {t('profile.correct.otherNumber')}
                </Button>
              </div>
            </form>
          ) : (
            <form className="flex flex-col gap-4" onSubmit={(e) => void sendCode(e)} noValidate>
              <Field label={t('profile.correct.newPhone')} error={errors.phone}>
                <PhoneInput name="newPhone" value={phone} onValueChange={setPhone} />
              </Field>
              <Button type="submit" variant="outline" loading={busy === 'phone'} className="w-full sm:w-auto sm:self-start">
                {t('profile.correct.sendCode')}
              </Button>
            </form>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
