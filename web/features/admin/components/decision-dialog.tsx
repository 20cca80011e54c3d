// Confirmation before an irreversible admin decision (approve, reject, activate), with an optional
// note that is stored with the decision.
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useT } from '../../../i18n/t.ts';

export interface DecisionDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  tone: 'success' | 'destructive' | 'primary';
  withNotes?: boolean;
  /** The note field's label and hint (default: optional notes saved with the decision). */
  notesLabel?: string;
  notesHint?: string;
  /** The notes must hold at least this many characters before the decision can be confirmed (a reversal's reason). */
  notesRequired?: number;
  /** A one-line field asked before the notes (e.g. the payout's transfer reference). */
  reference?: { label: string; hint: string };
  busy: boolean;
  onConfirm(notes: string, reference: string): void;
  onClose(): void;
}

export function DecisionDialog({
  title,
  description,
  confirmLabel,
  tone,
  withNotes = true,
  notesLabel,
  notesHint,
  notesRequired,
  reference,
  busy,
  onConfirm,
  onClose,
}: DecisionDialogProps) {
  const t = useT();
  const [notes, setNotes] = useState('');
  const [ref, setRef] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            {t('admin.common.cancel')}
          </Button>
          <Button
            variant={tone}
            loading={busy}
            loadingText={t('admin.common.saving')}
            disabled={notesRequired !== undefined && notes.trim().length < notesRequired}
            onClick={() => onConfirm(notes, ref)}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {reference ? (
        <Field label={reference.label} hint={reference.hint}>
          <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={35} value={ref} onChange={(e) => setRef(e.target.value.replace(/\s/g, ''))} className="font-mono" />
        </Field>
      ) : null}
      {withNotes ? (
        <Field label={notesLabel ?? t('admin.common.notesLabel')} hint={notesHint ?? t('admin.common.notesHint')}>
          <Textarea rows={3} maxLength={500} required={notesRequired !== undefined} value={notes} onChange={(e) => setNotes(e.target.value)} />
        </Field>
      ) : null}
    </Dialog>
  );
}
