// The result dialog after the wheel stops: phases initial (0 s), jackpot (0.5 s), reveal (1.5 s)
// and final (2.5 s), showing the prize the server drew and the new balance.
import { useEffect, useState } from 'react';
import { Gift, PartyPopper, Sparkles } from 'lucide-react';
import type { SpinResponse } from '../../../../contract/wallet.ts';
import { Amount } from '../../../components/ui/amount.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatINR } from '../../../lib/format.ts';
import { useT } from '../../../i18n/t.ts';
import { RESULT_PHASES, type ResultPhase } from '../api.ts';

export interface SpinResultDialogProps {
  result: SpinResponse | null;
  onClose: () => void;
  onSpinAgain: () => void;
}

export function SpinResultDialog({ result, onClose, onSpinAgain }: SpinResultDialogProps) {
  const t = useT();
  const [phase, setPhase] = useState<ResultPhase>('initial');

  useEffect(() => {
    if (!result) return;
    setPhase('initial');
    const timers = RESULT_PHASES.filter((p) => p.at > 0).map((p) => setTimeout(() => setPhase(p.phase), p.at));
    return () => timers.forEach(clearTimeout);
  }, [result]);

  const won = result ? Number(result.prize) > 0 : false;
  const shown = phase === 'reveal' || phase === 'final';

  return (
    <Dialog
      open={result !== null}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      title={phase === 'initial' ? t('spin.result.title') : won ? t('spin.result.congrats') : t('spin.result.betterLuck')}
      className="text-center"
      footer={
        phase === 'final' && result ? (
          <>
            {result.spinsRemaining > 0 ? (
              <Button variant="outline" onClick={onSpinAgain}>
                {t('spin.result.spinAgain', { count: result.spinsRemaining })}
              </Button>
            ) : null}
            <Button onClick={onClose}>{t('spin.result.done')}</Button>
          </>
        ) : null
      }
    >
      {result ? (
        <div className="flex flex-col items-center gap-3 py-2" aria-live="polite">
          <span
            className={cn(
              'flex size-20 items-center justify-center rounded-full transition-all duration-300',
              phase === 'initial' ? 'scale-90 bg-primary-soft text-primary-soft-foreground' : 'scale-100 bg-warning-soft text-warning-soft-foreground',
            )}
          >
            {phase === 'initial' ? <Gift aria-hidden="true" className="size-9" /> : phase === 'jackpot' ? <Sparkles aria-hidden="true" className="size-9" /> : <PartyPopper aria-hidden="true" className="size-9" />}
          </span>
          {phase === 'initial' ? <p className="text-sm text-muted-foreground">{t('spin.result.opening')}</p> : null}
          {phase === 'jackpot' ? <p className="text-lg font-bold text-warning-soft-foreground">{won ? t('spin.result.hit') : t('spin.result.stopped')}</p> : null}
          {shown ? (
            <div className="flex flex-col items-center gap-1">
              <p className="text-sm font-medium text-muted-foreground">{t('spin.result.youWon')}</p>
              <p className="text-4xl font-black tracking-tight text-success" data-testid="spin-prize">
                <Amount value={result.prize} />
              </p>
              <p className="text-sm text-muted-foreground">
                {result.tax
                  ? t('spin.result.addedLessTax', { tax: formatINR(result.tax.amount), section: result.tax.section })
                  : t('spin.result.added')}
              </p>
            </div>
          ) : null}
          {phase === 'final' ? (
            <dl className="hc-border mt-2 grid w-full grid-cols-2 divide-x divide-border rounded-[12px] border border-border text-sm">
              <div className="p-3">
                <dt className="text-muted-foreground">{t('spin.result.newBalance')}</dt>
                <dd className="font-bold" data-testid="spin-new-balance">
                  <Amount value={result.newBalance} />
                </dd>
              </div>
              <div className="p-3">
                <dt className="text-muted-foreground">{t('spin.result.spinsLeft')}</dt>
                <dd className="tabular font-bold">{result.spinsRemaining}</dd>
              </div>
            </dl>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
