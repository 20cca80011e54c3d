// Multi-line text input sharing the Input look; Field-aware.
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { useFieldControl } from './field.tsx';
import { controlClasses } from './input.tsx';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, id, ...props }, ref) {
  const field = useFieldControl({ id, 'aria-describedby': props['aria-describedby'], 'aria-invalid': props['aria-invalid'] as boolean | undefined });
  return <textarea ref={ref} {...props} {...field} className={cn(controlClasses, 'min-h-24 py-2.5', className)} />;
});
