// Text input (10 px radius, 44 px tall for thumbs) with optional leading/trailing adornments
// (e.g. '+91' or an eye toggle). Inside a Field it gets id/aria-describedby/aria-invalid automatically.
import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useFieldControl } from './field.tsx';

export const controlClasses =
  'w-full rounded-[10px] border border-input bg-card px-3.5 text-[0.9375rem] text-foreground shadow-xs transition-colors placeholder:text-muted-foreground/80 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring focus-visible:border-ring disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-[invalid=true]:border-destructive read-only:bg-muted';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  leading?: ReactNode;
  trailing?: ReactNode;
}

export const Input = forwardRef<HTMLInputElement, InputProps>(function Input({ className, leading, trailing, id, ...props }, ref) {
  const field = useFieldControl({ id, 'aria-describedby': props['aria-describedby'], 'aria-invalid': props['aria-invalid'] as boolean | undefined });
  // Numbers, amounts and phone numbers are written left to right in every language (Urdu too),
  // with their "+91" or "₹" before them.
  const ltr = props.type === 'tel' || props.inputMode === 'numeric' || props.inputMode === 'decimal' ? 'ltr' : undefined;
  const input = (
    <input
      ref={ref}
      dir={ltr}
      {...props}
      {...field}
      className={cn(controlClasses, 'h-11', leading ? 'ps-12' : '', trailing ? 'pe-12' : '', className)}
    />
  );
  if (!leading && !trailing) return input;
  return (
    <div className="relative" dir={ltr}>
      {leading ? (
        <span className="pointer-events-none absolute inset-y-0 start-0 flex w-11 items-center justify-center border-e border-border text-sm font-medium text-muted-foreground">
          {leading}
        </span>
      ) : null}
      {input}
      {trailing ? <span className="absolute inset-y-0 end-0 flex items-center pe-1">{trailing}</span> : null}
    </div>
  );
});
