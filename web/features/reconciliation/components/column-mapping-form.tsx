// The column mapping asked for once per bank whose export the server does not know (its 422): the
// bank's name, and which header column holds the date, the narration, the reference and the money
// (credit and debit columns, or one amount column with an optional Cr/Dr column). Choices start as
// a guess from the column names; submitting sends the same file again with them.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Columns3, FileSpreadsheet } from 'lucide-react';
import type { LayoutUnknown, StatementMapping } from '../../../../contract/reconciliation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { useT } from '../../../i18n/t.ts';

/** A Radix select item cannot have an empty value: this one stands for "no such column". */
const NONE = '__none__';
const BANK_MAX = 60;

type AmountMode = 'split' | 'single';
type ColumnField = 'date' | 'narration' | 'reference' | 'credit' | 'debit' | 'amount' | 'creditDebitIndicator';
type Choices = Record<ColumnField, string> & { bank: string; amountMode: AmountMode; dateFormat: 'day-first' | 'month-first' };
type Errors = Partial<Record<ColumnField | 'bank', string>>;

/** The first column whose name matches, skipping those already taken; '' for none. */
function firstMatch(columns: readonly string[], taken: readonly string[], include: RegExp, exclude?: RegExp): string {
  return columns.find((c) => include.test(c) && !exclude?.test(c) && !taken.includes(c)) ?? '';
}

/** A first guess from the header's names, for the admin to check ('' is "not chosen", NONE "no such column"). */
function guessChoices(columns: readonly string[]): Choices {
  const date = firstMatch(columns, [], /date|\bdt\b/i, /value/i) || firstMatch(columns, [], /date/i);
  const narration = firstMatch(columns, [date], /narration|description|particular|remark|detail/i);
  const reference = firstMatch(columns, [date, narration], /utr|ref|chq|cheque/i);
  const taken = [date, narration, reference];
  const credit = firstMatch(columns, taken, /deposit|credit|\bcr\b/i, /balance|\bdr\b/i);
  const debit = firstMatch(columns, [...taken, credit], /withdraw|debit|\bdr\b/i, /balance|\bcr\b/i);
  const amount = credit ? '' : firstMatch(columns, taken, /amount|amt/i, /balance/i);
  const indicator = amount ? firstMatch(columns, [...taken, amount], /cr.*dr|dr.*cr|type/i) : '';
  return {
    bank: '',
    date,
    narration,
    reference: reference || NONE,
    amountMode: !credit && amount ? 'single' : 'split',
    credit,
    debit: debit || NONE,
    amount,
    creditDebitIndicator: indicator || NONE,
    dateFormat: 'day-first',
  };
}

export interface ColumnMappingFormProps {
  fileName: string;
  layout: LayoutUnknown;
  busy: boolean;
  /** Why the server refused the last mapping (in the reader's language), or null on the first ask. */
  error: string | null;
  /** Field messages of a 400 (e.g. `bank`), as the server sent them. */
  fieldErrors: Record<string, string>;
  onSubmit(bank: string, mapping: StatementMapping): void;
  onCancel(): void;
}

export function ColumnMappingForm({ fileName, layout, busy, error, fieldErrors, onSubmit, onCancel }: ColumnMappingFormProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // Header cells can repeat (Kotak has two "Dr / Cr") or be blank; each name is offered once.
  const columns = [...new Set(layout.columns.map((c) => c.trim()).filter(Boolean))];
  const [choices, setChoices] = useState<Choices>(() => guessChoices(columns));
  const [errors, setErrors] = useState<Errors>({});

  // A screen reader hears the new question, not silence after the upload.
  useEffect(() => heading.current?.focus(), []);

  const set = <K extends keyof Choices>(key: K, value: Choices[K]) => {
    setChoices((c) => ({ ...c, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const options = (optional: boolean): SelectOption[] => [...(optional ? [{ value: NONE, label: t('reconciliation.mapping.none') }] : []), ...columns.map((c) => ({ value: c, label: c }))];
  const picked = (field: ColumnField): string | undefined => (choices[field] === NONE || choices[field] === '' ? undefined : choices[field]);

  const validate = (): Errors => {
    const found: Errors = {};
    const bank = choices.bank.trim();
    if (!bank) found.bank = t('reconciliation.mapping.bankRequired');
    else if (bank.length > BANK_MAX) found.bank = t('reconciliation.mapping.bankTooLong', { max: BANK_MAX });
    if (!picked('date')) found.date = t('reconciliation.mapping.dateRequired');
    if (!picked('narration')) found.narration = t('reconciliation.mapping.narrationRequired');
    if (choices.amountMode === 'split' && !picked('credit')) found.credit = t('reconciliation.mapping.creditRequired');
    if (choices.amountMode === 'single' && !picked('amount')) found.amount = t('reconciliation.mapping.amountRequired');
    // One column cannot be two things: the later choice is the one to change.
    const order: ColumnField[] = ['date', 'narration', 'reference', ...(choices.amountMode === 'split' ? (['credit', 'debit'] as const) : (['amount', 'creditDebitIndicator'] as const))];
    const seen = new Set<string>();
    for (const field of order) {
      const column = picked(field);
      if (!column) continue;
      if (seen.has(column) && !found[field]) found[field] = t('reconciliation.mapping.sameColumn', { column });
      seen.add(column);
    }
    return found;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const mapping: StatementMapping = { date: picked('date') ?? '', narration: picked('narration') ?? '', dateFormat: choices.dateFormat };
    const fields: ColumnField[] = ['reference', ...(choices.amountMode === 'split' ? (['credit', 'debit'] as const) : (['amount', 'creditDebitIndicator'] as const))];
    for (const field of fields) {
      const column = picked(field);
      if (column) mapping[field] = column;
    }
    onSubmit(choices.bank.trim(), mapping);
  };

  const missing = layout.missingColumns.filter(Boolean);
  const columnSelect = (field: ColumnField, label: string, optional = false, hint?: string) => (
    <Field label={label} hint={hint} error={errors[field]}>
      <Select value={choices[field]} onValueChange={(v) => set(field, v)} options={options(optional)} placeholder={t('reconciliation.mapping.choose')} disabled={busy} />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        {/* CardTitle's look, on an element that can take focus. */}
        <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold leading-snug tracking-tight outline-none">
          <Columns3 aria-hidden="true" className="size-5 shrink-0 text-primary" /> {t('reconciliation.mapping.title')}
        </h3>
        <CardDescription>{t('reconciliation.mapping.text')}</CardDescription>
        <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm font-medium">
          <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          <span className="min-w-0 break-all">{fileName}</span>
        </p>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-5">
          {error ? (
            <div className="hc-border flex flex-col gap-1 rounded-[10px] border border-destructive/40 bg-destructive-soft p-3 text-destructive-soft-foreground">
              <FieldError className="text-destructive-soft-foreground">{error}</FieldError>
              {missing.length > 0 ? <p className="text-sm">{t('reconciliation.mapping.missing', { columns: missing.join(', ') })}</p> : null}
            </div>
          ) : null}
          <Field label={t('reconciliation.mapping.bank')} hint={t('reconciliation.mapping.bankHint')} error={errors.bank ?? fieldErrors.bank}>
            <Input value={choices.bank} onChange={(e) => set('bank', e.target.value)} maxLength={BANK_MAX + 20} autoComplete="off" disabled={busy} />
          </Field>
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-3 text-sm font-semibold">{t('reconciliation.mapping.columnsLegend')}</legend>
            <p className="-mt-2 text-xs text-muted-foreground">{t('reconciliation.mapping.guessed')}</p>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {columnSelect('date', t('reconciliation.mapping.date'))}
              <Field label={t('reconciliation.mapping.dateOrder')}>
                <Select
                  value={choices.dateFormat}
                  onValueChange={(v) => set('dateFormat', v === 'month-first' ? 'month-first' : 'day-first')}
                  options={[
                    { value: 'day-first', label: t('reconciliation.mapping.dayFirst') },
                    { value: 'month-first', label: t('reconciliation.mapping.monthFirst') },
                  ]}
                  disabled={busy}
                />
              </Field>
              {columnSelect('narration', t('reconciliation.mapping.narration'))}
              {columnSelect('reference', t('reconciliation.mapping.reference'), true)}
            </div>
            <Field label={t('reconciliation.mapping.amounts')}>
              <Select
                value={choices.amountMode}
                onValueChange={(v) => set('amountMode', v === 'single' ? 'single' : 'split')}
                options={[
                  { value: 'split', label: t('reconciliation.mapping.splitColumns') },
                  { value: 'single', label: t('reconciliation.mapping.singleColumn') },
                ]}
                disabled={busy}
              />
            </Field>
            {choices.amountMode === 'split' ? (
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {columnSelect('credit', t('reconciliation.mapping.credit'))}
                {columnSelect('debit', t('reconciliation.mapping.debit'), true)}
              </div>
            ) : (
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {columnSelect('amount', t('reconciliation.mapping.amount'))}
                {columnSelect('creditDebitIndicator', t('reconciliation.mapping.indicator'), true, t('reconciliation.mapping.indicatorHint'))}
              </div>
            )}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {t('reconciliation.mapping.cancel')}
            </Button>
            <Button type="submit" loading={busy} loadingText={t('reconciliation.mapping.submitting')}>
              {t('reconciliation.mapping.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
