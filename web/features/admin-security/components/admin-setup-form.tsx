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
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { adminSetupStatusQuery, createFirstAdmin, rememberAdminEmail, useAdminSetupStatus } from '../api.ts';

type FieldName = 'username' | 'email' | 'password' | 'phone';

export function AdminSetupForm() {
  const t = useT();
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
      setErrors(Object.fromEntries(missing.map((k) => [k, t('adminSecurity.setup.required')])));
      toast({ title: t('adminSecurity.setup.missingInfo'), description: t('adminSecurity.setup.missingInfoText'), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await createFirstAdmin({ username: values.username.trim(), email: values.email.trim(), password: values.password, phone: values.phone });
      rememberAdminEmail(values.email.trim().toLowerCase());
      queryClient.setQueryData(adminSetupStatusQuery().queryKey, { exists: true });
      setDone(true);
      toast({ title: t('adminSecurity.setup.created'), description: t('adminSecurity.setup.createdText'), variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<FieldName, string>>);
      toast({ title: t('adminSecurity.common.setupFailed'), description: errorMessage(err, t('adminSecurity.setup.createError')), variant: 'destructive' });
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
          <h2 className="text-lg font-semibold">{t('adminSecurity.setup.created')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{values.email.trim().toLowerCase()}</span> {t('adminSecurity.setup.canSignIn')}
          </p>
        </div>
        <Button asChild size="lg" className="w-full">
          <Link to="/admin-login">{t('adminSecurity.common.continueToLogin')}</Link>
        </Button>
      </div>
    );
  }

  if (status.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">{t('adminSecurity.setup.checking')}</span>
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
          <h2 className="text-lg font-semibold">{t('adminSecurity.setup.exists')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('adminSecurity.setup.existsText')}</p>
        </div>
        <Button asChild size="lg" className="w-full">
          <Link to="/admin-login">{t('adminSecurity.common.continueToLogin')}</Link>
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Field label={t('adminSecurity.setup.username')} error={errors.username}>
        <Input autoComplete="username" value={values.username} onChange={set('username')} required />
      </Field>
      <Field label={t('adminSecurity.setup.email')} error={errors.email}>
        <Input type="email" autoComplete="email" value={values.email} onChange={set('email')} required />
      </Field>
      <Field label={t('adminSecurity.common.password')} error={errors.password} hint={t('adminSecurity.setup.passwordHint')}>
        <PasswordInput autoComplete="new-password" value={values.password} onChange={set('password')} required />
      </Field>
      <Field label={t('adminSecurity.setup.phone')} error={errors.phone}>
        <Input type="tel" inputMode="numeric" autoComplete="tel-national" leading="+91" value={values.phone} onChange={set('phone')} required />
      </Field>
      <Button type="submit" size="lg" loading={busy} loadingText={t('adminSecurity.setup.creating')} className="mt-2 w-full">
        {t('adminSecurity.setup.create')}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t('adminSecurity.setup.alreadySetUp')}{' '}
        <Link to="/admin-login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('adminSecurity.setup.goToLogin')}
        </Link>
      </p>
    </form>
  );
}
