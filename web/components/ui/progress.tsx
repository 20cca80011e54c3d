// Progress bar on Radix (role=progressbar). value 0-100; give it a label for screen readers.
import * as ProgressPrimitive from '@radix-ui/react-progress';
import { cn } from '../../lib/cn.ts';

export interface ProgressProps {
  value: number;
  /** Accessible name, e.g. 'Referrals progress'. */
  label: string;
  tone?: 'primary' | 'success' | 'warning';
  className?: string;
}

const TONES = { primary: 'bg-primary', success: 'bg-success', warning: 'bg-warning' } as const;

export function Progress({ value, label, tone = 'primary', className }: ProgressProps) {
  const v = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <ProgressPrimitive.Root value={v} max={100} aria-label={label} className={cn('hc-border relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}>
      <ProgressPrimitive.Indicator className={cn('h-full rounded-full transition-[width] duration-300 ease-out', TONES[tone])} style={{ width: `${v}%` }} />
    </ProgressPrimitive.Root>
  );
}
