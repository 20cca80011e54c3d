// Login screen (/login, and in place of any protected screen when signed out): mobile number +
// password, and the three-step forgot-password flow (phone -> otp -> password) on the same screen.
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ArrowLeft, KeyRound, Smartphone } from 'lucide-react';
import { OTP_RESEND_COOLDOWN_S } from '../../contract/constants.ts';
import { AuthLayout } from '../components/layout/auth-layout.tsx';
import { Button } from '../components/ui/button.tsx';
import { Field } from '../components/ui/field.tsx';
import { OtpInput } from '../components/ui/otp-input.tsx';
import { PasswordInput } from '../components/ui/password-input.tsx';
import { PhoneInput } from '../components/ui/phone-input.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { api, ApiError, errorMessage } from '../lib/api-client.ts';
import { InvalidResponseError, useAuth } from '../lib/auth.tsx';
import { useT, type MessageKey } from '../i18n/t.ts';
import { useBusyAction } from '../lib/use-busy-action.ts';
import { formatCountdown, useCountdown } from '../lib/use-countdown.ts';
import { HydratedForm } from '../components/ui/hydrated-form.tsx';

type Step = 'login' | 'phone' | 'otp' | 'password';

const TITLES: Record<Step, { title: MessageKey; subtitle: MessageKey }> = {
  login: { title: 'auth.login.title', subtitle: 'auth.login.subtitle' },
  phone: { title: 'auth.reset.phoneTitle', subtitle: 'auth.reset.phoneSubtitle' },
  otp: { title: 'auth.reset.otpTitle', subtitle: 'auth.reset.otpSubtitle' },
  password: { title: 'auth.reset.passwordTitle', subtitle: 'auth.reset.passwordSubtitle' },
};

export default function LoginScreen() {
  const { pathname } = useLocation();
  const t = useT();
  const { login, user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [step, setStep] = useState<Step>('login');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; password?: string }>({});
  const { busy, run } = useBusyAction();

  const [resetPhone, setResetPhone] = useState('');
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const cooldown = useCountdown();

  const backToLogin = () => {
    setStep('login');
    setResetPhone('');
    setOtp('');
    setNewPassword('');
    setConfirmPassword('');
    setPhone('');
    setPassword('');
    setErrors({});
  };

  const onLogin = async (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    // The contract's validation texts (English), shown translated by FieldError.
    if (!phone) next.phone = 'Enter your mobile number';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    if (next.phone || next.password) return;
    await run(
      async () => {
        await login(phone, password);
        toast({ title: t('auth.login.successTitle'), description: t('auth.login.successText'), variant: 'success' });
        navigate('/dashboard');
      },
      {
        title: t('auth.login.failedTitle'),
        fallback: t('auth.login.invalidCredentials'),
        message: (err) => (err instanceof InvalidResponseError ? err.message : errorMessage(err, t('auth.login.invalidCredentials'))),
      },
    );
  };

  const sendResetOtp = async () => {
    if (!resetPhone) {
      toast({ title: t('auth.reset.phoneRequiredTitle'), description: t('auth.reset.phoneRequiredText'), variant: 'destructive' });
      return;
    }
    await run(
      async () => {
        try {
          await api.post('/api/forgot-password', { phone: resetPhone });
        } catch (err) {
          // A code went out moments ago (the form was closed and opened again): that code still
          // works, so the person goes on to enter it instead of waiting. (Any other 429, such as
          // the hourly cap, is shown as it is.)
          const wait = err instanceof ApiError && err.status === 429 ? /wait (\d+) seconds/.exec(err.serverMessage ?? '') : null;
          if (!wait) throw err;
          const seconds = Number(wait[1]);
          toast({ title: t('auth.reset.codeAlreadySentTitle'), description: t('auth.reset.codeAlreadySentText') });
          cooldown.start(seconds);
          setStep('otp');
          return;
        }
        toast({ title: t('auth.reset.otpSentTitle'), description: t('auth.reset.otpSentText') });
        cooldown.start(OTP_RESEND_COOLDOWN_S);
        setStep('otp');
      },
      { title: t('common.error'), fallback: t('auth.reset.sendFailed') },
    );
  };

  const verifyOtp = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(otp)) {
      toast({ title: t('auth.reset.invalidOtpTitle'), description: t('auth.reset.invalidOtpText'), variant: 'destructive' });
      return;
    }
    await run(
      async () => {
        await api.post('/api/verify-reset-otp', { phone: resetPhone, otp });
        toast({ title: t('auth.reset.otpVerifiedTitle'), description: t('auth.reset.otpVerifiedText'), variant: 'success' });
        setStep('password');
      },
      { title: t('auth.reset.invalidOtpTitle'), fallback: t('auth.reset.invalidOtpText') },
    );
  };

  const resetPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword.length < 6) {
      toast({ title: t('auth.reset.tooShortTitle'), description: t('auth.reset.tooShortText'), variant: 'destructive' });
      return;
    }
    if (newPassword !== confirmPassword) {
      toast({ title: t('auth.reset.mismatchTitle'), description: t('auth.reset.mismatchText'), variant: 'destructive' });
      return;
    }
    await run(
      async () => {
        await api.post('/api/reset-password', { phone: resetPhone, otp, newPassword });
        toast({ title: t('auth.reset.successTitle'), description: t('auth.reset.successText'), variant: 'success' });
        backToLogin();
      },
      { title: t('auth.reset.failedTitle'), fallback: t('auth.reset.failedText') },
    );
  };

  // Already signed in and on /login itself: nothing to do here.
  if (user && location.pathname === '/login') return <Navigate to="/dashboard" replace />;

  const { title, subtitle } = TITLES[step];
  const backLink = (
    <Button variant="ghost" className="w-full" onClick={backToLogin}>
      <ArrowLeft aria-hidden="true" className="size-4" /> {t('auth.reset.backToLogin')}
    </Button>
  );

  return (
    <AuthLayout title={t(title)} subtitle={t(subtitle)}>
      {step === 'login' ? (
        <HydratedForm onSubmit={onLogin} noValidate className="flex flex-col gap-5">
          <Field label={t('auth.fields.mobileNumber')} error={errors.phone}>
            <PhoneInput name="phone" value={phone} onValueChange={setPhone} />
          </Field>
          <Field
            label={t('auth.fields.password')}
            error={errors.password}
            labelAside={
              <button type="button" onClick={() => setStep('phone')} className="rounded text-sm font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring">
                {t('auth.login.forgotPassword')}
              </button>
            }
          >
            <PasswordInput name="password" autoComplete="current-password" placeholder={t('auth.login.passwordPlaceholder')} value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={busy} loadingText={t('auth.login.signingIn')}>
            {t('auth.login.submit')}
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            {t('auth.login.noAccount')}{' '}
            <Link to="/register" className="font-semibold text-primary hover:underline">
              {t('auth.login.registerLink')}
            </Link>
          </p>
          {/* Shown in place of an admin page to someone signed out: admins sign in elsewhere. */}
          {pathname.startsWith('/admin') ? (
            <p className="text-center text-sm text-muted-foreground">
              {t('auth.login.adminQuestion')}{' '}
              <Link to="/admin-login" className="font-semibold text-primary hover:underline">
                {t('auth.login.adminLink')}
              </Link>
            </p>
          ) : null}
        </HydratedForm>
      ) : null}

      {step === 'phone' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void sendResetOtp();
          }}
          noValidate
          className="flex flex-col gap-5"
        >
          <StepIndicator current={1} />
          <Field label={t('auth.fields.mobileNumber')} hint={t('auth.reset.phoneHint')}>
            <PhoneInput name="reset-phone" value={resetPhone} onValueChange={setResetPhone} />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            <Smartphone aria-hidden="true" className="size-4" /> {t('auth.reset.sendOtp')}
          </Button>
          {backLink}
        </form>
      ) : null}

      {step === 'otp' ? (
        <form onSubmit={verifyOtp} noValidate className="flex flex-col gap-5">
          <StepIndicator current={2} />
          <p className="text-sm text-muted-foreground">
            {t('auth.otp.codeSentTo')} <span className="tabular font-semibold text-foreground">+91 {resetPhone}</span>
          </p>
          <Field label={t('auth.otp.codeLabel')}>
            <OtpInput name="otp" value={otp} onValueChange={setOtp} autoFocus />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            {t('auth.reset.verifyOtp')}
          </Button>
          <div className="text-center text-sm">
            {cooldown.seconds > 0 ? (
              <span className="text-muted-foreground">{t('auth.otp.resendIn', { time: formatCountdown(cooldown.seconds) })}</span>
            ) : (
              <button type="button" disabled={busy} onClick={() => void sendResetOtp()} className="font-semibold text-primary hover:underline disabled:opacity-50">
                {t('auth.otp.resend')}
              </button>
            )}
          </div>
          {backLink}
        </form>
      ) : null}

      {step === 'password' ? (
        <form onSubmit={resetPassword} noValidate className="flex flex-col gap-5">
          <StepIndicator current={3} />
          <Field label={t('auth.reset.newPassword')} hint={t('auth.fields.passwordHint')}>
            <PasswordInput name="new-password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} autoFocus />
          </Field>
          <Field label={t('auth.reset.confirmPassword')}>
            <PasswordInput name="confirm-password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            <KeyRound aria-hidden="true" className="size-4" /> {t('auth.reset.submit')}
          </Button>
          {backLink}
        </form>
      ) : null}
    </AuthLayout>
  );
}

const STEP_LABELS: MessageKey[] = ['auth.reset.steps.mobile', 'auth.reset.steps.verify', 'auth.reset.steps.password'];

function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  const t = useT();
  return (
    <ol aria-label={t('auth.reset.steps.label', { current, total: STEP_LABELS.length })} className="flex items-center gap-2">
      {STEP_LABELS.map((l, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'todo';
        return (
          <li key={l} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-1 flex-col gap-1.5">
            <span className={`h-1.5 rounded-full ${state === 'todo' ? 'bg-muted' : 'bg-primary'}`} />
            <span className={`text-xs ${state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground'}`}>{t(l)}</span>
          </li>
        );
      })}
    </ol>
  );
}
