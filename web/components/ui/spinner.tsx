// Spinner: a small rotating ring with an accessible label (pulses instead under reduced motion).
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../i18n/t.ts';

export interface SpinnerProps {
  className?: string;
  /** Announced to screen readers ('Loading' by default); pass null when a parent already announces the busy state. */
  label?: string | null;
  size?: 'sm' | 'md' | 'lg';
}

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export function Spinner({ className, label: labelProp, size = 'md' }: SpinnerProps) {
  const t = useT();
  const label = labelProp === undefined ? t('common.loading') : labelProp;
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center justify-center', className)}>
      <Loader2 aria-hidden="true" className={cn('animate-spin', SIZES[size])} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** Full-area centred spinner for route loading. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-primary">
      <Spinner size="lg" label={label} />
    </div>
  );
}
