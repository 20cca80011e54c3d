// 2FA enrolment: the QR code and the secret for manual entry, then a 6-digit code to confirm.
import { useState, type FormEvent } from 'react';
import { Smartphone } from 'lucide-react';
import type { TwoFactorSetupResponse } from '../../../../contract/admin-security.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { QrDisplay } from '../../../components/ui/qr-display.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { confirmTwoFactor } from '../api.ts';

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": easier to type from the screen. */
const groupSecret = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ');

export function TwoFactorSetup({ setup, onEnabled, onCancel }: { setup: TwoFactorSetupResponse; onEnabled(codes: string[]): void; onCancel(): void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) return;
    setBusy(true);
    try {
      const res = await confirmTwoFactor(code);
      toast({ title: t('adminSecurity.twoFactorSetup.enabled'), description: t('adminSecurity.twoFactorSetup.enabledText'), variant: 'success' });
      onEnabled(res.backupCodes);
    } catch (err) {
      setCode('');
      toast({ title: t('adminSecurity.common.setupFailed'), description: errorMessage(err, t('adminSecurity.twoFactorSetup.invalidCode')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-[10px] bg-primary-soft text-primary-soft-foreground">
          <Smartphone aria-hidden="true" className="size-5" />
        </span>
        <div>
          <h2 className="text-lg font-semibold">{t('adminSecurity.twoFactorSetup.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('adminSecurity.twoFactorSetup.text')}</p>
        </div>
      </div>
      <QrDisplay src={setup.qrCode} alt={t('adminSecurity.twoFactorSetup.qrAlt')} size={200} />
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium" id="totp-secret-label">
          {t('adminSecurity.twoFactorSetup.cantScan')}
        </p>
        <div className="hc-border flex items-center justify-between gap-2 rounded-[10px] border border-border bg-muted px-3 py-2">
          <code aria-labelledby="totp-secret-label" data-testid="totp-secret" data-secret={setup.secret} className="font-mono text-sm tracking-wider">
            {groupSecret(setup.secret)}
          </code>
          <CopyButton value={setup.secret} size="icon" variant="ghost" label={t('adminSecurity.twoFactorSetup.copyKey')} />
        </div>
      </div>
      <Field label={t('adminSecurity.twoFactorSetup.codeLabel')}>
        <OtpInput value={code} onValueChange={setCode} length={6} maxLength={6} />
      </Field>
      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" disabled={code.length !== 6} loading={busy} loadingText={t('adminSecurity.twoFactorSetup.verifying')}>
          {t('adminSecurity.twoFactorSetup.enable')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('adminSecurity.common.cancel')}
        </Button>
      </div>
    </form>
  );
}
