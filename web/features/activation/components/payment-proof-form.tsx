// Upload-proof form: payment screenshot (image under 5MB, previewed), 12-digit UTR and optional
// notes. Spec messages as toasts; the server's 4xx reason (duplicate UTR, proof already pending)
// is shown under the form because the failure toast itself reads no server message.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ImagePlus, Send, X } from 'lucide-react';
import { UTR_RE } from '../../../../contract/constants.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatINR } from '../../../lib/format.ts';
import { translateServerText } from '../../../i18n/server-text.ts';
import { useT } from '../../../i18n/t.ts';
import { useSubmitPayment } from '../api.ts';
import { formatFileSize } from '../../../lib/format.ts';

export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

export function PaymentProofForm({ amount }: { amount: string }) {
  const t = useT();
  const submit = useSubmitPayment();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [utr, setUtr] = useState('');
  const [notes, setNotes] = useState('');
  const [utrError, setUtrError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function pickFile(list: FileList | null) {
    const picked = list?.[0] ?? null;
    if (!picked) return;
    if (!picked.type.startsWith('image/')) {
      toast({ title: t('activation.proof.invalidTypeTitle'), description: t('activation.proof.invalidTypeText'), variant: 'destructive' });
      return;
    }
    if (picked.size >= SCREENSHOT_MAX_BYTES) {
      toast({ title: t('activation.proof.tooLargeTitle'), description: t('activation.proof.tooLargeText'), variant: 'destructive' });
      return;
    }
    setFile(picked);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    const trimmed = utr.trim();
    if (!file || !trimmed) {
      toast({ title: t('activation.proof.missingTitle'), description: t('activation.proof.missingText'), variant: 'destructive' });
      return;
    }
    if (!UTR_RE.test(trimmed)) {
      setUtrError(t('activation.proof.utrInvalid'));
      return;
    }
    setUtrError(null);
    // mutateAsync: the form unmounts as soon as the new pending proof loads, which would drop
    // per-call mutate callbacks, so the toast would never show.
    submit
      .mutateAsync({ screenshot: file, utrNumber: trimmed, notes: notes.trim(), amount })
      .then(() => {
        toast({ title: t('activation.proof.submittedTitle'), description: t('activation.proof.submittedText'), variant: 'success' });
        setFile(null);
        setUtr('');
        setNotes('');
      })
      .catch((err: unknown) => {
        // The spec's title, and the server's reason when it gave one (a UTR already used, a proof
        // already waiting...): "Failed to submit payment" alone leaves a person guessing.
        const reason = err instanceof ApiError && err.status < 500 ? err.serverMessage : null;
        // The server speaks English: its reason is shown in the reader's language (FieldError does the same).
        toast({ title: t('activation.proof.failedTitle'), description: reason ? translateServerText(reason) : t('activation.proof.tryAgain'), variant: 'destructive' });
        if (reason) setServerError(reason);
      });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium">
          {t('activation.proof.screenshotLabel')}
        </label>
        <div
          className={cn(
            'hc-border relative flex min-h-32 items-center gap-4 rounded-[12px] border-2 border-dashed border-border bg-muted/40 p-4 transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/30 hover:border-primary/50',
            file && 'border-solid border-primary/40 bg-primary-soft/40',
          )}
        >
          {preview ? (
            <img src={preview} alt={t('activation.proof.previewAlt')} className="size-20 shrink-0 rounded-[10px] border border-border object-cover" />
          ) : (
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
              <ImagePlus aria-hidden="true" className="size-6" />
            </span>
          )}
          <div className="flex min-w-0 flex-1 flex-col gap-0.5">
            <p className="truncate text-sm font-semibold">{file ? file.name : t('activation.proof.choose')}</p>
            <p className="text-xs text-muted-foreground">{file ? t('activation.proof.fileChange', { size: formatFileSize(file.size) }) : t('activation.proof.fileHint')}</p>
          </div>
          <input
            id={fileId}
            type="file"
            accept="image/*"
            className="absolute inset-0 cursor-pointer opacity-0"
            aria-describedby={`${fileId}-hint`}
            onChange={(e) => {
              pickFile(e.target.files);
              e.target.value = '';
            }}
          />
          {file ? (
            <Button variant="ghost" size="icon" aria-label={t('activation.proof.remove')} className="relative z-10 size-9" onClick={() => setFile(null)}>
              <X aria-hidden="true" className="size-4" />
            </Button>
          ) : null}
        </div>
        <p id={`${fileId}-hint`} className="text-xs text-muted-foreground">
          {t('activation.proof.screenshotHint')}
        </p>
      </div>

      <Field label={t('activation.proof.utrLabel')} hint={t('activation.proof.utrHint')} error={utrError ?? undefined}>
        <Input
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          placeholder={t('activation.proof.utrPlaceholder')}
          value={utr}
          onChange={(e) => setUtr(e.target.value.replace(/\D/g, '').slice(0, 12))}
          className="tabular font-mono"
        />
      </Field>

      <Field label={t('activation.proof.notesLabel')}>
        <Textarea rows={2} maxLength={500} placeholder={t('activation.proof.notesPlaceholder')} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>

      <FieldError>{serverError}</FieldError>

      <Button type="submit" size="lg" loading={submit.isPending} loadingText={t('activation.proof.submitting')}>
        <Send aria-hidden="true" className="size-4" /> {t('activation.proof.submit', { amount: formatINR(amount, 0) })}
      </Button>
    </form>
  );
}
