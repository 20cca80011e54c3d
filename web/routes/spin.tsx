// Spin Wheel (/spin): gated on activation. The server draws the prize first (POST /api/use-spin),
// then the wheel turns for 5.5 s (0.3 s with reduced motion) and stops on the drawn segment, then
// the result dialog shows the real prize. The odds of every segment are disclosed under the wheel.
import { lazy, Suspense, useRef, useState } from 'react';
import { Gift, Info, Users } from 'lucide-react';
import type { SpinResponse } from '../../contract/wallet.ts';
import { Card } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { toast } from '../components/ui/toast-store.ts';
import { ActivationRequired } from '../features/activation/components/activation-required.tsx';
import { REDUCED_SPIN_MS, SPIN_MS, useRefreshAfterSpin, useSpinMutation } from '../features/spin/api.ts';
import { SpinResultDialog } from '../features/spin/components/spin-result-dialog.tsx';
import type { SpinWheelHandle } from '../features/spin/components/spin-wheel.tsx';
import { formatChance } from '../features/spin/chance.ts';
import { useAccessibility } from '../lib/accessibility.tsx';
import { ApiError } from '../lib/api-client.ts';
import { useAppSettings } from '../lib/app-settings.ts';
import { useAuth } from '../lib/auth.tsx';
import { formatINR } from '../lib/format.ts';
import { referralsToNextSpin } from '../lib/spin-progress.ts';
import { t as translate, useT } from '../i18n/t.ts';

const SpinWheel = lazy(() => import('../features/spin/components/spin-wheel.tsx'));

const DEFAULT_AMOUNTS = ['20.00', '50.00', '100.00', '500.00', '250.00', '1000.00', '200.00', '50000.00'];

/** The spec's toast, with the count the page shows: referrals still needed for the next spin. */
function noSpinsToast(toNextSpin: number) {
  toast({ title: translate('spin.noSpinsTitle'), description: translate('spin.noSpinsText', { count: toNextSpin }), variant: 'destructive' });
}

export default function SpinScreen() {
  const t = useT();
  const { user } = useAuth();
  const settings = useAppSettings();
  const { reducedMotion } = useAccessibility();
  const spin = useSpinMutation();
  const refresh = useRefreshAfterSpin();
  const wheel = useRef<SpinWheelHandle>(null);
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinResponse | null>(null);

  if (!user) return null;
  if (!user.isActivated) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={t('spin.title')} description={t('spin.inactiveText')} />
        <ActivationRequired feature={t('spin.feature')} fee={settings.data?.activationFee} />
      </div>
    );
  }

  const segments = settings.data?.wheel.segments;
  const wheelSegments = segments ?? DEFAULT_AMOUNTS.map((amount) => ({ amount }));
  const perSpin = settings.data?.referralsPerSpin ?? 5;
  const toNextSpin = referralsToNextSpin(user);
  const available = spinning ? Math.max(0, user.spinsAvailable - 1) : user.spinsAvailable;

  async function go() {
    if (spinning || !user) return;
    if (user.spinsAvailable < 1) return noSpinsToast(toNextSpin);
    setSpinning(true);
    let res: SpinResponse;
    try {
      res = await spin.mutateAsync();
    } catch (err) {
      setSpinning(false);
      if (err instanceof ApiError && err.code === 'NO_SPINS') {
        noSpinsToast(toNextSpin);
        void refresh();
      } else toast({ title: t('spin.error'), description: t('spin.spinFailed'), variant: 'destructive' });
      return;
    }
    const reduce = reducedMotion || document.documentElement.classList.contains('reduce-motion');
    await wheel.current?.spinTo(res.segmentIndex, reduce ? REDUCED_SPIN_MS : SPIN_MS);
    setSpinning(false);
    setResult(res);
    void refresh();
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('spin.title')} description={t('spin.description')} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start">
        <Card className="overflow-hidden">
          <div className="flex flex-col items-center gap-5 p-5 sm:p-8">
            <div className="flex w-full items-center justify-between gap-3 rounded-[12px] bg-warning-soft px-4 py-3 text-warning-soft-foreground">
              <span className="flex items-center gap-2 text-sm font-semibold">
                <Gift aria-hidden="true" className="size-5" /> {t('spin.spinsAvailable')}
              </span>
              <span className="tabular text-2xl font-black" data-testid="spins-available" aria-live="polite">
                {available}
              </span>
            </div>
            <Suspense fallback={<Skeleton className="aspect-square w-full max-w-[340px] rounded-full" />}>
              <SpinWheel ref={wheel} segments={wheelSegments} spinning={spinning} disabled={spinning} onGo={() => void go()} />
            </Suspense>
            <p className="text-center text-sm text-muted-foreground" aria-live="polite">
              {spinning ? t('spin.spinning') : available > 0 ? t('spin.tapGo') : t('spin.referMore', { count: toNextSpin })}
            </p>
          </div>
        </Card>

        <div className="flex flex-col gap-6">
          <Card>
            <div className="flex items-center gap-4 p-5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
                <Users aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h2 className="font-semibold">{t('spin.earn.title')}</h2>
                <p className="text-sm text-muted-foreground">
                  {t('spin.earn.text', { perSpin, count: toNextSpin })}
                </p>
              </div>
            </div>
          </Card>
          <Card>
            <div className="p-5">
              <details className="group" open>
                <summary className="flex cursor-pointer list-none items-center gap-2 font-semibold">
                  <Info aria-hidden="true" className="size-4 text-muted-foreground" /> {t('spin.odds.title')}
                  <span className="ms-auto text-xs font-normal text-muted-foreground group-open:hidden">{t('spin.odds.show')}</span>
                </summary>
                <p className="mt-2 text-xs text-muted-foreground">{t('spin.odds.text')}</p>
                {segments ? (
                  <table className="mt-3 w-full text-sm">
                    <caption className="sr-only">{t('spin.odds.caption')}</caption>
                    <thead>
                      <tr className="text-start text-xs text-muted-foreground">
                        <th scope="col" className="pb-1 font-medium">
                          {t('spin.odds.prize')}
                        </th>
                        <th scope="col" className="pb-1 text-end font-medium">
                          {t('spin.odds.chance')}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-border">
                      {segments.map((s, i) => (
                        <tr key={i}>
                          <td className="tabular py-1.5 font-medium">{formatINR(s.amount, 0)}</td>
                          <td className="tabular py-1.5 text-end">{formatChance(s.probability)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                ) : (
                  <Skeleton className="mt-3 h-40 w-full" />
                )}
              </details>
            </div>
          </Card>
        </div>
      </div>

      <SpinResultDialog
        result={result}
        onClose={() => setResult(null)}
        onSpinAgain={() => {
          setResult(null);
          void go();
        }}
      />
    </div>
  );
}
