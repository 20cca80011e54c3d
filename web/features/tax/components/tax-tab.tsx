// The admin's Tax tab (Super Admin): a quarter of tax withheld at source (its totals by section,
// what was reversed, deposited and is left to deposit), the quarter's rows as a CSV in Form 26Q's
// order for the accountant, the deposits with their challans and a form to record one, and the
// withholding settings, which change what people are paid (a second Super Admin confirms them when
// there is one). Sections and rates are the operator's tax adviser's to set.
import { useEffect, useState, type FormEvent } from 'react';
import { Banknote, FileSpreadsheet, Landmark, ReceiptIndianRupee, Save, Scale, Undo2 } from 'lucide-react';
import type { TaxDeposit, TaxQuarterSummary } from '../../../../contract/tax.ts';
import { financialYearLabel, taxPeriodOf } from '../../../../contract/tax-calendar.ts';
import type { AdminSettings } from '../../../../contract/settings.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { StatCard, type StatCardProps } from '../../../components/ui/stat-card.tsx';
import { SwitchRow } from '../../../components/ui/switch.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT, type MessageKey } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime, formatINR, formatNumber } from '../../../lib/format.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { downloadTaxReport, useRecordTaxDeposit, useTaxQuarter, useTaxSettings, useUpdateTaxSettings } from '../api.ts';

const QUARTER_LABEL: Record<number, MessageKey> = {
  1: 'adminTax.period.q1',
  2: 'adminTax.period.q2',
  3: 'adminTax.period.q3',
  4: 'adminTax.period.q4',
};

const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** A quarter's figure, two to a row on a phone: the icon chip is dropped there so "₹12,345.00" shows whole. */
function QuarterStat({ amount, icon, testId, ...props }: Omit<StatCardProps, 'value'> & { amount: string; testId?: string }) {
  const isMobile = useIsMobile();
  return <StatCard {...props} icon={isMobile ? undefined : icon} value={<Amount value={amount} className="text-xl sm:text-2xl" data-testid={testId} />} />;
}

function DepositForm({ summary }: { summary: TaxQuarterSummary }) {
  const t = useT();
  const record = useRecordTaxDeposit();
  const [amount, setAmount] = useState(summary.outstanding);
  const [bsrCode, setBsrCode] = useState('');
  const [challanSerial, setChallanSerial] = useState('');
  const [depositedOn, setDepositedOn] = useState(todayInIndia());
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setAmount(summary.outstanding), [summary.outstanding, summary.fy, summary.quarter]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!(Number(amount) > 0)) next.amount = 'Enter the amount deposited, more than ₹0';
    if (!/^\d{7}$/.test(bsrCode.trim())) next.bsrCode = 'Enter the BSR code of the bank branch: 7 digits';
    if (!/^\d{1,5}$/.test(challanSerial.trim())) next.challanSerial = 'Enter the challan serial number: up to 5 digits';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(depositedOn)) next.depositedOn = 'Enter the date of deposit on the challan';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    record.mutate(
      { fy: summary.fy, quarter: summary.quarter, amount: amount.trim(), bsrCode: bsrCode.trim(), challanSerial: challanSerial.trim(), depositedOn },
      {
        onSuccess: () => {
          setBsrCode('');
          setChallanSerial('');
          toast({ title: t('adminTax.deposit.savedTitle'), description: t('adminTax.deposit.savedText'), variant: 'success' });
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          toast({ title: t('adminTax.deposit.failedTitle'), description: errorMessage(err, t('adminTax.deposit.failed')), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form className="grid grid-cols-1 gap-4 sm:grid-cols-2" onSubmit={submit} noValidate aria-label={t('adminTax.deposit.formLabel')}>
      <Field label={t('adminTax.deposit.amount')} error={errors.amount} hint={t('adminTax.deposit.amountHint')}>
        <Input name="amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} leading="₹" />
      </Field>
      <Field label={t('adminTax.deposit.date')} error={errors.depositedOn}>
        <Input name="depositedOn" type="date" value={depositedOn} onChange={(e) => setDepositedOn(e.target.value)} />
      </Field>
      <Field label={t('adminTax.deposit.bsr')} error={errors.bsrCode}>
        <Input name="bsrCode" inputMode="numeric" maxLength={7} value={bsrCode} onChange={(e) => setBsrCode(e.target.value.replace(/\D/g, ''))} className="tabular" />
      </Field>
      <Field label={t('adminTax.deposit.serial')} error={errors.challanSerial}>
        <Input name="challanSerial" inputMode="numeric" maxLength={5} value={challanSerial} onChange={(e) => setChallanSerial(e.target.value.replace(/\D/g, ''))} className="tabular" />
      </Field>
      <Button type="submit" loading={record.isPending} disabled={!(Number(summary.outstanding) > 0)} className="w-full sm:col-span-2 sm:w-auto sm:justify-self-start">
        <Landmark aria-hidden="true" className="size-4" /> {t('adminTax.deposit.submit')}
      </Button>
    </form>
  );
}

interface SettingsForm {
  tdsEnabled: boolean;
  tdsReferralSection: string;
  tdsReferralRatePercent: string;
  tdsReferralYearlyThreshold: string;
  tdsPrizeSection: string;
  tdsPrizeRatePercent: string;
  tdsPrizeThreshold: string;
  tdsNoPanRatePercent: string;
  tdsTan: string;
}

const trimZeros = (money: string) => money.replace(/\.00$/, '');

function toForm(s: AdminSettings): SettingsForm {
  return {
    tdsEnabled: s.tdsEnabled,
    tdsReferralSection: s.tdsReferralSection,
    tdsReferralRatePercent: s.tdsReferralRatePercent,
    tdsReferralYearlyThreshold: trimZeros(s.tdsReferralYearlyThreshold),
    tdsPrizeSection: s.tdsPrizeSection,
    tdsPrizeRatePercent: s.tdsPrizeRatePercent,
    tdsPrizeThreshold: trimZeros(s.tdsPrizeThreshold),
    tdsNoPanRatePercent: s.tdsNoPanRatePercent,
    tdsTan: s.tdsTan ?? '',
  };
}

function TaxSettingsCard() {
  const t = useT();
  const settings = useTaxSettings();
  const update = useUpdateTaxSettings();
  const [form, setForm] = useState<SettingsForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (settings.data) setForm(toForm(settings.data));
  }, [settings.data]);

  if (settings.isPending || !form) return <SkeletonList rows={3} label={t('adminTax.settings.loading')} />;
  if (settings.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(settings.error, t('adminTax.settings.loadError'))}
      </p>
    );
  }
  const set = (key: keyof SettingsForm) => (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    update.mutate(form, {
      onSuccess: (saved) =>
        saved.proposed
          ? toast({ title: t('adminTax.settings.proposedTitle'), description: t('adminTax.settings.proposedText'), variant: 'default' })
          : toast({ title: t('adminTax.settings.savedTitle'), variant: 'success' }),
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        toast({ title: t('adminTax.settings.failedTitle'), description: errorMessage(err, t('adminTax.settings.failed')), variant: 'destructive' });
      },
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Scale aria-hidden="true" className="size-5 text-primary" /> {t('adminTax.settings.title')}
        </CardTitle>
        <CardDescription>{t('adminTax.settings.legal')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-5" onSubmit={submit} noValidate>
          <SwitchRow
            label={t('adminTax.settings.enabled')}
            description={t('adminTax.settings.enabledHint')}
            checked={form.tdsEnabled}
            onCheckedChange={(v) => setForm({ ...form, tdsEnabled: v })}
          />
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold">{t('adminTax.settings.referral')}</legend>
            <Field label={t('adminTax.settings.section')} error={errors.tdsReferralSection}>
              <Input name="tdsReferralSection" value={form.tdsReferralSection} onChange={set('tdsReferralSection')} maxLength={6} />
            </Field>
            <Field label={t('adminTax.settings.rate')} error={errors.tdsReferralRatePercent}>
              <Input name="tdsReferralRatePercent" inputMode="decimal" value={form.tdsReferralRatePercent} onChange={set('tdsReferralRatePercent')} trailing="%" />
            </Field>
            <Field label={t('adminTax.settings.yearlyThreshold')} error={errors.tdsReferralYearlyThreshold}>
              <Input name="tdsReferralYearlyThreshold" inputMode="decimal" value={form.tdsReferralYearlyThreshold} onChange={set('tdsReferralYearlyThreshold')} leading="₹" />
            </Field>
          </fieldset>
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-semibold">{t('adminTax.settings.prize')}</legend>
            <Field label={t('adminTax.settings.section')} error={errors.tdsPrizeSection}>
              <Input name="tdsPrizeSection" value={form.tdsPrizeSection} onChange={set('tdsPrizeSection')} maxLength={6} />
            </Field>
            <Field label={t('adminTax.settings.rate')} error={errors.tdsPrizeRatePercent}>
              <Input name="tdsPrizeRatePercent" inputMode="decimal" value={form.tdsPrizeRatePercent} onChange={set('tdsPrizeRatePercent')} trailing="%" />
            </Field>
            <Field label={t('adminTax.settings.prizeThreshold')} error={errors.tdsPrizeThreshold}>
              <Input name="tdsPrizeThreshold" inputMode="decimal" value={form.tdsPrizeThreshold} onChange={set('tdsPrizeThreshold')} leading="₹" />
            </Field>
          </fieldset>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
            <Field label={t('adminTax.settings.noPanRate')} error={errors.tdsNoPanRatePercent} hint={t('adminTax.settings.noPanRateHint')}>
              <Input name="tdsNoPanRatePercent" inputMode="decimal" value={form.tdsNoPanRatePercent} onChange={set('tdsNoPanRatePercent')} trailing="%" />
            </Field>
            <Field label={t('adminTax.settings.tan')} error={errors.tdsTan} hint={t('adminTax.settings.tanHint')} className="sm:col-span-2">
              <Input name="tdsTan" value={form.tdsTan} onChange={(e) => setForm({ ...form, tdsTan: e.target.value.toUpperCase() })} maxLength={10} className="tabular uppercase" />
            </Field>
          </div>
          <Button type="submit" loading={update.isPending} className="w-full sm:w-auto sm:self-start">
            <Save aria-hidden="true" className="size-4" /> {t('adminTax.settings.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

export default function TaxTab() {
  const t = useT();
  const now = taxPeriodOf(new Date());
  const [fy, setFy] = useState(now.fy);
  const [quarter, setQuarter] = useState(now.quarter);
  const summary = useTaxQuarter(fy, quarter);
  const [downloading, setDownloading] = useState(false);
  const data = summary.data;
  const years = [...new Set([fy, ...(data?.years ?? [now.fy])])].sort((a, b) => b - a);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadTaxReport(fy, quarter);
    } catch (err) {
      toast({ title: t('adminTax.report.failedTitle'), description: errorMessage(err, t('adminTax.report.failed')), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  const sectionColumns: TableColumn<TaxQuarterSummary['sections'][number]>[] = [
    { key: 'section', header: t('adminTax.sections.section'), mobile: 'title', cell: (r) => <span className="font-semibold">{r.section}</span> },
    { key: 'rows', header: t('adminTax.sections.rows'), align: 'right', cell: (r) => <span className="tabular">{formatNumber(r.rows)}</span> },
    { key: 'withoutPan', header: t('adminTax.sections.withoutPan'), align: 'right', cell: (r) => <span className="tabular">{formatNumber(r.withoutPan)}</span> },
    { key: 'amount', header: t('adminTax.sections.amount'), align: 'right', cell: (r) => <Amount value={r.amount} /> },
    { key: 'tax', header: t('adminTax.sections.tax'), align: 'right', cell: (r) => <Amount value={r.tax} className="font-semibold" /> },
  ];
  const depositColumns: TableColumn<TaxDeposit>[] = [
    { key: 'date', header: t('adminTax.deposits.date'), mobile: 'title', cell: (d) => formatDate(d.depositedOn) },
    { key: 'bsr', header: t('adminTax.deposits.bsr'), cell: (d) => <span className="tabular">{d.bsrCode}</span> },
    { key: 'serial', header: t('adminTax.deposits.serial'), cell: (d) => <span className="tabular">{d.challanSerial}</span> },
    { key: 'amount', header: t('adminTax.deposits.amount'), align: 'right', cell: (d) => <Amount value={d.amount} className="font-semibold" /> },
    { key: 'by', header: t('adminTax.deposits.by'), cell: (d) => <span className="text-muted-foreground">{t('adminTax.deposits.byAt', { name: d.recordedBy ?? '—', at: formatDateTime(d.at) })}</span> },
  ];

  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <ReceiptIndianRupee aria-hidden="true" className="size-5 text-primary" /> {t('adminTax.title')}
            {data ? <Badge tone={data.enabled ? 'success' : 'neutral'}>{data.enabled ? t('adminTax.on') : t('adminTax.off')}</Badge> : null}
          </CardTitle>
          <CardDescription>{t('adminTax.text')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-[repeat(2,minmax(0,14rem))_1fr] sm:items-end">
            <Field label={t('adminTax.period.year')}>
              <Select value={String(fy)} onValueChange={(v) => setFy(Number(v))} options={years.map((y) => ({ value: String(y), label: t('adminTax.period.yearOption', { year: financialYearLabel(y) }) }))} />
            </Field>
            <Field label={t('adminTax.period.quarter')}>
              <Select value={String(quarter)} onValueChange={(v) => setQuarter(Number(v))} options={[1, 2, 3, 4].map((q) => ({ value: String(q), label: t(QUARTER_LABEL[q]!) }))} />
            </Field>
            <Button variant="outline" loading={downloading} onClick={() => void download()} className="w-full sm:w-auto sm:justify-self-end">
              <FileSpreadsheet aria-hidden="true" className="size-4" /> {t('adminTax.report.download')}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{t('adminTax.report.hint')}</p>
        </CardContent>
      </Card>

      {summary.isPending ? <SkeletonList rows={4} label={t('adminTax.loading')} /> : null}
      {summary.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(summary.error, t('adminTax.loadError'))}
        </p>
      ) : null}
      {data ? (
        <>
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <QuarterStat label={t('adminTax.stats.withheld')} amount={data.withheld} icon={<ReceiptIndianRupee aria-hidden="true" className="size-5" />} />
            <QuarterStat label={t('adminTax.stats.reversed')} amount={data.reversed} icon={<Undo2 aria-hidden="true" className="size-5" />} tone="warning" />
            <QuarterStat label={t('adminTax.stats.deposited')} amount={data.deposited} icon={<Landmark aria-hidden="true" className="size-5" />} tone="success" />
            <QuarterStat
              label={t('adminTax.stats.outstanding')}
              amount={data.outstanding}
              testId="tax-outstanding"
              icon={<Banknote aria-hidden="true" className="size-5" />}
              tone={Number(data.outstanding) > 0 ? 'destructive' : 'success'}
            />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>{t('adminTax.sections.title', { quarter: t(QUARTER_LABEL[data.quarter]!), year: financialYearLabel(data.fy) })}</CardTitle>
              <CardDescription>{t('adminTax.sections.text', { from: formatDate(data.from), to: formatDate(data.to) })}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <Table
                caption={t('adminTax.sections.caption')}
                columns={sectionColumns}
                rows={data.sections}
                getRowKey={(r) => r.section}
                empty={<p className="text-sm text-muted-foreground">{t('adminTax.sections.empty')}</p>}
              />
              <p className="text-xs text-muted-foreground">
                {t('adminTax.ledgerNow', { payable: formatINR(data.ledger.tdsPayable), deposited: formatINR(data.ledger.tdsDeposited) })}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Landmark aria-hidden="true" className="size-5 text-primary" /> {t('adminTax.deposits.title')}
              </CardTitle>
              <CardDescription>{t('adminTax.deposits.text')}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <Table
                caption={t('adminTax.deposits.caption')}
                columns={depositColumns}
                rows={data.deposits}
                getRowKey={(d) => d.id}
                empty={<p className="text-sm text-muted-foreground">{t('adminTax.deposits.empty')}</p>}
              />
              <DepositForm summary={data} />
            </CardContent>
          </Card>
        </>
      ) : null}
      <TaxSettingsCard />
    </div>
  );
}
