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
import { api, errorMessage } from '../lib/api-client.ts';
import { useAuth } from '../lib/auth.tsx';
import { useBusyAction } from '../lib/use-busy-action.ts';
import { formatCountdown, useCountdown } from '../lib/use-countdown.ts';

type Step = 'login' | 'phone' | 'otp' | 'password';

const TITLES: Record<Step, { title: string; subtitle: string }> = {
  login: { title: 'Welcome back', subtitle: 'Sign in with your mobile number to continue.' },
  phone: { title: 'Reset your password', subtitle: 'We will send a 6-digit code to your mobile number.' },
  otp: { title: 'Enter the code', subtitle: 'Check your SMS for the 6-digit verification code.' },
  password: { title: 'Choose a new password', subtitle: 'Use at least 6 characters.' },
};

export default function LoginScreen() {
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
    if (!phone) next.phone = 'Enter your mobile number';
    if (!password) next.password = 'Password is required';
    setErrors(next);
    if (next.phone || next.password) return;
    await run(
      async () => {
        await login(phone, password);
        toast({ title: 'Login successful', description: 'Welcome back!', variant: 'success' });
        navigate('/dashboard');
      },
      {
        title: 'Login failed',
        fallback: 'Invalid mobile number or password',
        message: (err) => (err instanceof Error && err.message === 'Invalid response from server' ? err.message : errorMessage(err, 'Invalid mobile number or password')),
      },
    );
  };

  const sendResetOtp = async () => {
    if (!resetPhone) {
      toast({ title: 'Mobile number required', description: 'Please enter your mobile number', variant: 'destructive' });
      return;
    }
    await run(
      async () => {
        await api.post('/api/forgot-password', { phone: resetPhone });
        toast({ title: 'OTP Sent', description: 'Please check your phone for the verification code' });
        cooldown.start(OTP_RESEND_COOLDOWN_S);
        setStep('otp');
      },
      { title: 'Error', fallback: 'Failed to send OTP' },
    );
  };

  const verifyOtp = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(otp)) {
      toast({ title: 'Invalid OTP', description: 'Please enter the 6-digit OTP', variant: 'destructive' });
      return;
    }
    await run(
      async () => {
        await api.post('/api/verify-reset-otp', { phone: resetPhone, otp });
        toast({ title: 'OTP Verified', description: 'Please enter your new password', variant: 'success' });
        setStep('password');
      },
      { title: 'Invalid OTP', fallback: 'Please enter the 6-digit OTP' },
    );
  };

  const resetPassword = async (e: FormEvent) => {
    e.preventDefault();
    if (newPassword.length < 6) {
      toast({ title: 'Password too short', description: 'Password must be at least 6 characters', variant: 'destructive' });
      return;
    }
    if (newPassword !== confirmPassword) {
      toast({ title: "Passwords don't match", description: 'Please confirm your password', variant: 'destructive' });
      return;
    }
    await run(
      async () => {
        await api.post('/api/reset-password', { phone: resetPhone, otp, newPassword });
        toast({ title: 'Password Reset Successful', description: 'You can now login with your new password', variant: 'success' });
        backToLogin();
      },
      { title: 'Reset Failed', fallback: 'Could not reset the password' },
    );
  };

  // Already signed in and on /login itself: nothing to do here.
  if (user && location.pathname === '/login') return <Navigate to="/dashboard" replace />;

  const { title, subtitle } = TITLES[step];
  const backLink = (
    <Button variant="ghost" className="w-full" onClick={backToLogin}>
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to Login
    </Button>
  );

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      {step === 'login' ? (
        <form onSubmit={onLogin} noValidate className="flex flex-col gap-5">
          <Field label="Mobile Number" error={errors.phone}>
            <PhoneInput name="phone" value={phone} onValueChange={setPhone} />
          </Field>
          <Field
            label="Password"
            error={errors.password}
            labelAside={
              <button type="button" onClick={() => setStep('phone')} className="rounded text-sm font-semibold text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring">
                Forgot Password?
              </button>
            }
          >
            <PasswordInput name="password" autoComplete="current-password" placeholder="Enter your password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={busy} loadingText="Signing in…">
            Login
          </Button>
          <p className="text-center text-sm text-muted-foreground">
            Don't have an account?{' '}
            <Link to="/register" className="font-semibold text-primary hover:underline">
              Register
            </Link>
          </p>
        </form>
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
          <Field label="Mobile Number" hint="Enter the number you registered with.">
            <PhoneInput name="reset-phone" value={resetPhone} onValueChange={setResetPhone} />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            <Smartphone aria-hidden="true" className="size-4" /> Send OTP
          </Button>
          {backLink}
        </form>
      ) : null}

      {step === 'otp' ? (
        <form onSubmit={verifyOtp} noValidate className="flex flex-col gap-5">
          <StepIndicator current={2} />
          <p className="text-sm text-muted-foreground">
            Code sent to <span className="tabular font-semibold text-foreground">+91 {resetPhone}</span>
          </p>
          <Field label="Verification code">
            <OtpInput name="otp" value={otp} onValueChange={setOtp} autoFocus />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            Verify OTP
          </Button>
          <div className="text-center text-sm">
            {cooldown.seconds > 0 ? (
              <span className="text-muted-foreground">Resend OTP in {formatCountdown(cooldown.seconds)}</span>
            ) : (
              <button type="button" disabled={busy} onClick={() => void sendResetOtp()} className="font-semibold text-primary hover:underline disabled:opacity-50">
                Resend OTP
              </button>
            )}
          </div>
          {backLink}
        </form>
      ) : null}

      {step === 'password' ? (
        <form onSubmit={resetPassword} noValidate className="flex flex-col gap-5">
          <StepIndicator current={3} />
          <Field label="New Password" hint="At least 6 characters.">
            <PasswordInput name="new-password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} autoFocus />
          </Field>
          <Field label="Confirm Password">
            <PasswordInput name="confirm-password" autoComplete="new-password" value={confirmPassword} onChange={(e) => setConfirmPassword(e.target.value)} />
          </Field>
          <Button type="submit" size="lg" className="w-full" loading={busy}>
            <KeyRound aria-hidden="true" className="size-4" /> Reset Password
          </Button>
          {backLink}
        </form>
      ) : null}
    </AuthLayout>
  );
}

function StepIndicator({ current }: { current: 1 | 2 | 3 }) {
  const labels = ['Mobile number', 'Verify code', 'New password'];
  return (
    <ol aria-label={`Step ${current} of 3`} className="flex items-center gap-2">
      {labels.map((l, i) => {
        const n = i + 1;
        const state = n < current ? 'done' : n === current ? 'current' : 'todo';
        return (
          <li key={l} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-1 flex-col gap-1.5">
            <span className={`h-1.5 rounded-full ${state === 'todo' ? 'bg-muted' : 'bg-primary'}`} />
            <span className={`text-xs ${state === 'current' ? 'font-semibold text-foreground' : 'text-muted-foreground'}`}>{l}</span>
          </li>
        );
      })}
    </ol>
  );
}
