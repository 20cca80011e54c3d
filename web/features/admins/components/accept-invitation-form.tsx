// The invited admin's page (/admin-invite?token=...): shows whom the link invites and as what, then
// asks for a username, password and phone; on success it offers the way on to the Security Center,
// where the new admin signs in (a reviewer sets up two-factor sign-in first).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useAcceptInvitation, useInvitationLookup } from '../api.ts';

type FieldName = 'username' | 'password' | 'phone';

export function AcceptInvitationForm({ token, onAccepted }: { token: string; onAccepted(email: string): void }) {
  const t = useT();
  const lookup = useInvitationLookup(token);
  const accept = useAcceptInvitation();
  const [values, setValues] = useState<Record<FieldName, string>>({ username: '', password: '', phone: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [done, setDone] = useState<string | null>(null);

  const set = (name: FieldName) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = name === 'phone' ? e.target.value.replace(/\D/g, '').slice(0, 10) : e.target.value;
    setValues((old) => ({ ...old, [name]: v }));
    setErrors((old) => ({ ...old, [name]: undefined }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const missing = (Object.keys(values) as FieldName[]).filter((k) => !values[k].trim());
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing.map((k) => [k, t('admins.accept.required')])));
      return;
    }
    accept.mutate(
      { token, username: values.username.trim(), password: values.password, phone: values.phone },
      {
        onSuccess: ({ email }) => {
          onAccepted(email);
          setDone(email);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<FieldName, string>>);
          toast({ title: t('admins.accept.failedTitle'), description: errorMessage(err, t('admins.accept.failed')), variant: 'destructive' });
        },
      },
    );
  };

  if (done) {
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="status">
        <span className="flex size-14 items-center justify-center rounded-full bg-success-soft text-success-soft-foreground">
          <CheckCircle2 aria-hidden="true" className="size-7" />
        </span>
        <div>
          <h2 className="text-lg font-semibold">{t('admins.accept.doneTitle')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('admins.accept.doneText', { email: done })}</p>
        </div>
        <Button asChild size="lg" className="w-full">
          <Link to="/admin-login">{t('admins.accept.continue')}</Link>
        </Button>
      </div>
    );
  }

  if (!token || lookup.isError) {
    return (
      <div className="flex flex-col items-center gap-4 text-center" role="alert">
        <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
          <ShieldAlert aria-hidden="true" className="size-7" />
        </span>
        <div>
          <h2 className="text-lg font-semibold">{t('admins.accept.unusableTitle')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{token ? errorMessage(lookup.error, t('admins.accept.unusableText')) : t('admins.accept.unusableText')}</p>
        </div>
        <Button asChild variant="outline" className="w-full">
          <Link to="/admin-login">{t('admins.accept.toLogin')}</Link>
        </Button>
      </div>
    );
  }

  if (lookup.isPending) {
    return (
      <div role="status" className="flex flex-col gap-4">
        <span className="sr-only">{t('admins.accept.checking')}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-11 w-full" />
        ))}
      </div>
    );
  }

  const invitation = lookup.data;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="hc-border flex flex-col gap-1 rounded-[12px] border border-border bg-muted/60 p-3 text-sm">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{invitation.email}</span>
          <Badge tone={invitation.role === 'super_admin' ? 'solid' : 'primary'}>
            {invitation.role === 'super_admin' ? t('admins.role.superAdmin') : t('admins.role.reviewer')}
          </Badge>
        </span>
        <span className="text-xs text-muted-foreground">{t('admins.accept.expires', { expires: formatDateTime(invitation.expiresAt) })}</span>
      </div>
      <Field label={t('admins.accept.username')} error={errors.username}>
        <Input autoComplete="username" value={values.username} onChange={set('username')} required />
      </Field>
      <Field label={t('admins.accept.password')} error={errors.password} hint={t('admins.accept.passwordHint')}>
        <PasswordInput autoComplete="new-password" value={values.password} onChange={set('password')} required />
      </Field>
      <Field label={t('admins.accept.phone')} error={errors.phone}>
        <Input type="tel" inputMode="numeric" autoComplete="tel-national" leading="+91" value={values.phone} onChange={set('phone')} required />
      </Field>
      <Button type="submit" size="lg" loading={accept.isPending} loadingText={t('admins.accept.joining')} className="mt-2 w-full">
        {t('admins.accept.join')}
      </Button>
    </form>
  );
}
