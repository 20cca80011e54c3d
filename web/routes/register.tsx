// Register screen (/register, ?ref=CODE prefills the referral code): the form, then the SMS code step
// (6 digits, verify disabled until complete, resend after a 60 s cooldown); verified -> /dashboard.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { OTP_RESEND_COOLDOWN_S } from '../../contract/constants.ts';
import { AuthLayout } from '../components/layout/auth-layout.tsx';
import { Button } from '../components/ui/button.tsx';
import { Field } from '../components/ui/field.tsx';
import { Input } from '../components/ui/input.tsx';
import { OtpInput } from '../components/ui/otp-input.tsx';
import { PasswordInput } from '../components/ui/password-input.tsx';
import { PhoneInput } from '../components/ui/phone-input.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { ApiError } from '../lib/api-client.ts';
import { BRAND } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { useBusyAction } from '../lib/use-busy-action.ts';
import { formatCountdown, useCountdown } from '../lib/use-countdown.ts';

interface FormState {
  username: string;
  phone: string;
  email: string;
  password: string;
  referralCode: string;
}
type Errors = Partial<Record<keyof FormState, string>>;

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
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { register, verifyOtp, resendOtp } = useAuth();
  const [form, setForm] = useState<FormState>({ username: '', phone: '', email: '', password: '', referralCode: (params.get('ref') ?? '').trim().toUpperCase() });
  const [errors, setErrors] = useState<Errors>({});
  const { busy, run } = useBusyAction();
  const [userId, setUserId] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const cooldown = useCountdown();

  const set = (k: keyof FormState) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const onRegister = async (e: FormEvent) => {
    e.preventDefault();
    const v = validate(form);
    setErrors(v);
    if (Object.keys(v).length > 0) return;
    await run(
      async () => {
        const res = await register({
          username: form.username.trim(),
          phone: form.phone,
          email: form.email.trim() || undefined,
          password: form.password,
          referralCode: form.referralCode.trim(),
        });
        setUserId(res.userId);
        setOtp('');
        cooldown.start(OTP_RESEND_COOLDOWN_S);
        toast({ title: 'Registration successful', description: 'OTP sent to your mobile number', variant: 'success' });
      },
      {
        title: 'Registration failed',
        fallback: 'Please check your details and try again',
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
        toast({ title: 'Account verified', description: `Welcome to ${BRAND}!`, variant: 'success' });
        navigate('/dashboard');
      },
      { title: 'Verification failed', fallback: 'Invalid or expired code' },
    );
  };

  const onResend = async () => {
    if (!userId || cooldown.seconds > 0 || busy) return;
    await run(
      async () => {
        await resendOtp(userId);
        cooldown.start(OTP_RESEND_COOLDOWN_S);
        toast({ title: 'OTP Resent', description: 'New OTP sent to your mobile number', variant: 'success' });
      },
      { title: 'Resend failed', fallback: 'Please try again shortly' },
    );
  };

  if (userId) {
    return (
      <AuthLayout title="Verify your number" subtitle={`Enter the 6-digit code we sent to +91 ${form.phone}.`}>
        <form onSubmit={onVerify} noValidate className="flex flex-col gap-5">
          <div className="hc-border flex items-center gap-3 rounded-[12px] bg-primary-soft p-3 text-sm text-primary-soft-foreground">
            <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
            <span>
              Code sent to <span className="tabular font-semibold">+91 {form.phone}</span>. It expires in 10 minutes.
            </span>
          </div>
          <Field label="Verification code">
            <OtpInput name="otp" value={otp} onValueChange={setOtp} autoFocus />
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={otp.length !== 6} loading={busy}>
            Verify & Continue
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
              <ArrowLeft aria-hidden="true" className="size-4" /> Edit details
            </button>
            <button type="button" onClick={() => void onResend()} disabled={cooldown.seconds > 0 || busy} className="font-semibold text-primary hover:underline disabled:cursor-not-allowed disabled:text-muted-foreground disabled:no-underline">
              {cooldown.seconds > 0 ? `Resend OTP in ${formatCountdown(cooldown.seconds)}` : 'Resend OTP'}
            </button>
          </div>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Join with a friend's referral code and start earning.">
      <form onSubmit={onRegister} noValidate className="flex flex-col gap-4">
        <Field label="Username" error={errors.username}>
          <Input name="username" autoComplete="username" placeholder="Your name" value={form.username} onChange={(e) => set('username')(e.target.value)} />
        </Field>
        <Field label="Mobile Number" error={errors.phone}>
          <PhoneInput name="phone" value={form.phone} onValueChange={set('phone')} />
        </Field>
        <Field label="Email (optional)" error={errors.email}>
          <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" value={form.email} onChange={(e) => set('email')(e.target.value)} />
        </Field>
        <Field label="Password" error={errors.password} hint={errors.password ? undefined : 'At least 6 characters.'}>
          <PasswordInput name="password" autoComplete="new-password" placeholder="Create a password" value={form.password} onChange={(e) => set('password')(e.target.value)} />
        </Field>
        <Field label="Referral Code" error={errors.referralCode} hint={errors.referralCode ? undefined : 'Ask the friend who invited you for their code.'}>
          <Input
            name="referralCode"
            autoCapitalize="characters"
            placeholder="e.g. RH7K2P9Q"
            className="font-semibold uppercase tracking-wider placeholder:font-normal placeholder:normal-case placeholder:tracking-normal"
            value={form.referralCode}
            onChange={(e) => set('referralCode')(e.target.value.toUpperCase())}
          />
        </Field>
        <Button type="submit" size="lg" className="mt-1 w-full" loading={busy} loadingText="Creating account…">
          Create Account
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          By creating an account you agree to our{' '}
          <Link to="/terms-conditions" className="font-medium text-primary underline-offset-2 hover:underline">
            Terms & Conditions
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="font-medium text-primary underline-offset-2 hover:underline">
            Privacy Policy
          </Link>
          .
        </p>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link to="/login" className="font-semibold text-primary hover:underline">
            Login
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
