// Reconcile payment proofs with the bank statement (Admin > Manual Payments > Reconcile): upload
// the bank account's statement as the bank gave it (CSV, TXT, Excel or PDF), or open one uploaded
// before; a bank whose layout the server does not know is mapped once (the same file sent again
// with the mapping); then the four lists and "approve all matched".
import { useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { LayoutUnknown, Reconciliation } from '../../../../contract/reconciliation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonList } from '../../../components/ui/skeleton.tsx';
import { useT } from '../../../i18n/t.ts';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { layoutUnknownOf, useReconciliation, useUploadStatement, type StatementUpload } from '../api.ts';
import { ColumnMappingForm } from './column-mapping-form.tsx';
import { RecentStatements } from './recent-statements.tsx';
import { ReconciliationResult } from './reconciliation-result.tsx';
import { StatementUpload as StatementUploadCard } from './statement-upload.tsx';

type Step =
  | { kind: 'upload'; error: string | null }
  | { kind: 'mapping'; file: File; layout: LayoutUnknown; error: string | null; fieldErrors: Record<string, string> }
  | { kind: 'result'; id: string; problems: Reconciliation['problems'] };

export default function ReconcileView({ onBack }: { onBack: () => void }) {
  const t = useT();
  const upload = useUploadStatement();
  const [step, setStep] = useState<Step>({ kind: 'upload', error: null });

  const send = (request: StatementUpload) => {
    upload.mutate(request, {
      onSuccess: (r) => setStep({ kind: 'result', id: r.id, problems: r.problems }),
      onError: (err) => {
        const layout = layoutUnknownOf(err);
        if (layout) {
          // Asked the first time; the second time (a mapping sent) the server says what did not fit.
          setStep({ kind: 'mapping', file: request.file, layout, error: request.mapping ? errorMessage(err, t('reconciliation.mapping.failed')) : null, fieldErrors: {} });
        } else if (request.mapping) {
          const fieldErrors = err instanceof ApiError && err.fields ? err.fields : {};
          setStep((s) => (s.kind === 'mapping' ? { ...s, error: fieldErrors.bank ? null : errorMessage(err, t('reconciliation.mapping.failed')), fieldErrors } : s));
        } else {
          setStep({ kind: 'upload', error: errorMessage(err, t('reconciliation.upload.failed')) });
        }
      },
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button variant="ghost" onClick={onBack} className="-ms-2 px-2">
          <ArrowLeft aria-hidden="true" className="size-4" /> {t('reconciliation.view.back')}
        </Button>
      </div>
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-bold tracking-tight">{t('reconciliation.view.title')}</h2>
        <p className="max-w-3xl text-sm text-muted-foreground">{t('reconciliation.view.text')}</p>
      </div>
      {step.kind === 'upload' ? (
        <>
          <StatementUploadCard
            busy={upload.isPending}
            busyFile={upload.isPending ? (upload.variables?.file.name ?? null) : null}
            error={step.error}
            onFile={(file) => {
              setStep({ kind: 'upload', error: null });
              send({ file });
            }}
            onInvalid={(message) => setStep({ kind: 'upload', error: message })}
          />
          <RecentStatements onOpen={(id) => setStep({ kind: 'result', id, problems: [] })} />
        </>
      ) : step.kind === 'mapping' ? (
        <ColumnMappingForm
          // A new 422 (another file) starts a new form.
          key={`${step.file.name}-${step.file.lastModified}`}
          fileName={step.file.name}
          layout={step.layout}
          busy={upload.isPending}
          error={step.error}
          fieldErrors={step.fieldErrors}
          onSubmit={(bank, mapping) => send({ file: step.file, bank, mapping })}
          onCancel={() => setStep({ kind: 'upload', error: null })}
        />
      ) : (
        <ResultStep id={step.id} problems={step.problems} onUploadAnother={() => setStep({ kind: 'upload', error: null })} />
      )}
    </div>
  );
}

function ResultStep({ id, problems, onUploadAnother }: { id: string; problems: Reconciliation['problems']; onUploadAnother(): void }) {
  const t = useT();
  const reconciliation = useReconciliation(id);
  if (reconciliation.isPending) return <SkeletonList rows={5} label={t('reconciliation.result.loading')} />;
  if (reconciliation.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(reconciliation.error, t('reconciliation.result.loadError'))}
        </p>
        <Button variant="outline" onClick={() => void reconciliation.refetch()}>
          {t('reconciliation.result.retry')}
        </Button>
      </div>
    );
  }
  return (
    <ReconciliationResult
      reconciliation={reconciliation.data}
      problems={reconciliation.data.problems.length > 0 ? reconciliation.data.problems : problems}
      refreshing={reconciliation.isFetching}
      onUploadAnother={onUploadAnother}
    />
  );
}
