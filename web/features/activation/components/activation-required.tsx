// The card an inactive user sees on gated screens (wallet, referrals, spin): why it is locked and
// the one next step, paying the activation fee.
import { Link } from 'react-router';
import { ArrowRight, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatINR } from '../../../lib/format.ts';
import { useT } from '../../../i18n/t.ts';

/** `feature` is already translated by the caller ("referral earnings", "the spin wheel"...). */
export function ActivationRequired({ feature, fee }: { feature: string; fee: string | undefined }) {
  const t = useT();
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-10 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <div className="flex flex-col gap-1.5">
        <h2 className="text-xl font-bold tracking-tight">{t('activation.required.title')}</h2>
        <p className="text-sm text-muted-foreground">
          {t('activation.required.text', { feature, fee: formatINR(fee ?? '500', 0) })}
        </p>
      </div>
      <Button asChild size="lg">
        <Link to="/manual-payment">
          {t('activation.required.button')} <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </Button>
    </Card>
  );
}
