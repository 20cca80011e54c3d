// Skeleton: a pulsing placeholder block for loading content (keeps the layout from jumping).
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../i18n/t.ts';

export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-shimmer rounded-[8px] bg-muted', className)} {...props} />;
}

/** A list of skeleton rows with an accessible "Loading" status. */
export function SkeletonList({ rows = 3, className, label }: { rows?: number; className?: string; label?: string }) {
  const t = useT();
  return (
    <div role="status" className={cn('flex flex-col gap-3', className)}>
      <span className="sr-only">{label ?? t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-3.5 w-2/5" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="h-4 w-16" />
        </div>
      ))}
    </div>
  );
}
