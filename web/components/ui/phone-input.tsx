// Indian mobile number input: +91 prefix, numeric keypad, digits only, at most 10 (spec: phone
// digits only, max 10 characters). Works inside <Field> like Input.
import { Input, type InputProps } from './input.tsx';

export interface PhoneInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  onValueChange(digits: string): void;
}

export const PHONE_DIGITS = 10;

export function PhoneInput({ value, onValueChange, ...props }: PhoneInputProps) {
  return (
    <Input
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="10-digit mobile number"
      leading="+91"
      maxLength={PHONE_DIGITS}
      {...props}
      value={value}
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, '').slice(0, PHONE_DIGITS))}
    />
  );
}
