// The proof flow (pay by UPI yourself, then submit the screenshot and UTR) as a section of its own,
// under the payment gateway's "Pay now" card: its heading says it is the other, slower way.
import { useId, type ReactNode } from 'react';
import { useT } from '../../../i18n/t.ts';

export function ProofFlowSection({ children }: { children: ReactNode }) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1 pt-2">
        <h2 id={headingId} className="text-lg font-bold tracking-tight">
          {t('activation.proofFlow.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('activation.proofFlow.text')}</p>
      </div>
      {children}
    </section>
  );
}
