// The prize wheel (its own lazy chunk): 8 labelled SVG segments in wheel order, each with its
// chance on it (a 0% segment is greyed and says so), a pointer at the top and the GO button in the
// hub. spinTo(index) turns it several times with an ease-out deceleration and stops with that
// segment under the pointer; the Web Animations API is used so the CSS reduced-motion overrides
// cannot cut the timing short. At rest every label is turned upright, so it reads level wherever
// the wheel stopped.
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatINR } from '../../../lib/format.ts';
import { formatChance } from '../chance.ts';
import { useT } from '../../../i18n/t.ts';

export interface SpinWheelHandle {
  spinTo(segmentIndex: number, durationMs: number): Promise<void>;
}

export interface WheelSegmentView {
  amount: string;
  /** 0..1; undefined while the odds are not known. */
  probability?: number;
}

export interface SpinWheelProps {
  segments: WheelSegmentView[];
  spinning: boolean;
  disabled: boolean;
  onGo: () => void;
}

const SEGMENT_STYLES = [
  { fill: 'fill-primary', text: 'fill-primary-foreground' },
  { fill: 'fill-warning-soft', text: 'fill-warning-soft-foreground' },
  { fill: 'fill-success', text: 'fill-success-foreground' },
  { fill: 'fill-primary-soft', text: 'fill-primary-soft-foreground' },
];

const R = 96;
const LABEL_R = 60;

function point(deg: number, r: number): string {
  const a = (deg * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(3)} ${(-r * Math.cos(a)).toFixed(3)}`;
}

const SpinWheel = forwardRef<SpinWheelHandle, SpinWheelProps>(function SpinWheel({ segments, spinning, disabled, onGo }, ref) {
  const t = useT();
  const wheel = useRef<SVGGElement>(null);
  const rotation = useRef(0);
  // The wheel's angle at rest: labels are turned by its opposite so they read level.
  const [restAngle, setRestAngle] = useState(0);
  const step = 360 / segments.length;

  useImperativeHandle(
    ref,
    () => ({
      async spinTo(segmentIndex, durationMs) {
        const el = wheel.current;
        if (!el) return;
        const from = rotation.current % 360;
        // Land inside the segment, away from its edges, so the pointer is never ambiguous.
        const jitter = (Math.random() - 0.5) * step * 0.6;
        const landing = (((-(segmentIndex * step) + jitter - from) % 360) + 360) % 360;
        const turns = durationMs > 1000 ? 6 : 1;
        const to = from + turns * 360 + landing;
        const anim = el.animate([{ transform: `rotate(${from}deg)` }, { transform: `rotate(${to}deg)` }], {
          duration: durationMs,
          easing: 'cubic-bezier(0.12, 0.8, 0.18, 1)',
          fill: 'forwards',
        });
        await anim.finished.catch(() => undefined);
        el.style.transform = `rotate(${to}deg)`;
        anim.cancel();
        rotation.current = to;
        setRestAngle(to % 360);
      },
    }),
    [step],
  );

  return (
    <div className="relative mx-auto aspect-square w-full max-w-[340px]">
      <svg
        viewBox="-110 -110 220 220"
        className="size-full drop-shadow-md"
        role="img"
        aria-label={t('spin.wheel.label', {
          count: segments.length,
          segments: segments
            .map((seg) => `${formatINR(seg.amount, 0)}${seg.probability !== undefined ? ` ${t('spin.wheel.segmentChance', { chance: formatChance(seg.probability) })}` : ''}`)
            .join(', '),
        })}
      >
        <circle r="108" className="fill-primary" />
        <circle r="100" className="fill-card" />
        <g ref={wheel} style={{ transformOrigin: '0 0', transformBox: 'view-box' }}>
          {segments.map((seg, i) => {
            const never = seg.probability === 0;
            const s = never ? { fill: 'fill-muted', text: 'fill-muted-foreground' } : SEGMENT_STYLES[i % SEGMENT_STYLES.length]!;
            const a0 = i * step - step / 2;
            const a1 = i * step + step / 2;
            const label = formatINR(seg.amount, 0);
            return (
              <g key={i} data-segment={i}>
                <path d={`M0 0 L${point(a0, R)} A${R} ${R} 0 0 1 ${point(a1, R)} Z`} className={cn(s.fill, 'stroke-card')} strokeWidth="1.5" />
                <g transform={`rotate(${i * step}) translate(0 ${-LABEL_R}) rotate(${-(i * step)})`}>
                  {/* Level in the wheel's frame; at rest also undo the wheel's own turn. */}
                  <g style={{ transform: `rotate(${-restAngle}deg)`, transition: spinning ? undefined : 'transform 250ms ease-out' }}>
                    <text textAnchor="middle" y={seg.probability !== undefined ? -4 : 0} dominantBaseline="central" className={cn(s.text, 'font-bold')} style={{ fontSize: label.length > 5 ? 11 : 13 }}>
                      {label}
                    </text>
                    {seg.probability !== undefined ? (
                      <text textAnchor="middle" y={9} dominantBaseline="central" className={cn(s.text, 'font-semibold')} style={{ fontSize: 8 }}>
                        {formatChance(seg.probability)}
                      </text>
                    ) : null}
                  </g>
                </g>
              </g>
            );
          })}
        </g>
        {Array.from({ length: 16 }, (_, i) => (
          <circle key={i} cx={Math.sin((i * Math.PI) / 8) * 104} cy={-Math.cos((i * Math.PI) / 8) * 104} r="2.2" className="fill-primary-foreground" />
        ))}
        <path d="M-11 -114 L11 -114 L0 -88 Z" className="fill-warning stroke-card" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <button
        type="button"
        onClick={onGo}
        disabled={disabled}
        aria-label={spinning ? t('spin.wheel.spinning') : t('spin.wheel.goLabel')}
        className={cn(
          'absolute left-1/2 top-1/2 flex size-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-4 border-card bg-warning text-xl font-black tracking-wide text-warning-foreground shadow-raised transition-transform',
          'hover:scale-105 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-95 disabled:cursor-not-allowed disabled:opacity-90',
        )}
      >
        {t('spin.wheel.go')}
      </button>
    </div>
  );
});

export default SpinWheel;
