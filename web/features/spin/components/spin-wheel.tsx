// The prize wheel (its own lazy chunk): 8 labelled SVG segments in wheel order, a pointer at the top
// and the GO button in the hub. spinTo(index) turns it several times with an ease-out deceleration
// and stops with that segment under the pointer; the Web Animations API is used so the CSS
// reduced-motion overrides cannot cut the timing short.
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatINR } from '../../../lib/format.ts';

export interface SpinWheelHandle {
  spinTo(segmentIndex: number, durationMs: number): Promise<void>;
}

export interface SpinWheelProps {
  amounts: string[];
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

function point(deg: number, r: number): string {
  const a = (deg * Math.PI) / 180;
  return `${(r * Math.sin(a)).toFixed(3)} ${(-r * Math.cos(a)).toFixed(3)}`;
}

const SpinWheel = forwardRef<SpinWheelHandle, SpinWheelProps>(function SpinWheel({ amounts, spinning, disabled, onGo }, ref) {
  const wheel = useRef<SVGGElement>(null);
  const rotation = useRef(0);
  const step = 360 / amounts.length;

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
      },
    }),
    [step],
  );

  return (
    <div className="relative mx-auto aspect-square w-full max-w-[340px]">
      <svg viewBox="-110 -110 220 220" className="size-full drop-shadow-md" role="img" aria-label={`Prize wheel with ${amounts.length} segments: ${amounts.map((a) => formatINR(a, 0)).join(', ')}`}>
        <circle r="108" className="fill-primary" />
        <circle r="100" className="fill-card" />
        <g ref={wheel} style={{ transformOrigin: '0 0', transformBox: 'view-box' }}>
          {amounts.map((amount, i) => {
            const s = SEGMENT_STYLES[i % SEGMENT_STYLES.length]!;
            const a0 = i * step - step / 2;
            const a1 = i * step + step / 2;
            const label = formatINR(amount, 0);
            return (
              <g key={i}>
                <path d={`M0 0 L${point(a0, R)} A${R} ${R} 0 0 1 ${point(a1, R)} Z`} className={cn(s.fill, 'stroke-card')} strokeWidth="1.5" />
                <text
                  // Labels run along the radius; on the left half they are turned so they never read upside down.
                  transform={`rotate(${i * step}) translate(0 -62) rotate(${i * step > 180 ? 90 : -90})`}
                  textAnchor="middle"
                  dominantBaseline="central"
                  className={cn(s.text, 'font-bold')}
                  style={{ fontSize: label.length > 5 ? 12 : 14 }}
                >
                  {label}
                </text>
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
        aria-label={spinning ? 'Spinning' : 'GO - spin the wheel'}
        className={cn(
          'absolute left-1/2 top-1/2 flex size-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full border-4 border-card bg-warning text-xl font-black tracking-wide text-warning-foreground shadow-raised transition-transform',
          'hover:scale-105 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-95 disabled:cursor-not-allowed disabled:opacity-90',
        )}
      >
        GO
      </button>
    </div>
  );
});

export default SpinWheel;
