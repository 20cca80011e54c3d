// 2FA enrolment: the QR code and the secret for manual entry, then a 6-digit code to confirm.
import { useState, type FormEvent } from 'react';
import { Smartphone } from 'lucide-react';
import type { TwoFactorSetupResponse } from '../../../../contract/admin-security.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { OtpInput } from '../../../components/ui/otp-input.tsx';
import { QrDisplay } from '../../../components/ui/qr-display.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { confirmTwoFactor } from '../api.ts';

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": easier to type from the screen. */
const groupSecret = (s: string) => s.replace(/(.{4})(?=.)/g, '$1 ');

export function TwoFactorSetup({ setup, onEnabled, onCancel }: { setup: TwoFactorSetupResponse; onEnabled(codes: string[]): void; onCancel(): void }) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== 6) return;
    setBusy(true);
    try {
      const res = await confirmTwoFactor(code);
      toast({ title: '2FA enabled', description: 'Save your backup codes now.', variant: 'success' });
      onEnabled(res.backupCodes);
    } catch (err) {
      setCode('');
      toast({ title: 'Setup Failed', description: errorMessage(err, 'Invalid code, try again'), variant: 'destructive' });
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
          <h2 className="text-lg font-semibold">Set up two-factor authentication</h2>
          <p className="text-sm text-muted-foreground">Scan the QR code with Google Authenticator, Microsoft Authenticator or any TOTP app.</p>
        </div>
      </div>
      <QrDisplay src={setup.qrCode} alt="QR code for your authenticator app" size={200} />
      <div className="flex flex-col gap-1.5">
        <p className="text-sm font-medium" id="totp-secret-label">
          Can’t scan? Enter this key manually
        </p>
        <div className="hc-border flex items-center justify-between gap-2 rounded-[10px] border border-border bg-muted px-3 py-2">
          <code aria-labelledby="totp-secret-label" data-testid="totp-secret" data-secret={setup.secret} className="font-mono text-sm tracking-wider">
            {groupSecret(setup.secret)}
          </code>
          <CopyButton value={setup.secret} size="icon" variant="ghost" label="Copy key" />
        </div>
      </div>
      <Field label="6-digit code from the app">
        <OtpInput value={code} onValueChange={setCode} length={6} maxLength={6} />
      </Field>
      <div className="flex flex-col gap-2">
        <Button type="submit" size="lg" disabled={code.length !== 6} loading={busy} loadingText="Verifying…">
          Enable 2FA
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
