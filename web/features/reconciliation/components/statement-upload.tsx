// The statement file picker of the reconcile screen: a drop zone over a real file input (so the
// keyboard, screen readers and phones' file choosers work), checked here for size before it is sent
// (the server tells CSV, TXT, Excel and PDF apart by content, so the name is not checked), busy while
// the server reads it, with the reason under it when a file is refused.
import { useId, useState, type DragEvent } from 'react';
import { FileSpreadsheet, Loader2, Upload } from 'lucide-react';
import { STATEMENT_MAX_BYTES } from '../../../../contract/reconciliation.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { useT } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';

/** What the file chooser offers first; any other file may still be dropped or chosen. */
const STATEMENT_TYPES = '.csv,.txt,.xls,.xlsx,.pdf,text/csv,text/plain,application/pdf,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface StatementUploadProps {
  busy: boolean;
  /** The file being read, while busy. */
  busyFile: string | null;
  /** Why the last file was refused (already in the reader's language). */
  error: string | null;
  onFile(file: File): void;
  onInvalid(message: string): void;
}

export function StatementUpload({ busy, busyFile, error, onFile, onInvalid }: StatementUploadProps) {
  const t = useT();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [dragging, setDragging] = useState(false);

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file || busy) return;
    if (file.size > STATEMENT_MAX_BYTES) return onInvalid(t('reconciliation.upload.tooLarge', { file: file.name }));
    if (file.size === 0) return onInvalid(t('reconciliation.upload.empty', { file: file.name }));
    onFile(file);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    pick(e.dataTransfer.files);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3" className="flex items-center gap-2">
          <Upload aria-hidden="true" className="size-5 text-primary" /> {t('reconciliation.upload.title')}
        </CardTitle>
        <CardDescription>{t('reconciliation.upload.text')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <div
          onDragOver={(e) => {
            e.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          aria-busy={busy || undefined}
          className={cn(
            'hc-border relative flex min-h-36 flex-col items-center justify-center gap-3 rounded-[12px] border-2 border-dashed border-border bg-muted/40 p-5 text-center transition-colors duration-150',
            'focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30 hover:border-primary/50',
            dragging && 'border-primary bg-primary-soft/50',
            error && !busy && 'border-destructive/60',
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
            {busy ? <Loader2 aria-hidden="true" className="size-6 animate-spin" /> : <FileSpreadsheet aria-hidden="true" className="size-6" />}
          </span>
          <div className="flex min-w-0 max-w-full flex-col gap-1">
            <label htmlFor={inputId} className="break-words text-sm font-semibold">
              {busy && busyFile ? t('reconciliation.upload.reading', { file: busyFile }) : t('reconciliation.upload.choose')}
            </label>
            <p id={hintId} className="text-xs text-muted-foreground">
              {t('reconciliation.upload.hint')}
            </p>
          </div>
          <input
            id={inputId}
            type="file"
            accept={STATEMENT_TYPES}
            disabled={busy}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-wait"
            onChange={(e) => {
              pick(e.target.files);
              // The same file again must fire a change (a second upload of one statement is allowed).
              e.target.value = '';
            }}
          />
        </div>
        <p role="status" className="sr-only">
          {busy && busyFile ? t('reconciliation.upload.reading', { file: busyFile }) : ''}
        </p>
        {busy ? null : <FieldError id={errorId}>{error}</FieldError>}
      </CardContent>
    </Card>
  );
}
