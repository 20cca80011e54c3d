// The short, itemised privacy notice shown where consent is asked (the sign-up form, and the
// dialog after the policy changes): what is collected and why, the link to the full policy, and
// the box that records the person's acceptance.
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/t.ts';
import { cn } from '../../../lib/cn.ts';

const ITEMS = ['consent.identity', 'consent.payments', 'consent.device', 'consent.retention'] as const;

export function ConsentNotice({ checked, onCheckedChange, error }: { checked: boolean; onCheckedChange(checked: boolean): void; error?: string | null }) {
  const t = useT();
  const id = useId();
  return (
    <div className={cn('hc-border flex flex-col gap-2 rounded-[12px] border bg-muted/50 p-3 text-sm', error ? 'border-destructive' : 'border-border')}>
      <p className="font-semibold">{t('consent.title')}</p>
      <ul className="flex list-disc flex-col gap-1 ps-5 text-muted-foreground">
        {ITEMS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <label htmlFor={id} className="mt-1 flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onCheckedChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 size-5 shrink-0 accent-[var(--primary)]"
        />
        <span>
          {t('consent.agree')}{' '}
          <Link to="/privacy-policy" target="_blank" className="font-medium text-primary underline underline-offset-2">
            {t('layout.pages.privacyPolicy')}
          </Link>
        </span>
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
