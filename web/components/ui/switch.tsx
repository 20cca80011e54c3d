// Switch on Radix (role=switch). Give it an accessible name: wrap in <SwitchRow label> or pass aria-label/id+Label.
import { useId, type ReactNode } from 'react';
import * as SwitchPrimitive from '@radix-ui/react-switch';
import { cn } from '../../lib/cn.ts';

export type SwitchProps = React.ComponentPropsWithoutRef<typeof SwitchPrimitive.Root>;

export function Switch({ className, ...props }: SwitchProps) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'peer hc-border inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors duration-200',
        'bg-input data-[state=checked]:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-md ring-0 transition-transform duration-200 data-[state=checked]:translate-x-5 rtl:data-[state=checked]:-translate-x-5 data-[state=unchecked]:translate-x-0 high-contrast:bg-black" />
    </SwitchPrimitive.Root>
  );
}

export interface SwitchRowProps extends Omit<SwitchProps, 'id'> {
  label: ReactNode;
  description?: ReactNode;
}

/** A labelled row: label (+ description) on the left, switch on the right; the label names the switch. */
export function SwitchRow({ label, description, className, ...props }: SwitchRowProps) {
  const id = `s${useId().replace(/:/g, '')}`;
  return (
    <div className={cn('flex items-center justify-between gap-4', className)}>
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {description ? (
          <p id={`${id}-d`} className="text-xs text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Switch id={id} aria-describedby={description ? `${id}-d` : undefined} {...props} />
    </div>
  );
}
