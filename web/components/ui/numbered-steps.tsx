// An ordered list of short instructions with round step numbers (payment, install and APK steps).
import { cn } from '../../lib/cn.ts';

export function NumberedSteps({ items, className }: { items: string[]; className?: string }) {
  return (
    <ol className={cn('flex flex-col gap-2.5 text-sm', className)}>
      {items.map((s, i) => (
        <li key={s} className="flex gap-3">
          <span aria-hidden="true" className="tabular flex size-6 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-primary-soft-foreground">
            {i + 1}
          </span>
          <span className="pt-0.5 text-muted-foreground">{s}</span>
        </li>
      ))}
    </ol>
  );
}
