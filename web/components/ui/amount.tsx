// Amount: a rupee value from the API's "400.00" string, with ₹, Indian grouping and tabular digits.
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatINR } from '../../lib/format.ts';

export interface AmountProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  value: string | number | null | undefined;
  /** 2 on money screens (default), 0 in navigation badges. */
  decimals?: 0 | 2;
  /** Prefix '+' for credits / '-' for debits (value is shown as absolute). */
  sign?: 'credit' | 'debit';
}

export function Amount({ value, decimals = 2, sign, className, ...props }: AmountProps) {
  const raw = value === null || value === undefined ? '0' : String(value);
  const text = formatINR(sign ? raw.replace(/^-/, '') : raw, decimals);
  // Nothing in or out is shown as 0, not as "−₹0.00".
  const zero = /^-?0+(\.0+)?$/.test(raw.trim());
  const prefix = zero ? '' : sign === 'credit' ? '+' : sign === 'debit' ? '−' : '';
  return (
    <span className={cn('tabular whitespace-nowrap', sign === 'credit' && 'text-success', className)} {...props}>
      {prefix}
      {text}
    </span>
  );
}
