// First-admin setup (/admin-setup): asks the server whether an admin exists; if not, collects
// username, email, password and phone, then offers the way on to the Admin Security Center.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { adminSetupStatusQuery, createFirstAdmin, rememberAdminEmail, useAdminSetupStatus } from '../api.ts';

type FieldName = 'username' | 'email' | 'password' | 'phone';

export function AdminSetupForm() {
  const status = useAdminSetupStatus();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<FieldName, string>>({ username: '', email: '', password: '', phone: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const set = (name: FieldName) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = name === 'phone' ? e.target.value.replace(/\D/g, '').slice(0, 10) : e.target.value;
    setValues((old) => ({ ...old, [name]: v }));
    setErrors((old) => ({ ...old, [name]: undefined }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = (Object.keys(values) as FieldName[]).filter((k) => !values[k].trim());
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((k) => [k, 'Required'])));
      toast({ title: 'Missing Information', description: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await createFirstAdmin({ username: values.username.trim(), email: values.email.trim(), password: values.password, phone: values.phone });
      rememberAdminEmail(values.email.trim().toLowerCase());
      queryClient.setQueryData(adminSetupStatusQuery().queryKey, { exists: true });
      setDone(true);
      toast({ title: 'Admin account created', description: 'Sign in to secure it with 2FA or a passkey.', variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<FieldName, string>>);
      toast({ title: 'Setup Failed', description: errorMessage(err, 'Could not create the admin account'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        <span className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
          <CheckCircle2 aria-hidden="true" className="size-7" />
        </span>
        <div>
          <h2 className="text-lg font-semibold">Admin account created</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{values.email.trim().toLowerCase()}</span> can now sign in to the Admin Security Center.
          </p>
        </div>
        <Button asChild size="lg" className="w-full">
          <Link to="/admin-login">Continue to Admin Login</Link>
        </Button>
      </div>
    );
  }

  if (status.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">Checking for an existing admin</span>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    );
  }

  if (status.data?.exists) {
    return (
      <div className="flex flex-col items-center gap-4 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
          <ShieldAlert aria-hidden="true" className="size-7" />
        </span>
        <div>
          <h2 className="text-lg font-semibold">An admin account already exists</h2>
          <p className="mt-1 text-sm text-muted-foreground">Setup runs only once. Sign in with the existing admin account instead.</p>
        </div>
        <Button asChild size="lg" className="w-full">
          <Link to="/admin-login">Continue to Admin Login</Link>
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label="Username" error={errors.username}>
        <Input autoComplete="username" value={values.username} onChange={set('username')} required />
      </Field>
      <Field label="Email" error={errors.email}>
        <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} required />
      </Field>
      <Field label="Password" error={errors.password} hint="At least 8 characters.">
        <PasswordInput autoComplete="new-password" value={values.password} onChange={set('password')} required />
      </Field>
      <Field label="Phone" error={errors.phone}>
        <Input type="tel" inputMode="numeric" autoComplete="tel-national" leading="+91" value={values.phone} onChange={set('phone')} required />
      </Field>
      <Button type="submit" size="lg" loading={busy} loadingText="Creating admin…" className="mt-2 w-full">
        Create Admin Account
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already set up?{' '}
        <Link to="/admin-login" className="font-medium text-primary underline-offset-4 hover:underline">
          Go to Admin Login
        </Link>
      </p>
    </form>
  );
}
