// A reconciliation as the admin reads it: what was read (bank, period, lines, what was approved
// before, lines that could not be read), then the four lists, each with its count and what to do:
// matched (approve them all at once), amount differs, proofs with no credit (suspicious) and credits
// with no proof (a payer to contact). Tables turn into stacked cards on phones.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AlertTriangle, CheckCheck, CircleCheck, Landmark, RefreshCw, SearchX, ShieldAlert, Upload, UserRoundSearch } from 'lucide-react';
import { formatPaise, parseRupees } from '../../../../contract/money.ts';
import type { Reconciliation } from '../../../../contract/reconciliation.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Table, type TableColumn } from '../../../components/ui/table.tsx';
import { useT, type MessageKey, type Translate } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDateTime, formatINR, formatNumber } from '../../../lib/format.ts';
import { ApproveMatchedDialog, type SkippedProof } from './approve-matched-dialog.tsx';

type Matched = Reconciliation['matched'][number];
type AmountDiffers = Reconciliation['amountDiffers'][number];
type ProofWithoutCredit = Reconciliation['proofWithoutCredit'][number];
type CreditWithoutProof = Reconciliation['creditWithoutProof'][number];
type Problem = Reconciliation['problems'][number];

/** The banks read without a mapping, by the server's layout name; a mapped bank shows the name it was given. */
const KNOWN_BANKS: Record<string, MessageKey> = {
  hdfc: 'reconciliation.bank.hdfc',
  sbi: 'reconciliation.bank.sbi',
  icici: 'reconciliation.bank.icici',
  axis: 'reconciliation.bank.axis',
  kotak: 'reconciliation.bank.kotak',
  yes: 'reconciliation.bank.yes',
  idfc: 'reconciliation.bank.idfc',
  pnb: 'reconciliation.bank.pnb',
  bob: 'reconciliation.bank.bob',
  canara: 'reconciliation.bank.canara',
  union: 'reconciliation.bank.union',
  indusind: 'reconciliation.bank.indusind',
  other: 'reconciliation.bank.other',
};

const PROBLEM_TEXT: Record<string, MessageKey> = {
  date: 'reconciliation.problem.date',
  amount: 'reconciliation.problem.amount',
  'no-amount': 'reconciliation.problem.noAmount',
  'dr-cr': 'reconciliation.problem.drCr',
  'unterminated-quote': 'reconciliation.problem.unterminatedQuote',
};

export function bankName(t: Translate, bank: string): string {
  const key = KNOWN_BANKS[bank];
  return key ? t(key) : bank;
}

export interface ReconciliationResultProps {
  reconciliation: Reconciliation;
  /** Lines the upload could not read (reading the reconciliation again does not repeat them). */
  problems: Problem[];
  refreshing: boolean;
  onUploadAnother(): void;
}

export function ReconciliationResult({ reconciliation: r, problems, refreshing, onUploadAnother }: ReconciliationResultProps) {
  return (
    <div className="flex flex-col gap-4">
      <Summary reconciliation={r} problems={problems} refreshing={refreshing} onUploadAnother={onUploadAnother} />
      <MatchedSection reconciliation={r} />
      <AmountDiffersSection rows={r.amountDiffers} />
      <ProofWithoutCreditSection rows={r.proofWithoutCredit} />
      <CreditWithoutProofSection rows={r.creditWithoutProof} />
    </div>
  );
}

function Summary({ reconciliation: r, problems, refreshing, onUploadAnother }: ReconciliationResultProps) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // The answer replaces the upload card: a screen reader is taken to it.
  useEffect(() => heading.current?.focus(), []);
  const period = r.firstDate && r.lastDate ? t('reconciliation.summary.periodRange', { from: formatDate(r.firstDate), to: formatDate(r.lastDate) }) : t('reconciliation.summary.noPeriod');
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          {/* CardTitle's look, on an element that can take focus. */}
          <h3 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-base font-semibold leading-snug tracking-tight outline-none">
            <Landmark aria-hidden="true" className="size-5 shrink-0 text-primary" /> {t('reconciliation.summary.title', { bank: bankName(t, r.bank) })}
          </h3>
          <CardDescription className="break-all">{t('reconciliation.summary.file', { file: r.fileName, at: formatDateTime(r.createdAt) })}</CardDescription>
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {refreshing ? <Spinner size="sm" className="text-muted-foreground" label={t('reconciliation.summary.refreshing')} /> : null}
          <Button variant="outline" onClick={onUploadAnother} className="w-full sm:w-auto">
            <Upload aria-hidden="true" className="size-4" /> {t('reconciliation.summary.another')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[auto_1.6fr_1fr_1fr_1fr]">
          <Stat label={t('reconciliation.summary.bank')} value={bankName(t, r.bank)} />
          <Stat label={t('reconciliation.summary.period')} value={period} className="col-span-2 sm:col-span-1" />
          <Stat label={t('reconciliation.summary.lines')} value={formatNumber(r.lineCount)} />
          <Stat label={t('reconciliation.summary.alreadyApproved')} value={formatNumber(r.alreadyApproved)} hint={t('reconciliation.summary.alreadyApprovedHint')} />
          <Stat
            label={t('reconciliation.summary.problems')}
            value={formatNumber(problems.length)}
            hint={problems.length > 0 ? t('reconciliation.summary.problemsHint') : t('reconciliation.summary.noProblems')}
            tone={problems.length > 0 ? 'warning' : undefined}
          />
        </dl>
        {problems.length > 0 ? (
          <details className="hc-border rounded-[10px] border border-warning/40 bg-warning-soft/60 text-sm">
            <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-3 font-medium">
              <AlertTriangle aria-hidden="true" className="size-4 shrink-0 text-warning-soft-foreground" />
              {t('reconciliation.summary.showProblems', { count: problems.length })}
            </summary>
            <ul className="flex flex-col gap-1 px-3 pb-3">
              {problems.map((p) => (
                <li key={`${p.line}-${p.kind}`} className="break-words">
                  {t(PROBLEM_TEXT[p.kind] ?? 'reconciliation.problem.other', { line: p.line, value: p.value })}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Stat({ label, value, hint, tone, className }: { label: string; value: string; hint?: string; tone?: 'warning'; className?: string }) {
  return (
    <div className={cn('hc-border flex min-w-0 flex-col gap-0.5 rounded-[10px] bg-muted/60 px-3 py-2.5', tone === 'warning' && 'bg-warning-soft text-warning-soft-foreground', className)}>
      <dt className={cn('text-xs font-medium', tone === 'warning' ? '' : 'text-muted-foreground')}>{label}</dt>
      <dd className="tabular break-words text-base font-semibold">{value}</dd>
      {hint ? <dd className={cn('text-xs', tone === 'warning' ? '' : 'text-muted-foreground')}>{hint}</dd> : null}
    </div>
  );
}

interface SectionProps {
  id: string;
  tone: 'success' | 'warning' | 'destructive' | 'primary';
  icon: ReactNode;
  title: string;
  text: string;
  count: number;
  action?: ReactNode;
  children: ReactNode;
}

const CHIP: Record<SectionProps['tone'], string> = {
  primary: 'bg-primary-soft text-primary-soft-foreground',
  success: 'bg-success-soft text-success-soft-foreground',
  warning: 'bg-warning-soft text-warning-soft-foreground',
  destructive: 'bg-destructive-soft text-destructive-soft-foreground',
};

/** A list's card: icon, title with its count, the one-line explanation, an action on the right. */
function Section({ id, tone, icon, title, text, count, action, children }: SectionProps) {
  const badgeTone: BadgeTone = count === 0 ? 'neutral' : tone;
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className={cn(tone === 'destructive' && count > 0 && 'border-destructive/40')}>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-3">
          <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-[10px]', CHIP[tone])}>{icon}</span>
          <div className="flex min-w-0 flex-col gap-1">
            <CardTitle as="h3" id={`${id}-title`} className="flex flex-wrap items-center gap-2">
              {title}
              <Badge tone={badgeTone} className="tabular">
                {formatNumber(count)}
              </Badge>
            </CardTitle>
            <CardDescription>{text}</CardDescription>
          </div>
        </div>
        {action ? <div className="flex shrink-0 flex-col gap-2 sm:items-end">{action}</div> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Empty({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return <EmptyState icon={icon} title={title} description={text} className="py-6" />;
}

const utrCell = (utr: string) => <span className="break-all font-mono text-xs tracking-wide">{utr}</span>;
const userCell = (username: string) => <span className="break-words font-medium">{username}</span>;

function lineColumn<T extends { line: number; date: string }>(t: Translate): TableColumn<T> {
  return {
    key: 'line',
    header: t('reconciliation.column.line'),
    cell: (row) => <span className="whitespace-nowrap">{t('reconciliation.column.lineValue', { line: row.line, date: formatDate(row.date) })}</span>,
  };
}

function MatchedSection({ reconciliation: r }: { reconciliation: Reconciliation }) {
  const t = useT();
  // The list as it was when the admin confirmed: the view refreshes under the dialog as proofs are approved.
  const [confirming, setConfirming] = useState<Matched[] | null>(null);
  const [skipped, setSkipped] = useState<SkippedProof[]>([]);
  const rows = r.matched;
  const columns: TableColumn<Matched>[] = [
    { key: 'user', header: t('reconciliation.column.user'), mobile: 'title', cell: (m) => userCell(m.username) },
    { key: 'utr', header: t('reconciliation.column.utr'), cell: (m) => utrCell(m.utr) },
    { key: 'amount', header: t('reconciliation.column.amount'), align: 'right', cell: (m) => <Amount value={m.amount} className="font-semibold" /> },
    lineColumn<Matched>(t),
  ];
  return (
    <Section
      id="matched"
      tone="success"
      icon={<CircleCheck aria-hidden="true" className="size-5" />}
      title={t('reconciliation.matched.title')}
      text={t('reconciliation.matched.text')}
      count={rows.length}
      action={
        rows.length > 0 ? (
          <Button onClick={() => setConfirming(rows)} className="w-full sm:w-auto">
            <CheckCheck aria-hidden="true" className="size-4" /> {t('reconciliation.matched.approveAll', { count: rows.length })}
          </Button>
        ) : null
      }
    >
      {skipped.length > 0 ? (
        <div role="status" className="hc-border mb-4 flex flex-col gap-1 rounded-[10px] border border-warning/40 bg-warning-soft p-3 text-sm text-warning-soft-foreground">
          <p className="font-semibold">{t('reconciliation.matched.skippedTitle', { count: skipped.length })}</p>
          <ul className="flex flex-col gap-0.5">
            {skipped.map((s, i) => (
              <li key={i} className="break-words">
                {t('reconciliation.approve.skipped', { username: s.username, reason: s.reason })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Table
        caption={t('reconciliation.matched.title')}
        columns={columns}
        rows={rows}
        getRowKey={(m) => m.paymentId}
        empty={<Empty icon={<CheckCheck aria-hidden="true" className="size-6" />} title={t('reconciliation.matched.empty')} text={t('reconciliation.matched.emptyText')} />}
      />
      {confirming ? (
        <ApproveMatchedDialog
          reconciliationId={r.id}
          matched={confirming}
          onDone={(left) => {
            setSkipped(left);
            setConfirming(null);
          }}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </Section>
  );
}

function AmountDiffersSection({ rows }: { rows: AmountDiffers[] }) {
  const t = useT();
  const columns: TableColumn<AmountDiffers>[] = [
    { key: 'user', header: t('reconciliation.column.user'), mobile: 'title', cell: (m) => userCell(m.username) },
    { key: 'utr', header: t('reconciliation.column.utr'), cell: (m) => utrCell(m.utr) },
    { key: 'proof', header: t('reconciliation.column.proofAmount'), align: 'right', cell: (m) => <Amount value={m.proofAmount} /> },
    {
      key: 'credited',
      header: t('reconciliation.column.credited'),
      align: 'right',
      cell: (m) => {
        const difference = (parseRupees(m.credited) ?? 0n) - (parseRupees(m.proofAmount) ?? 0n);
        const amount = formatINR(formatPaise(difference < 0n ? -difference : difference));
        return (
          <span className="inline-flex flex-col items-end">
            <Amount value={m.credited} className="font-semibold" />
            <span className="whitespace-nowrap text-xs font-medium text-warning-soft-foreground">
              {difference < 0n ? t('reconciliation.amountDiffers.short', { amount }) : t('reconciliation.amountDiffers.over', { amount })}
            </span>
          </span>
        );
      },
    },
    lineColumn<AmountDiffers>(t),
  ];
  return (
    <Section
      id="amount-differs"
      tone="warning"
      icon={<AlertTriangle aria-hidden="true" className="size-5" />}
      title={t('reconciliation.amountDiffers.title')}
      text={t('reconciliation.amountDiffers.text')}
      count={rows.length}
    >
      <Table
        caption={t('reconciliation.amountDiffers.title')}
        columns={columns}
        rows={rows}
        getRowKey={(m) => m.paymentId}
        empty={<Empty icon={<CircleCheck aria-hidden="true" className="size-6" />} title={t('reconciliation.amountDiffers.empty')} text={t('reconciliation.amountDiffers.emptyText')} />}
      />
    </Section>
  );
}

function ProofWithoutCreditSection({ rows }: { rows: ProofWithoutCredit[] }) {
  const t = useT();
  const columns: TableColumn<ProofWithoutCredit>[] = [
    { key: 'user', header: t('reconciliation.column.user'), mobile: 'title', cell: (p) => userCell(p.username) },
    { key: 'utr', header: t('reconciliation.column.utr'), cell: (p) => utrCell(p.utr) },
    { key: 'amount', header: t('reconciliation.column.amount'), align: 'right', cell: (p) => <Amount value={p.amount} className="font-semibold" /> },
    { key: 'sent', header: t('reconciliation.column.sent'), cell: (p) => <span className="whitespace-nowrap">{formatDateTime(p.submittedAt)}</span> },
    {
      key: 'flag',
      header: <span className="sr-only">{t('reconciliation.column.flag')}</span>,
      align: 'right',
      mobile: 'hidden',
      cell: () => (
        <Badge tone="destructive" icon={<ShieldAlert aria-hidden="true" className="size-3.5" />}>
          {t('reconciliation.proofWithoutCredit.badge')}
        </Badge>
      ),
    },
  ];
  return (
    <Section
      id="proof-without-credit"
      tone="destructive"
      icon={<ShieldAlert aria-hidden="true" className="size-5" />}
      title={t('reconciliation.proofWithoutCredit.title')}
      text={t('reconciliation.proofWithoutCredit.text')}
      count={rows.length}
    >
      <Table
        caption={t('reconciliation.proofWithoutCredit.title')}
        columns={columns}
        rows={rows}
        getRowKey={(p) => p.paymentId}
        empty={<Empty icon={<CircleCheck aria-hidden="true" className="size-6" />} title={t('reconciliation.proofWithoutCredit.empty')} text={t('reconciliation.proofWithoutCredit.emptyText')} />}
      />
    </Section>
  );
}

function CreditWithoutProofSection({ rows }: { rows: CreditWithoutProof[] }) {
  const t = useT();
  const columns: TableColumn<CreditWithoutProof>[] = [
    {
      key: 'utr',
      header: t('reconciliation.column.utr'),
      mobile: 'title',
      cell: (c) => (c.utr ? utrCell(c.utr) : <span className="text-muted-foreground">{t('reconciliation.creditWithoutProof.noUtr')}</span>),
    },
    { key: 'amount', header: t('reconciliation.column.amount'), align: 'right', cell: (c) => <Amount value={c.amount} sign="credit" className="font-semibold" /> },
    lineColumn<CreditWithoutProof>(t),
    {
      key: 'details',
      header: t('reconciliation.column.details'),
      cell: (c) => (
        <span className="flex min-w-0 flex-col items-end gap-1.5 md:max-w-md md:items-start">
          <span className="break-all text-xs text-muted-foreground">{c.narration}</span>
          {c.rejectedProof ? (
            <Badge tone="warning" icon={<RefreshCw aria-hidden="true" className="size-3.5" />} className="whitespace-normal text-start">
              {t('reconciliation.creditWithoutProof.rejected', { username: c.rejectedProof.username })}
            </Badge>
          ) : null}
          {c.otherLines.length > 0 ? (
            <span className="text-xs font-medium text-warning-soft-foreground">{t('reconciliation.creditWithoutProof.otherLines', { count: c.otherLines.length, lines: c.otherLines.join(', ') })}</span>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <Section
      id="credit-without-proof"
      tone="primary"
      icon={<UserRoundSearch aria-hidden="true" className="size-5" />}
      title={t('reconciliation.creditWithoutProof.title')}
      text={t('reconciliation.creditWithoutProof.text')}
      count={rows.length}
    >
      <Table
        caption={t('reconciliation.creditWithoutProof.title')}
        columns={columns}
        rows={rows}
        getRowKey={(c) => `${c.line}`}
        empty={<Empty icon={<SearchX aria-hidden="true" className="size-6" />} title={t('reconciliation.creditWithoutProof.empty')} text={t('reconciliation.creditWithoutProof.emptyText')} />}
      />
    </Section>
  );
}
