// Copy button: copies `value`, shows 'Copied' for 2 s (announced politely), calls onCopied/onError.
import { useEffect, useRef, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from './button.tsx';
import { useT } from '../../i18n/t.ts';

export const COPY_FEEDBACK_MS = 2000;

export async function copyText(value: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(value);
    return;
  }
  // Fallback for insecure origins (http on a LAN address) where the async clipboard is missing.
  const ta = document.createElement('textarea');
  ta.value = value;
  ta.setAttribute('readonly', '');
  ta.style.position = 'fixed';
  ta.style.opacity = '0';
  document.body.appendChild(ta);
  ta.select();
  const ok = document.execCommand('copy');
  ta.remove();
  if (!ok) throw new Error('copy failed');
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'onError'> {
  value: string;
  /** Visible label; defaults to 'Copy'. With size 'icon' it becomes the aria-label. */
  label?: string;
  onCopied?(): void;
  onError?(err: unknown): void;
}

export function CopyButton({ value, label, onCopied, onError, variant = 'outline', size = 'sm', ...props }: CopyButtonProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onClick = async () => {
    try {
      await copyText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      onCopied?.();
    } catch (err) {
      onError?.(err);
    }
  };
  const Icon = copied ? Check : Copy;
  const text = copied ? t('common.copied') : (label ?? t('common.copy'));
  return (
    <Button variant={variant} size={size} onClick={onClick} aria-label={size === 'icon' ? text : undefined} {...props}>
      <Icon aria-hidden="true" className={copied ? 'size-4 text-success' : 'size-4'} />
      {size === 'icon' ? null : <span aria-live="polite">{text}</span>}
    </Button>
  );
}
