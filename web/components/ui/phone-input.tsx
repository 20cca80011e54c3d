// Indian mobile number input: +91 prefix, numeric keypad, digits only, at most 10 (spec: phone
// digits only, max 10 characters). Works inside <Field> like Input.
import { Input, type InputProps } from './input.tsx';
import { useT } from '../../i18n/t.ts';

export interface PhoneInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: string;
  onValueChange(digits: string): void;
}

export const PHONE_DIGITS = 10;

export function PhoneInput({ value, onValueChange, ...props }: PhoneInputProps) {
  const t = useT();
  return (
    <Input
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={t('common.phonePlaceholder')}
      leading="+91"
      maxLength={PHONE_DIGITS}
      {...props}
      value={value}
      onChange={(e) => onValueChange(e.target.value.replace(/\D/g, '').slice(0, PHONE_DIGITS))}
    />
  );
}
