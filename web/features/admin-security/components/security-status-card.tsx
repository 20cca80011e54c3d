// Security status after sign-in: 2FA and passkey state, 'Setup 2FA', passkey registration for this
// device, and the way on to the admin panel.
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Fingerprint, ShieldCheck, ShieldOff } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT, type Translate } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { registerPasskey, securityStatusQuery, useSecurityStatus } from '../api.ts';
import { DEFAULT_ADMIN_DEVICE_NAME } from '../../../../contract/constants.ts';
import { useAuth } from '../../../lib/auth.tsx';

function registrationMessage(err: unknown, t: Translate): string {
  if (err instanceof ApiError) return errorMessage(err, t('adminSecurity.status.registerError'));
  if (err instanceof Error && err.name === 'InvalidStateError') return t('adminSecurity.status.alreadyRegistered');
  if (err instanceof Error && err.name === 'NotAllowedError') return t('adminSecurity.common.promptClosed');
  if (err instanceof Error && err.message) return err.message;
  return t('adminSecurity.status.registerError');
}

export function SecurityStatusCard({
  onSetupTwoFactor,
  settingUp,
  onContinue,
  onReauthNeeded,
}: {
  onSetupTwoFactor(): void;
  settingUp: boolean;
  onContinue(): void;
  /** True when the error asked for a fresh sign-in and the caller will ask for it, then call retry. */
  onReauthNeeded(err: unknown, retry: () => Promise<void>): boolean;
}) {
  const t = useT();
  const status = useSecurityStatus(true);
  const queryClient = useQueryClient();
  const [deviceName, setDeviceName] = useState(DEFAULT_ADMIN_DEVICE_NAME);
  const [registering, setRegistering] = useState(false);

  const onRegister = async (e?: FormEvent) => {
    e?.preventDefault();
    setRegistering(true);
    try {
      await registerPasskey(deviceName.trim() || DEFAULT_ADMIN_DEVICE_NAME);
      await queryClient.invalidateQueries({ queryKey: securityStatusQuery().queryKey });
      toast({ title: t('adminSecurity.status.registered'), description: t('adminSecurity.status.registeredText', { device: deviceName.trim() || DEFAULT_ADMIN_DEVICE_NAME }), variant: 'success' });
    } catch (err) {
      if (!onReauthNeeded(err, () => onRegister())) toast({ title: t('adminSecurity.status.registrationFailed'), description: registrationMessage(err, t), variant: 'destructive' });
    } finally {
      setRegistering(false);
    }
  };

  const s = status.data;
  // A reviewer reviews only with two-factor sign-in (the server refuses them until then).
  const role = useAuth().user?.adminRole;
  const reviewerNeedsTwoFactor = role === 'reviewer' && s !== undefined && !s.twoFactorEnabled;
  // A Super Admin may go on without it, but is asked: their password alone moves money.
  const superAdminAsked = role !== 'reviewer' && s !== undefined && !s.twoFactorEnabled;
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="security-status-title" className="flex flex-col gap-3">
        <h2 id="security-status-title" className="text-lg font-semibold">
          {t('adminSecurity.status.title')}
        </h2>
        {status.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">{t('adminSecurity.status.loading')}</span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : status.isError || !s ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(status.error, t('adminSecurity.status.loadError'))}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            <li className="hc-border flex items-center justify-between gap-3 rounded-[12px] border border-border p-3.5">
              <span className="flex items-center gap-3">
                {s.twoFactorEnabled ? <ShieldCheck aria-hidden="true" className="size-5 text-success" /> : <ShieldOff aria-hidden="true" className="size-5 text-warning" />}
                <span>
                  <span className="block text-sm font-semibold">{t('adminSecurity.common.twoFactor')}</span>
                  <span className="block text-xs text-muted-foreground">{s.twoFactorEnabled ? t('adminSecurity.status.twoFactorOn') : t('adminSecurity.status.twoFactorOff')}</span>
                </span>
              </span>
              <Badge tone={s.twoFactorEnabled ? 'success' : 'warning'}>{s.twoFactorEnabled ? t('adminSecurity.status.enabled') : t('adminSecurity.status.notEnabled')}</Badge>
            </li>
            <li className="hc-border flex items-center justify-between gap-3 rounded-[12px] border border-border p-3.5">
              <span className="flex items-center gap-3">
                <Fingerprint aria-hidden="true" className={s.passkeysEnabled ? 'size-5 text-success' : 'size-5 text-muted-foreground'} />
                <span>
                  <span className="block text-sm font-semibold">{t('adminSecurity.status.passkeys')}</span>
                  <span className="block text-xs text-muted-foreground">
                    {s.passkeyCount === 0 ? t('adminSecurity.status.noPasskeys') : t('adminSecurity.status.passkeyCount', { count: s.passkeyCount })}
                  </span>
                </span>
              </span>
              <Badge tone={s.passkeysEnabled ? 'success' : 'neutral'}>{s.passkeysEnabled ? t('adminSecurity.status.enabled') : t('adminSecurity.status.off')}</Badge>
            </li>
          </ul>
        )}
        {reviewerNeedsTwoFactor ? (
          <p role="note" className="hc-border rounded-[10px] border border-warning/40 bg-warning-soft p-3 text-sm text-warning-soft-foreground">
            {t('adminSecurity.status.reviewerNeedsTwoFactor')}
          </p>
        ) : null}
        {superAdminAsked ? (
          <p role="note" className="hc-border rounded-[10px] border border-warning/40 bg-warning-soft p-3 text-sm text-warning-soft-foreground">
            {t('adminSecurity.status.superAdminAskedTwoFactor')}
          </p>
        ) : null}
        {s && !s.twoFactorEnabled ? (
          <Button variant="primary" loading={settingUp} loadingText={t('adminSecurity.status.preparing')} onClick={onSetupTwoFactor}>
            <ShieldCheck aria-hidden="true" className="size-4" /> {t('adminSecurity.status.setupTwoFactor')}
          </Button>
        ) : null}
      </section>

      <form noValidate onSubmit={onRegister} className="hc-border flex flex-col gap-3 rounded-[12px] border border-border bg-muted/50 p-4">
        <div>
          <h2 className="font-semibold">{t('adminSecurity.status.addPasskey')}</h2>
          <p className="text-sm text-muted-foreground">{t('adminSecurity.status.addPasskeyText')}</p>
        </div>
        <Field label={t('adminSecurity.status.deviceName')}>
          <Input value={deviceName} maxLength={64} onChange={(e) => setDeviceName(e.target.value)} />
        </Field>
        <Button type="submit" variant="outline" loading={registering} loadingText={t('adminSecurity.status.waitingForDevice')}>
          <Fingerprint aria-hidden="true" className="size-4" /> {t('adminSecurity.status.registerPasskey')}
        </Button>
      </form>

      <Button size="lg" variant={s && !s.twoFactorEnabled ? 'outline' : 'primary'} disabled={reviewerNeedsTwoFactor} onClick={onContinue}>
        {superAdminAsked ? t('adminSecurity.status.continueWithout') : t('adminSecurity.status.continue')} <ArrowRight aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
