// Monthly statement on the wallet page: pick a month (this one and the eleven before), see its
// opening balance, money in and out and closing balance, and download it as a PDF that looks like a
// bank statement or as CSV.
import { useState } from 'react';
import { FileDown, FileSpreadsheet, FileText } from 'lucide-react';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useT } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatMonth } from '../../../lib/format.ts';
import { downloadStatement, monthPeriod, useStatement } from '../api.ts';

/** This month and the eleven before it, newest first, as "YYYY-M" values. */
function recentMonths(now: Date): { value: string; year: number; month: number }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    return { value: `${d.getFullYear()}-${d.getMonth()}`, year: d.getFullYear(), month: d.getMonth() };
  });
}

export function StatementCard() {
  const t = useT();
  const [months] = useState(() => recentMonths(new Date()));
  const [chosen, setChosen] = useState(months[0]!.value);
  const month = months.find((m) => m.value === chosen) ?? months[0]!;
  const period = monthPeriod(month.year, month.month);
  const statement = useStatement(period);
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null);

  const download = async (format: 'pdf' | 'csv') => {
    setBusy(format);
    try {
      await downloadStatement(period, format);
    } catch (err) {
      toast({ title: t('wallet.statement.failedTitle'), description: errorMessage(err, t('wallet.statement.failed')), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const s = statement.data;
  const figure = (label: string, value: string | undefined, sign?: 'credit' | 'debit') => (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-semibold">{value === undefined ? <Skeleton className="h-5 w-16" /> : <Amount value={value} sign={sign} />}</dd>
    </div>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText aria-hidden="true" className="size-5 text-primary" /> {t('wallet.statement.title')}
        </CardTitle>
        <CardDescription>{t('wallet.statement.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Field label={t('wallet.statement.month')}>
          <Select value={chosen} onValueChange={setChosen} options={months.map((m) => ({ value: m.value, label: formatMonth(m.year, m.month) }))} />
        </Field>
        {statement.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(statement.error, t('wallet.statement.loadError'))}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-busy={statement.isPending}>
            {figure(t('wallet.statement.opening'), s?.openingBalance)}
            {figure(t('wallet.statement.in'), s?.totalCredits, 'credit')}
            {figure(t('wallet.statement.out'), s?.totalDebits, 'debit')}
            {figure(t('wallet.statement.closing'), s?.closingBalance)}
          </dl>
        )}
        {s && s.lines.length === 0 ? <p className="text-sm text-muted-foreground">{t('wallet.statement.empty')}</p> : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => void download('pdf')} loading={busy === 'pdf'} loadingText={t('wallet.statement.preparing')} disabled={busy !== null}>
            <FileDown aria-hidden="true" className="size-4" /> {t('wallet.statement.pdf')}
          </Button>
          <Button variant="outline" onClick={() => void download('csv')} loading={busy === 'csv'} loadingText={t('wallet.statement.preparing')} disabled={busy !== null}>
            <FileSpreadsheet aria-hidden="true" className="size-4" /> {t('wallet.statement.csv')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
