// Form field plumbing: <Field label hint error> gives its control an id, aria-describedby (hint + error)
// and aria-invalid through context, so Input/Textarea/SelectTrigger pick them up without props.
import { createContext, useContext, useId, type ReactNode } from 'react';
import * as LabelPrimitive from '@radix-ui/react-label';
import { AlertCircle } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { translateServerText } from '../../i18n/server-text.ts';

interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

const FieldContext = createContext<FieldContextValue | null>(null);

/** Props a control should spread when inside a Field (id, aria-describedby, aria-invalid). */
export function useFieldControl(props: { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean | 'true' | 'false' }) {
  const ctx = useContext(FieldContext);
  const describedBy = [props['aria-describedby'], ctx?.describedBy].filter(Boolean).join(' ') || undefined;
  return {
    id: props.id ?? ctx?.id,
    'aria-describedby': describedBy,
    'aria-invalid': props['aria-invalid'] ?? (ctx?.invalid ? true : undefined),
  };
}

export function Label({ className, ...props }: React.ComponentPropsWithoutRef<typeof LabelPrimitive.Root>) {
  return <LabelPrimitive.Root className={cn('text-sm font-medium text-foreground', className)} {...props} />;
}

export function FieldError({ id, children, className }: { id?: string; children?: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className={cn('flex items-center gap-1.5 text-sm font-medium text-destructive', className)}>
      <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
      {/* Validation texts are the contract's English ones (client and server alike): shown translated. */}
      {typeof children === 'string' ? translateServerText(children) : children}
    </p>
  );
}

export interface FieldProps {
  label: ReactNode;
  /** Error text; also marks the control aria-invalid. */
  error?: ReactNode;
  hint?: ReactNode;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
  /** Optional id for the control (generated otherwise). */
  id?: string;
  /** Shown after the label, e.g. a 'Forgot Password?' link. */
  labelAside?: ReactNode;
  className?: string;
  children: ReactNode;
}

export function Field({ label, error, hint, hideLabel, id: idProp, labelAside, className, children }: FieldProps) {
  const auto = useId();
  const id = idProp ?? `f${auto.replace(/:/g, '')}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <FieldContext.Provider value={{ id, describedBy, invalid: Boolean(error) }}>
      <div className={cn('flex flex-col gap-1.5', className)}>
        <div className={cn('flex items-center justify-between gap-2', hideLabel && 'sr-only')}>
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
        {children}
        {hint ? (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
        <FieldError id={errorId}>{error}</FieldError>
      </div>
    </FieldContext.Provider>
  );
}
