// Settings: payment and support details, the economics (fees, rewards, wheel odds) and the abuse
// limits (SMS budgets, sign-ups per referral code, rewards for waived activations), saved with
// PUT /api/admin/settings; server validation messages show beside their fields.
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Save, Upload } from 'lucide-react';
import { RISK_SIGNALS, type RiskSignal } from '../../../../contract/risk.ts';
import type { AdminSettings } from '../../../../contract/settings.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatFileSize, formatINR, formatNumber } from '../../../lib/format.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { SwitchRow } from '../../../components/ui/switch.tsx';
import { RISK_SIGNAL_LABEL } from '../../risk/components/risk-flags.tsx';
import { useAdminSettings, useRemoveAndroidApp, useUpdateSettings, useUploadAndroidApp } from '../api.ts';
import { SettingsProposals } from './settings-proposals.tsx';

interface FormState {
  upiId: string;
  supportPhone: string;
  supportEmail: string;
  businessName: string;
  activationFee: string;
  referralReward: string;
  referralsPerSpin: string;
  minWithdrawal: string;
  segments: { amount: string; weight: string }[];
  smsPerAddressPerHour: string;
  signupsPerReferrerPerHour: string;
  smsPerHour: string;
  rewardWaivedActivations: boolean;
  /** '' = the two-person rule is off for withdrawals. */
  secondApprovalAbove: string;
  secondApprovalForActivation: boolean;
  /** The fraud signals whose flags hold rewards; the others only flag. */
  riskHoldSignals: RiskSignal[];
  signupFlagPerReferrerPerHour: string;
  supportContactName: string;
  postalAddress: string;
  grievanceOfficerName: string;
  grievanceEmail: string;
  legalName: string;
  registeredAddress: string;
}

const trimZeros = (money: string) => money.replace(/\.00$/, '');

function toForm(s: AdminSettings): FormState {
  return {
    upiId: s.upiId ?? '',
    supportPhone: s.supportPhone ?? '',
    supportEmail: s.supportEmail ?? '',
    businessName: s.businessName ?? '',
    activationFee: trimZeros(s.activationFee),
    referralReward: trimZeros(s.referralReward),
    referralsPerSpin: String(s.referralsPerSpin),
    minWithdrawal: trimZeros(s.minWithdrawal),
    segments: s.wheel.segments.map((seg) => ({ amount: trimZeros(seg.amount), weight: String(seg.weight) })),
    smsPerAddressPerHour: String(s.smsPerAddressPerHour),
    signupsPerReferrerPerHour: String(s.signupsPerReferrerPerHour),
    smsPerHour: String(s.smsPerHour),
    rewardWaivedActivations: s.rewardWaivedActivations,
    secondApprovalAbove: s.secondApprovalAbove ? trimZeros(s.secondApprovalAbove) : '',
    secondApprovalForActivation: s.secondApprovalForActivation,
    riskHoldSignals: [...s.riskHoldSignals],
    signupFlagPerReferrerPerHour: String(s.signupFlagPerReferrerPerHour),
    supportContactName: s.supportContactName ?? '',
    postalAddress: s.postalAddress ?? '',
    grievanceOfficerName: s.grievanceOfficerName ?? '',
    grievanceEmail: s.grievanceEmail ?? '',
    legalName: s.legalName ?? '',
    registeredAddress: s.registeredAddress ?? '',
  };
}

/** A whole number from the text, or NaN so the server's message explains the problem. */
const toInt = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

export function SettingsTab() {
  const t = useT();
  const settings = useAdminSettings();
  if (settings.isPending) return <SkeletonList rows={6} label={t('admin.settings.loading')} />;
  if (settings.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(settings.error, t('admin.settings.loadError'))}
      </p>
    );
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: AdminSettings }) {
  const t = useT();
  const [form, setForm] = useState<FormState>(() => toForm(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateSettings();
  const isMobile = useIsMobile();

  useEffect(() => setForm(toForm(settings)), [settings]);

  const set = (key: Exclude<keyof FormState, 'segments' | 'rewardWaivedActivations' | 'secondApprovalForActivation' | 'riskHoldSignals'>) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors((old) => ({ ...old, [key]: '' }));
  };
  const setSegment = (i: number, key: 'amount' | 'weight', value: string) => {
    setForm((f) => ({ ...f, segments: f.segments.map((s, j) => (j === i ? { ...s, [key]: value } : s)) }));
    setErrors((old) => ({ ...old, [`wheel.segments.${i}.${key}`]: '' }));
  };

  const odds = useMemo(() => {
    const weights = form.segments.map((s) => Math.max(0, toInt(s.weight) || 0));
    const total = weights.reduce((a, b) => a + b, 0);
    return { total, pct: weights.map((w) => (total > 0 ? (w / total) * 100 : 0)) };
  }, [form.segments]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    update.mutate(
      {
        upiId: form.upiId,
        businessName: form.businessName,
        supportPhone: form.supportPhone,
        supportEmail: form.supportEmail,
        activationFee: form.activationFee,
        referralReward: form.referralReward,
        referralsPerSpin: toInt(form.referralsPerSpin),
        minWithdrawal: form.minWithdrawal,
        wheel: { segments: form.segments.map((s) => ({ amount: s.amount, weight: toInt(s.weight) })) },
        smsPerAddressPerHour: toInt(form.smsPerAddressPerHour),
        signupsPerReferrerPerHour: toInt(form.signupsPerReferrerPerHour),
        smsPerHour: toInt(form.smsPerHour),
        rewardWaivedActivations: form.rewardWaivedActivations,
        secondApprovalAbove: form.secondApprovalAbove.trim(),
        secondApprovalForActivation: form.secondApprovalForActivation,
        riskHoldSignals: form.riskHoldSignals,
        signupFlagPerReferrerPerHour: toInt(form.signupFlagPerReferrerPerHour),
        supportContactName: form.supportContactName,
        postalAddress: form.postalAddress,
        grievanceOfficerName: form.grievanceOfficerName,
        grievanceEmail: form.grievanceEmail,
        legalName: form.legalName,
        registeredAddress: form.registeredAddress,
      },
      {
        onSuccess: (saved) =>
          saved.proposed
            ? toast({ title: t('admin.settings.proposed'), description: t('admin.settings.proposedText'), variant: 'default' })
            : toast({ title: t('admin.settings.updated'), description: t('admin.settings.updatedText'), variant: 'success' }),
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          toast({ title: t('admin.common.error'), description: errorMessage(err, t('admin.settings.updateFailed')), variant: 'destructive' });
        },
      },
    );
  };

  const err = (key: string) => errors[key] || undefined;
  const wheelError = err('wheel') ?? err('wheel.segments');

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <SettingsProposals proposals={settings.proposals} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('admin.settings.payments.title')}</CardTitle>
            <CardDescription>{t('admin.settings.payments.text')}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Field label={t('admin.settings.payments.upiId')} error={err('upiId')} hint={t('admin.settings.payments.upiHint')}>
              <Input value={form.upiId} onChange={set('upiId')} autoComplete="off" spellCheck={false} />
            </Field>
            <Field label={t('admin.settings.payments.businessName')} error={err('businessName')}>
              <Input value={form.businessName} onChange={set('businessName')} />
            </Field>
            <Field label={t('admin.settings.payments.supportPhone')} error={err('supportPhone')}>
              <Input type="tel" value={form.supportPhone} onChange={set('supportPhone')} />
            </Field>
            <Field label={t('admin.settings.payments.supportEmail')} error={err('supportEmail')}>
              <Input type="email" value={form.supportEmail} onChange={set('supportEmail')} />
            </Field>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('admin.settings.economics.title')}</CardTitle>
            <CardDescription>{t('admin.settings.economics.text')}</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field label={t('admin.settings.economics.activationFee')} error={err('activationFee')}>
              <Input inputMode="decimal" value={form.activationFee} onChange={set('activationFee')} />
            </Field>
            <Field label={t('admin.settings.economics.referralReward')} error={err('referralReward')}>
              <Input inputMode="decimal" value={form.referralReward} onChange={set('referralReward')} />
            </Field>
            <Field label={t('admin.settings.economics.referralsPerSpin')} error={err('referralsPerSpin')}>
              <Input inputMode="numeric" value={form.referralsPerSpin} onChange={set('referralsPerSpin')} />
            </Field>
            <Field label={t('admin.settings.economics.minWithdrawal')} error={err('minWithdrawal')}>
              <Input inputMode="decimal" value={form.minWithdrawal} onChange={set('minWithdrawal')} />
            </Field>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('admin.settings.wheel.title')}</CardTitle>
          <CardDescription>{t('admin.settings.wheel.text', { total: formatNumber(odds.total) })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <div className="hidden grid-cols-[2.5rem_minmax(0,13rem)_minmax(0,9rem)_1fr] gap-3 px-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground sm:grid" aria-hidden="true">
            <span>#</span>
            <span>{t('admin.settings.wheel.prize')}</span>
            <span>{t('admin.settings.wheel.weight')}</span>
            <span>{t('admin.settings.wheel.odds')}</span>
          </div>
          <ol className="flex flex-col gap-2">
            {form.segments.map((seg, i) => {
              const amountErr = err(`wheel.segments.${i}.amount`);
              const weightErr = err(`wheel.segments.${i}.weight`);
              return (
                <li key={i} className="hc-border grid grid-cols-2 items-start gap-2 rounded-[10px] border border-border p-2.5 sm:grid-cols-[2.5rem_minmax(0,13rem)_minmax(0,9rem)_1fr] sm:gap-3 sm:border-0 sm:p-0">
                  <span className="col-span-2 text-sm font-semibold text-muted-foreground sm:col-span-1 sm:pt-3 sm:text-center">
                    <span className="sm:sr-only">{t('admin.settings.wheel.segment')} </span>
                    {i + 1}
                  </span>
                  <Field label={<><span className="sr-only">{t('admin.settings.wheel.segment')} {i + 1} </span>{t('admin.settings.wheel.prize')}</>} hideLabel={!isMobile} error={amountErr}>
                    <Input inputMode="decimal" value={seg.amount} onChange={(e) => setSegment(i, 'amount', e.target.value)} />
                  </Field>
                  <Field label={<><span className="sr-only">{t('admin.settings.wheel.segment')} {i + 1} </span>{t('admin.settings.wheel.weight')}</>} hideLabel={!isMobile} error={weightErr}>
                    <Input inputMode="numeric" value={seg.weight} onChange={(e) => setSegment(i, 'weight', e.target.value)} />
                  </Field>
                  <div className="col-span-2 flex items-center gap-3 text-sm sm:col-span-1 sm:pt-2.5">
                    <span className="text-muted-foreground sm:sr-only">{seg.amount ? t('admin.settings.wheel.oddsFor', { prize: formatINR(seg.amount, 0) }) : t('admin.settings.wheel.oddsForSegment')}</span>
                    <span aria-hidden="true" className="hidden h-2 flex-1 overflow-hidden rounded-full bg-muted sm:block">
                      <span className="block h-full rounded-full bg-primary transition-[width]" style={{ width: `${odds.pct[i]!}%` }} />
                    </span>
                    <span className="tabular ms-auto w-16 text-end font-semibold" aria-live="polite">
                      {odds.pct[i]!.toFixed(2)}%
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
          <FieldError>{wheelError}</FieldError>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('admin.settings.legal.title')}</CardTitle>
          <CardDescription>{t('admin.settings.legal.text')}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('admin.settings.legal.supportContactName')} error={err('supportContactName')} hint={t('admin.settings.legal.supportContactHint')}>
            <Input value={form.supportContactName} onChange={set('supportContactName')} />
          </Field>
          <Field label={t('admin.settings.legal.postalAddress')} error={err('postalAddress')}>
            <Input value={form.postalAddress} onChange={set('postalAddress')} autoComplete="street-address" />
          </Field>
          <Field label={t('admin.settings.legal.legalName')} error={err('legalName')} hint={t('admin.settings.legal.legalNameHint')}>
            <Input value={form.legalName} onChange={set('legalName')} />
          </Field>
          <Field label={t('admin.settings.legal.registeredAddress')} error={err('registeredAddress')}>
            <Input value={form.registeredAddress} onChange={set('registeredAddress')} />
          </Field>
          <Field label={t('admin.settings.legal.grievanceOfficerName')} error={err('grievanceOfficerName')} hint={t('admin.settings.legal.grievanceHint')}>
            <Input value={form.grievanceOfficerName} onChange={set('grievanceOfficerName')} />
          </Field>
          <Field label={t('admin.settings.legal.grievanceEmail')} error={err('grievanceEmail')}>
            <Input type="email" value={form.grievanceEmail} onChange={set('grievanceEmail')} autoComplete="off" />
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('admin.settings.abuse.title')}</CardTitle>
          <CardDescription>{t('admin.settings.abuse.text')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Field label={t('admin.settings.abuse.smsPerAddress')} error={err('smsPerAddressPerHour')}>
              <Input inputMode="numeric" value={form.smsPerAddressPerHour} onChange={set('smsPerAddressPerHour')} />
            </Field>
            <Field label={t('admin.settings.abuse.signupsPerReferrer')} error={err('signupsPerReferrerPerHour')}>
              <Input inputMode="numeric" value={form.signupsPerReferrerPerHour} onChange={set('signupsPerReferrerPerHour')} />
            </Field>
            <Field label={t('admin.settings.abuse.smsPerHour')} error={err('smsPerHour')} hint={t('admin.settings.abuse.smsPerHourHint')}>
              <Input inputMode="numeric" value={form.smsPerHour} onChange={set('smsPerHour')} />
            </Field>
          </div>
          <SwitchRow
            label={t('admin.settings.abuse.rewardWaived')}
            description={t('admin.settings.abuse.rewardWaivedText')}
            checked={form.rewardWaivedActivations}
            onCheckedChange={(checked) => setForm((f) => ({ ...f, rewardWaivedActivations: checked }))}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('admin.settings.twoPerson.title')}</CardTitle>
          <CardDescription>{t('admin.settings.twoPerson.text')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Field label={t('admin.settings.twoPerson.above')} error={err('secondApprovalAbove')} hint={t('admin.settings.twoPerson.aboveHint')} className="sm:max-w-sm">
            <Input inputMode="decimal" value={form.secondApprovalAbove} onChange={set('secondApprovalAbove')} placeholder={t('admin.settings.twoPerson.off')} />
          </Field>
          <SwitchRow
            label={t('admin.settings.twoPerson.activations')}
            description={t('admin.settings.twoPerson.activationsText')}
            checked={form.secondApprovalForActivation}
            onCheckedChange={(checked) => setForm((f) => ({ ...f, secondApprovalForActivation: checked }))}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t('risk.settings.title')}</CardTitle>
          <CardDescription>{t('risk.settings.text')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-1 text-sm font-semibold">{t('risk.settings.holdsLegend')}</legend>
            {RISK_SIGNALS.map((signal) => (
              <SwitchRow
                key={signal}
                label={t(RISK_SIGNAL_LABEL[signal])}
                checked={form.riskHoldSignals.includes(signal)}
                onCheckedChange={(checked) =>
                  setForm((f) => ({
                    ...f,
                    riskHoldSignals: checked ? [...new Set([...f.riskHoldSignals, signal])] : f.riskHoldSignals.filter((x) => x !== signal),
                  }))
                }
              />
            ))}
          </fieldset>
          <Field label={t('risk.settings.burstLabel')} error={err('signupFlagPerReferrerPerHour')} hint={t('risk.settings.burstHint')} className="sm:max-w-sm">
            <Input inputMode="numeric" value={form.signupFlagPerReferrerPerHour} onChange={set('signupFlagPerReferrerPerHour')} />
          </Field>
        </CardContent>
      </Card>

      <AndroidAppCard settings={settings} />

      <div className="sticky bottom-20 z-10 flex justify-end md:bottom-4">
        <Button type="submit" size="lg" loading={update.isPending} loadingText={t('admin.common.saving')} className="w-full shadow-raised sm:w-auto">
          <Save aria-hidden="true" className="size-4" /> {t('admin.settings.save')}
        </Button>
      </div>
    </form>
  );
}

/** The Android app package: upload a new version (checked by the server), or remove it. */
function AndroidAppCard({ settings }: { settings: AdminSettings }) {
  const t = useT();
  const upload = useUploadAndroidApp();
  const remove = useRemoveAndroidApp();
  const [file, setFile] = useState<File | null>(null);
  const [version, setVersion] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const app = settings.androidApp;

  const onUpload = () => {
    setErrors({});
    upload.mutate(
      { file, version },
      {
        onSuccess: (saved) => {
          toast({ title: t('admin.settings.android.uploaded'), description: t('admin.settings.android.uploadedText', { version: saved.androidApp?.version ?? version }), variant: 'success' });
          setFile(null);
          setVersion('');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          toast({ title: t('admin.settings.android.uploadFailed'), description: errorMessage(err, t('admin.settings.android.uploadError')), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('admin.settings.android.title')}</CardTitle>
        <CardDescription>
          {app
            ? t('admin.settings.android.current', { version: app.version, size: formatFileSize(app.sizeBytes) })
            : t('admin.settings.android.none')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 items-start gap-4 sm:grid-cols-[1fr_10rem_auto]">
        <Field label={t('admin.settings.android.apk')} error={errors.apk} hint={t('admin.settings.android.apkHint')}>
          <Input type="file" accept=".apk,application/vnd.android.package-archive" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </Field>
        <Field label={t('admin.settings.android.version')} error={errors.version}>
          <Input value={version} onChange={(e) => setVersion(e.target.value)} placeholder="1.0.0" inputMode="decimal" />
        </Field>
        <div className="flex gap-2 sm:pt-7">
          <Button type="button" onClick={onUpload} loading={upload.isPending} loadingText={t('admin.settings.android.uploading')} disabled={!file}>
            <Upload aria-hidden="true" className="size-4" /> {t('admin.settings.android.upload')}
          </Button>
          {app ? (
            <Button type="button" variant="outline" loading={remove.isPending} loadingText={t('admin.settings.android.removing')} onClick={() => remove.mutate()}>
              {t('admin.settings.android.remove')}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

