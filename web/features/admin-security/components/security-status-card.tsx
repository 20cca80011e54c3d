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
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { registerPasskey, securityStatusQuery, useSecurityStatus } from '../api.ts';
import { DEFAULT_ADMIN_DEVICE_NAME } from '../../../../contract/constants.ts';

function registrationMessage(err: unknown): string {
  if (err instanceof ApiError) return errorMessage(err, 'Could not register the passkey');
  if (err instanceof Error && err.name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  if (err instanceof Error && err.name === 'NotAllowedError') return 'The passkey prompt was closed or timed out.';
  if (err instanceof Error && err.message) return err.message;
  return 'Could not register the passkey';
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
      toast({ title: 'Passkey registered', description: `${deviceName.trim() || DEFAULT_ADMIN_DEVICE_NAME} can now sign you in.`, variant: 'success' });
    } catch (err) {
      if (!onReauthNeeded(err, () => onRegister())) toast({ title: 'Passkey Registration Failed', description: registrationMessage(err), variant: 'destructive' });
    } finally {
      setRegistering(false);
    }
  };

  const s = status.data;
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="security-status-title" className="flex flex-col gap-3">
        <h2 id="security-status-title" className="text-lg font-semibold">
          Security status
        </h2>
        {status.isPending ? (
          <div role="status" className="flex flex-col gap-2">
            <span className="sr-only">Loading security status</span>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : status.isError || !s ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(status.error, 'Could not load the security status')}
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            <li className="hc-border flex items-center justify-between gap-3 rounded-[12px] border border-border p-3.5">
              <span className="flex items-center gap-3">
                {s.twoFactorEnabled ? <ShieldCheck aria-hidden="true" className="size-5 text-success" /> : <ShieldOff aria-hidden="true" className="size-5 text-warning" />}
                <span>
                  <span className="block text-sm font-semibold">Two-factor authentication</span>
                  <span className="block text-xs text-muted-foreground">{s.twoFactorEnabled ? 'A code is asked after your password.' : 'Only your password protects this account.'}</span>
                </span>
              </span>
              <Badge tone={s.twoFactorEnabled ? 'success' : 'warning'}>{s.twoFactorEnabled ? 'Enabled' : 'Not enabled'}</Badge>
            </li>
            <li className="hc-border flex items-center justify-between gap-3 rounded-[12px] border border-border p-3.5">
              <span className="flex items-center gap-3">
                <Fingerprint aria-hidden="true" className={s.passkeysEnabled ? 'size-5 text-success' : 'size-5 text-muted-foreground'} />
                <span>
                  <span className="block text-sm font-semibold">Passkeys</span>
                  <span className="block text-xs text-muted-foreground">
                    {s.passkeyCount === 0 ? 'No passkeys registered yet.' : `${s.passkeyCount} passkey${s.passkeyCount === 1 ? '' : 's'} registered.`}
                  </span>
                </span>
              </span>
              <Badge tone={s.passkeysEnabled ? 'success' : 'neutral'}>{s.passkeysEnabled ? 'Enabled' : 'Off'}</Badge>
            </li>
          </ul>
        )}
        {s && !s.twoFactorEnabled ? (
          <Button variant="secondary" loading={settingUp} loadingText="Preparing…" onClick={onSetupTwoFactor}>
            <ShieldCheck aria-hidden="true" className="size-4" /> Setup 2FA
          </Button>
        ) : null}
      </section>

      <form noValidate onSubmit={onRegister} className="hc-border flex flex-col gap-3 rounded-[12px] border border-border bg-muted/50 p-4">
        <div>
          <h2 className="font-semibold">Add a passkey</h2>
          <p className="text-sm text-muted-foreground">Use this device’s fingerprint, face or screen lock to sign in next time.</p>
        </div>
        <Field label="Device name">
          <Input value={deviceName} maxLength={64} onChange={(e) => setDeviceName(e.target.value)} />
        </Field>
        <Button type="submit" variant="outline" loading={registering} loadingText="Waiting for device…">
          <Fingerprint aria-hidden="true" className="size-4" /> Register Passkey
        </Button>
      </form>

      <Button size="lg" onClick={onContinue}>
        Continue to Admin Panel <ArrowRight aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
