// "Tax withheld at source" on the Profile: the person's PAN (shown masked, added or changed with the
// name on the card), a request for it when their rewards near the yearly threshold without one,
// this financial year's rewards and tax, and each year's tax summary as a PDF.
import { useState, type FormEvent } from 'react';
import { FileDown, IdCard, TriangleAlert } from 'lucide-react';
import type { MyTax } from '../../../../contract/tax.ts';
import { financialYearLabel, PAN_RE } from '../../../../contract/tax-calendar.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatINR } from '../../../lib/format.ts';
import { downloadTaxSummary, useMyTax, useSetPan } from '../api.ts';

const PAN_MESSAGE = 'Enter your PAN as it is on the card: 10 characters, like ABCPE1234F';
const NAME_MESSAGE = 'Enter your name as it is on your PAN card';

/** Today in India (YYYY-MM-DD): the financial year's summary runs up to it. */
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The request for a PAN: rewards near (or past) the threshold, none given. Shared with the wallet's banner. */
export function PanRequestText({ tax }: { tax: MyTax }) {
  const t = useT();
  return (
    <>
      <p className="font-semibold">{t('tax.request.title', { rate: tax.referral.noPanRate })}</p>
      <p>
        {t('tax.request.text', {
          rewards: formatINR(tax.year.rewards),
          threshold: formatINR(tax.referral.yearlyThreshold),
          rate: tax.referral.rate,
          noPanRate: tax.referral.noPanRate,
        })}
      </p>
    </>
  );
}

function PanForm({ tax, onDone }: { tax: MyTax; onDone?: () => void }) {
  const t = useT();
  const save = useSetPan();
  const [pan, setPan] = useState('');
  const [name, setName] = useState(tax.pan?.nameOnPan ?? '');
  const [errors, setErrors] = useState<{ pan?: string; nameOnPan?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const cleaned = pan.replace(/\s+/g, '').toUpperCase();
    const next: typeof errors = {};
    if (!PAN_RE.test(cleaned)) next.pan = PAN_MESSAGE;
    if (!name.trim()) next.nameOnPan = NAME_MESSAGE;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      { pan: cleaned, nameOnPan: name.trim() },
      {
        onSuccess: () => {
          setPan('');
          toast({ title: t('tax.pan.savedTitle'), description: t('tax.pan.savedText'), variant: 'success' });
          onDone?.();
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields) setErrors(err.fields);
          toast({ title: t('tax.pan.failedTitle'), description: errorMessage(err, t('tax.pan.failed')), variant: 'destructive' });
        },
      },
    );
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <Field label={t('tax.pan.label')} error={errors.pan} hint={t('tax.pan.hint')}>
        <Input
          name="pan"
          value={pan}
          onChange={(e) => setPan(e.target.value.toUpperCase())}
          maxLength={12}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder="ABCPE1234F"
          className="tabular font-mono uppercase tracking-wider"
        />
      </Field>
      <Field label={t('tax.pan.nameLabel')} error={errors.nameOnPan}>
        <Input name="nameOnPan" value={name} onChange={(e) => setName(e.target.value)} maxLength={85} autoComplete="name" />
      </Field>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" loading={save.isPending} className="w-full sm:w-auto">
          {t('tax.pan.save')}
        </Button>
        {onDone ? (
          <Button type="button" variant="ghost" onClick={onDone} className="w-full sm:w-auto">
            {t('tax.pan.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

export function PanCard() {
  const t = useT();
  const tax = useMyTax();
  const [changing, setChanging] = useState(false);
  const [busyYear, setBusyYear] = useState<number | null>(null);

  const download = async (fy: number) => {
    setBusyYear(fy);
    try {
      await downloadTaxSummary(fy, todayInIndia());
    } catch (err) {
      toast({ title: t('tax.years.failedTitle'), description: errorMessage(err, t('tax.years.failed')), variant: 'destructive' });
    } finally {
      setBusyYear(null);
    }
  };

  const data = tax.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <IdCard aria-hidden="true" className="size-5 text-primary" /> {t('tax.title')}
        </CardTitle>
        <CardDescription>{t('tax.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {tax.isPending ? <SkeletonList rows={2} label={t('tax.loading')} /> : null}
        {tax.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(tax.error, t('tax.loadError'))}
          </p>
        ) : null}
        {data ? (
          <>
            {data.panRequested ? (
              <div role="note" className="hc-border flex gap-3 rounded-[12px] border border-warning/40 bg-warning-soft p-3 text-sm text-warning-soft-foreground">
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                <div>
                  <PanRequestText tax={data} />
                </div>
              </div>
            ) : null}
            {data.pan && !changing ? (
              <div className="flex flex-col gap-3">
                <dl className="flex flex-col divide-y divide-border">
                  <div className="flex items-center justify-between gap-4 py-2.5 first:pt-0">
                    <dt className="text-sm text-muted-foreground">{t('tax.pan.label')}</dt>
                    <dd className="tabular font-mono text-sm font-semibold tracking-wider" data-testid="pan-masked">
                      {data.pan.masked}
                    </dd>
                  </div>
                  <div className="flex items-center justify-between gap-4 py-2.5">
                    <dt className="text-sm text-muted-foreground">{t('tax.pan.nameLabel')}</dt>
                    <dd className="min-w-0 truncate text-end text-sm font-semibold">{data.pan.nameOnPan}</dd>
                  </div>
                  <div className="flex items-center justify-between gap-4 py-2.5 last:pb-0">
                    <dt className="text-sm text-muted-foreground">{t('tax.pan.added')}</dt>
                    <dd className="text-sm font-semibold">{formatDate(data.pan.addedAt)}</dd>
                  </div>
                </dl>
                <Button variant="outline" onClick={() => setChanging(true)} className="w-full sm:w-auto sm:self-start">
                  {t('tax.pan.change')}
                </Button>
              </div>
            ) : (
              <PanForm tax={data} onDone={data.pan ? () => setChanging(false) : undefined} />
            )}

            <div className="flex flex-col gap-3 border-t border-border pt-4">
              <h3 className="text-sm font-semibold">{t('tax.year.title', { year: financialYearLabel(data.fy) })}</h3>
              {data.enabled ? (
                <p className="text-sm text-muted-foreground">
                  {t('tax.year.rule', { section: data.referral.section, rate: data.referral.rate, threshold: formatINR(data.referral.yearlyThreshold) })}
                </p>
              ) : (
                <p className="text-sm text-muted-foreground">{t('tax.year.off')}</p>
              )}
              <dl className="grid grid-cols-2 gap-3">
                <div className="flex flex-col gap-0.5">
                  <dt className="text-xs text-muted-foreground">{t('tax.year.rewards')}</dt>
                  <dd className="font-semibold">
                    <Amount value={data.year.rewards} />
                  </dd>
                </div>
                <div className="flex flex-col gap-0.5">
                  <dt className="text-xs text-muted-foreground">{t('tax.year.withheld')}</dt>
                  <dd className="font-semibold" data-testid="tax-year-withheld">
                    <Amount value={data.year.taxWithheld} />
                  </dd>
                </div>
              </dl>
              {data.years.length > 0 ? (
                <ul className="flex flex-col gap-2" aria-label={t('tax.years.label')}>
                  {data.years.map((y) => (
                    <li key={y.fy} className="flex flex-col gap-2 rounded-[10px] border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
                      <div className="text-sm">
                        <p className="font-medium">{t('tax.years.year', { year: financialYearLabel(y.fy) })}</p>
                        <p className="text-xs text-muted-foreground">
                          {t('tax.years.amounts', { tax: formatINR(y.taxWithheld), taxedOn: formatINR(y.taxedOn) })}
                        </p>
                      </div>
                      <Button size="sm" variant="outline" loading={busyYear === y.fy} onClick={() => void download(y.fy)} className="w-full sm:w-auto">
                        <FileDown aria-hidden="true" className="size-4" /> {t('tax.years.download')}
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
