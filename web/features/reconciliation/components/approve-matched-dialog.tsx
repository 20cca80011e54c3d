// "Approve all matched": the confirmation (how many, how much, what approving does), the approval
// itself, and its outcome as a toast: approved, decided by someone else meanwhile, skipped and why.
// The skipped ones are also handed back, because a toast is gone after five seconds.
import { CheckCheck } from 'lucide-react';
import { formatPaise, parseRupees } from '../../../../contract/money.ts';
import type { ApproveMatchedResponse, Reconciliation } from '../../../../contract/reconciliation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { translateServerText } from '../../../i18n/server-text.ts';
import { useT, type Translate } from '../../../i18n/t.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatINR } from '../../../lib/format.ts';
import { useApproveMatched } from '../api.ts';

type Matched = Reconciliation['matched'];

/** The sum of "500.00" amounts, in paise: money is never added as floating point. */
function totalOf(amounts: readonly string[]): string {
  return formatPaise(amounts.reduce((sum, a) => sum + (parseRupees(a) ?? 0n), 0n));
}

export interface SkippedProof {
  username: string;
  reason: string;
}

/** The outcome's lines, each a sentence in the reader's language. */
export function outcomeLines(t: Translate, result: ApproveMatchedResponse, matched: Matched): { lines: string[]; skipped: SkippedProof[] } {
  const skipped = result.skipped.map((s) => ({ username: matched.find((m) => m.paymentId === s.paymentId)?.username ?? s.paymentId.slice(-8), reason: translateServerText(s.reason) }));
  const lines = [
    t('reconciliation.approve.approved', { count: result.approved }),
    ...(result.alreadyDecided > 0 ? [t('reconciliation.approve.alreadyDecided', { count: result.alreadyDecided })] : []),
    ...skipped.map((s) => t('reconciliation.approve.skipped', { username: s.username, reason: s.reason })),
  ];
  return { lines, skipped };
}

export interface ApproveMatchedDialogProps {
  reconciliationId: string;
  matched: Matched;
  onDone(skipped: SkippedProof[]): void;
  onClose(): void;
}

export function ApproveMatchedDialog({ reconciliationId, matched, onDone, onClose }: ApproveMatchedDialogProps) {
  const t = useT();
  const approve = useApproveMatched(reconciliationId);
  const count = matched.length;
  const busy = approve.isPending;

  const confirm = () => {
    approve.mutate(undefined, {
      onSuccess: (result) => {
        const { lines, skipped } = outcomeLines(t, result, matched);
        toast({
          title: result.approved > 0 ? t('reconciliation.approve.doneTitle') : t('reconciliation.approve.noneTitle'),
          description: (
            <span className="flex flex-col gap-0.5">
              {lines.map((line, i) => (
                <span key={i}>{line}</span>
              ))}
            </span>
          ),
          variant: result.approved > 0 && skipped.length === 0 ? 'success' : 'default',
          duration: skipped.length > 0 ? 10_000 : undefined,
        });
        onDone(skipped);
      },
      onError: (err) => {
        toast({ title: t('reconciliation.approve.failedTitle'), description: errorMessage(err, t('reconciliation.approve.failed')), variant: 'destructive' });
        onClose();
      },
    });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t('reconciliation.approve.confirmTitle', { count })}
      description={t('reconciliation.approve.confirmText', { count, total: formatINR(totalOf(matched.map((m) => m.amount))) })}
      footer={
        <>
          <Button variant="outline" disabled={busy} onClick={onClose}>
            {t('reconciliation.approve.cancel')}
          </Button>
          <Button variant="success" loading={busy} loadingText={t('reconciliation.approve.approving')} onClick={confirm}>
            <CheckCheck aria-hidden="true" className="size-4" /> {t('reconciliation.approve.confirm', { count })}
          </Button>
        </>
      }
    >
      <ul className="hc-border flex max-h-56 flex-col divide-y divide-border overflow-y-auto rounded-[10px] border border-border text-sm">
        {matched.map((m) => (
          <li key={m.paymentId} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{m.username}</span>
              <span className="font-mono text-xs tracking-wide text-muted-foreground">{m.utr}</span>
            </span>
            <span className="tabular shrink-0 font-semibold">{formatINR(m.amount)}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
