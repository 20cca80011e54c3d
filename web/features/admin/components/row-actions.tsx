// Approve / Reject for a pending row: labelled buttons in the phone cards, compact icon buttons
// (with the same accessible names and a tooltip) in the desktop table so wide tables keep them in view.
import { Check, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/t.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';

export function RowActions({
  approveLabel,
  rejectLabel,
  onApprove,
  onReject,
  compact,
  approveDisabled,
}: {
  approveLabel: string;
  rejectLabel: string;
  onApprove(): void;
  onReject(): void;
  compact?: boolean;
  /** The first of two approvers waits for another admin: approving again is not theirs to do. */
  approveDisabled?: boolean;
}) {
  const t = useT();
  const isMobile = useIsMobile();
  if (compact && !isMobile) {
    return (
      <div className="flex justify-end gap-1.5">
        <Button size="icon" variant="success" className="size-9" onClick={onApprove} disabled={approveDisabled} aria-label={approveLabel} title={t('admin.common.approve')}>
          <Check aria-hidden="true" className="size-4" />
        </Button>
        <Button size="icon" variant="outline" className="size-9 text-destructive" onClick={onReject} aria-label={rejectLabel} title={t('admin.common.reject')}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-end gap-2">
      <Button size="sm" variant="success" onClick={onApprove} disabled={approveDisabled} aria-label={approveLabel}>
        <Check aria-hidden="true" className="size-4" /> {t('admin.common.approve')}
      </Button>
      <Button size="sm" variant="outline" className="text-destructive" onClick={onReject} aria-label={rejectLabel}>
        <X aria-hidden="true" className="size-4" /> {t('admin.common.reject')}
      </Button>
    </div>
  );
}
