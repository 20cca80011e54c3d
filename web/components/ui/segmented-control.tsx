// A small set of mutually exclusive choices shown side by side (native radio buttons, so arrow
// keys, forms and screen readers work as they should). The group's label names it.
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  icon?: ReactNode;
}

export interface SegmentedControlProps<T extends string> {
  label: string;
  value: T;
  options: SegmentedOption<T>[];
  onChange(value: T): void;
  className?: string;
}

export function SegmentedControl<T extends string>({ label, value, options, onChange, className }: SegmentedControlProps<T>) {
  const name = `seg${useId().replace(/:/g, '')}`;
  return (
    <fieldset className={cn('flex flex-col gap-1.5', className)}>
      <legend className="mb-1.5 text-sm font-medium text-foreground">{label}</legend>
      <div className="hc-border grid auto-cols-fr grid-flow-col gap-1 rounded-[10px] border border-border bg-muted p-1">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex min-h-10 cursor-pointer items-center justify-center gap-2 rounded-[8px] px-3 text-sm font-medium text-muted-foreground transition-colors duration-150',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              value === o.value && 'hc-border bg-card text-foreground shadow-sm',
            )}
          >
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="sr-only" />
            {o.icon}
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
