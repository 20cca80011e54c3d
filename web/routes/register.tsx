// Register screen (/register, ?ref=CODE prefills the referral code): the form with the itemised
// privacy notice to accept (its version is stored with the account), then the SMS code step
// (6 digits, verify disabled until complete, resend after a 60 s cooldown); verified -> /dashboard.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { OTP_RESEND_COOLDOWN_S, PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';
import { AuthLayout } from '../components/layout/auth-layout.tsx';
import { Button } from '../components/ui/button.tsx';
import { Field } from '../components/ui/field.tsx';
import { Input } from '../components/ui/input.tsx';
import { OtpInput } from '../components/ui/otp-input.tsx';
import { PasswordInput } from '../components/ui/password-input.tsx';
import { PhoneInput } from '../components/ui/phone-input.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { ConsentNotice } from '../features/privacy/components/consent-notice.tsx';
import { ApiError } from '../lib/api-client.ts';
import { BRAND } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { useBusyAction } from '../lib/use-busy-action.ts';
import { formatCountdown, useCountdown } from '../lib/use-countdown.ts';
import { useT } from '../i18n/t.ts';
import { HydratedForm } from '../components/ui/hydrated-form.tsx';

interface FormState {
  username: string;
  phone: string;
  email: string;
  password: string;
  referralCode: string;
}
type Errors = Partial<Record<keyof FormState, string>>;

/** Field errors use the contract's validation texts (English), shown translated by FieldError. */
function validate(f: FormState): Errors {
  const e: Errors = {};
  if (!f.username.trim()) e.username = 'Username is required';
  if (!/^\d{10}$/.test(f.phone)) e.phone = 'Enter 10-digit mobile number';
  if (f.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) e.email = 'Enter a valid email address';
  if (!f.password) e.password = 'Password is required';
  else if (f.password.length < 6) e.password = 'Password must be at least 6 characters';
  if (!f.referralCode.trim()) e.referralCode = 'Referral code is required to create an account';
  return e;
}

export default function RegisterScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { register, verifyOtp, resendOtp } = useAuth();
  const [form, setForm] = useState<FormState>({ username: '', phone: '', email: '', password: '', referralCode: (params.get('ref') ?? '').trim().toUpperCase() });
  const [errors, setErrors] = useState<Errors>({});
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const { busy, run } = useBusyAction();
  const [userId, setUserId] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const cooldown = useCountdown();

  const set = (k: keyof FormState) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const onRegister = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(form);
    setErrors(v);
    setConsentError(consent ? null : t('consent.required'));
    if (Object.keys(v).length > 0 || !consent) return;
    await run(
      async () => {
        const res = await register({
          username: form.username.trim(),
          phone: form.phone,
          email: form.email.trim() || undefined,
          password: form.password,
          referralCode: form.referralCode.trim(),
          policyVersion: PRIVACY_POLICY_VERSION,
        });
        setUserId(res.userId);
        setOtp('');
        cooldown.start(OTP_RESEND_COOLDOWN_S);
        toast({ title: t('auth.register.successTitle'), description: t('auth.register.successText'), variant: 'success' });
      },
      {
        title: t('auth.register.failedTitle'),
        fallback: t('auth.register.failedText'),
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields as Errors);
        },
      },
    );
  };

  const onVerify = async (e: FormEvent) => {
    e.preventDefault();
    if (!userId || otp.length !== 6) return;
    await run(
      async () => {
        await verifyOtp(userId, otp);
        toast({ title: t('auth.register.verifiedTitle'), description: t('auth.register.verifiedText', { brand: BRAND }), variant: 'success' });
        navigate('/dashboard');
      },
      { title: t('auth.register.verifyFailedTitle'), fallback: t('auth.register.verifyFailedText') },
    );
  };

  const onResend = async () => {
    if (!userId || cooldown.seconds > 0 || busy) return;
    await run(
      async () => {
        await resendOtp(userId);
        cooldown.start(OTP_RESEND_COOLDOWN_S);
        toast({ title: t('auth.register.resentTitle'), description: t('auth.register.resentText'), variant: 'success' });
      },
      { title: t('auth.register.resendFailedTitle'), fallback: t('auth.register.resendFailedText') },
    );
  };

  if (userId) {
    return (
      <AuthLayout title={t('auth.register.verifyTitle')} subtitle={t('auth.register.verifySubtitle', { phone: `+91 ${form.phone}` })}>
        <form onSubmit={onVerify} noValidate className="flex flex-col gap-5">
          <div className="hc-border flex items-center gap-3 rounded-[12px] bg-primary-soft p-3 text-sm text-primary-soft-foreground">
            <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
            <span>
              {t('auth.otp.codeSentTo')} <span className="tabular font-semibold">+91 {form.phone}</span>
              {t('auth.register.codeExpires')}
            </span>
          </div>
          <Field label={t('auth.otp.codeLabel')}>
            <OtpInput name="otp" value={otp} onValueChange={setOtp} autoFocus />
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={otp.length !== 6} loading={busy}>
            {t('auth.register.verifySubmit')}
          </Button>
          <div className="flex items-center justify-between text-sm">
            <button
              type="button"
              onClick={() => {
                setUserId(null);
                setOtp('');
              }}
              className="inline-flex items-center gap-1 font-medium text-muted-foreground hover:text-foreground"
            >
              <ArrowLeft aria-hidden="true" className="size-4" /> {t('auth.register.editDetails')}
            </button>
            <button type="button" onClick={() => void onResend()} disabled={cooldown.seconds > 0 || busy} className="font-semibold text-primary hover:underline disabled:cursor-not-allowed disabled:text-muted-foreground disabled:no-underline">
              {cooldown.seconds > 0 ? t('auth.otp.resendIn', { time: formatCountdown(cooldown.seconds) }) : t('auth.otp.resend')}
            </button>
          </div>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <HydratedForm onSubmit={onRegister} noValidate className="flex flex-col gap-4">
        <Field label={t('auth.fields.username')} error={errors.username}>
          <Input name="username" autoComplete="username" placeholder={t('auth.register.usernamePlaceholder')} value={form.username} onChange={(e) => set('username')(e.target.value)} />
        </Field>
        <Field label={t('auth.fields.mobileNumber')} error={errors.phone}>
          <PhoneInput name="phone" value={form.phone} onValueChange={set('phone')} />
        </Field>
        <Field label={t('auth.register.emailLabel')} error={errors.email}>
          <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" value={form.email} onChange={(e) => set('email')(e.target.value)} />
        </Field>
        <Field label={t('auth.fields.password')} error={errors.password} hint={errors.password ? undefined : t('auth.fields.passwordHint')}>
          <PasswordInput name="password" autoComplete="new-password" placeholder={t('auth.register.passwordPlaceholder')} value={form.password} onChange={(e) => set('password')(e.target.value)} />
        </Field>
        <Field label={t('auth.register.referralLabel')} error={errors.referralCode} hint={errors.referralCode ? undefined : t('auth.register.referralHint')}>
          <Input
            name="referralCode"
            autoCapitalize="characters"
            placeholder={t('auth.register.referralPlaceholder', { example: 'RH7K2P9Q' })}
            className="font-semibold uppercase tracking-wider placeholder:font-normal placeholder:normal-case placeholder:tracking-normal"
            value={form.referralCode}
            onChange={(e) => set('referralCode')(e.target.value.toUpperCase())}
          />
        </Field>
        <ConsentNotice
          checked={consent}
          onCheckedChange={(v) => {
            setConsent(v);
            setConsentError(null);
          }}
          error={consentError}
        />
        <Button type="submit" size="lg" className="mt-1 w-full" loading={busy} loadingText={t('auth.register.creating')}>
          {t('auth.register.submit')}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          {t('auth.register.agreeStart')}{' '}
          <Link to="/terms-conditions" className="font-medium text-primary underline-offset-2 hover:underline">
            {t('layout.pages.termsConditions')}
          </Link>{' '}
          {t('auth.register.agreeAnd')}{' '}
          <Link to="/privacy-policy" className="font-medium text-primary underline-offset-2 hover:underline">
            {t('layout.pages.privacyPolicy')}
          </Link>
          {t('auth.register.agreeEnd')}
        </p>
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.register.haveAccount')}{' '}
          <Link to="/login" className="font-semibold text-primary hover:underline">
            {t('auth.register.loginLink')}
          </Link>
        </p>
      </HydratedForm>
    </AuthLayout>
  );
}
