// OTP input: one field that accepts only digits up to `length` (default 6), numeric keypad,
// one-time-code autofill, wide letter spacing. Field-aware like Input.
import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';

export interface OtpInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'type'> {
  value: string;
  onValueChange(value: string): void;
  length?: number;
}

export const OtpInput = forwardRef<HTMLInputElement, OtpInputProps>(function OtpInput({ value, onValueChange, length = 6, className, ...props }, ref) {
  return (
    <Input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${length}}`}
      maxLength={length}
      placeholder={'•'.repeat(length)}
      value={value}
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, '').slice(0, length))}
      className={cn('h-14 text-center font-mono text-2xl tracking-[0.5em] tabular', className)}
      {...props}
    />
  );
});
