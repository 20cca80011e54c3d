// The request for a PAN where rewards are seen (the wallet): shown only while withholding is on,
// there is no PAN and this year's rewards are near or past the threshold; it leads to the Profile.
import { Link } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useT } from '../../../i18n/t.ts';
import { useMyTax } from '../api.ts';
import { PanRequestText } from './pan-card.tsx';

export function PanPrompt() {
  const t = useT();
  const tax = useMyTax();
  if (!tax.data?.panRequested) return null;
  return (
    <div role="note" className="hc-border flex flex-col gap-3 rounded-[12px] border border-warning/40 bg-warning-soft p-4 text-sm text-warning-soft-foreground sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <PanRequestText tax={tax.data} />
        </div>
      </div>
      <Button asChild size="sm" className="self-start sm:self-center">
        <Link to="/profile">{t('tax.request.action')}</Link>
      </Button>
    </div>
  );
}
