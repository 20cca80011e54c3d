// The app's logo mark + name, used in the shells and auth pages.
import { useEffect, useRef, useState } from 'react';
import { APP_NAME } from '../../lib/app-settings.ts';
import { cn } from '../../lib/cn.ts';

export function BrandMark({
  className,
  hideName,
  collapse,
  size = 'md',
}: {
  className?: string;
  hideName?: boolean;
  /** Tight headers: show the name only when it fits on its one line, else just the mark. */
  collapse?: boolean;
  size?: 'md' | 'lg';
}) {
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-2.5', className)}>
      <svg aria-hidden="true" viewBox="0 0 512 512" className={cn('shrink-0', size === 'lg' ? 'size-11' : 'size-8')}>
        <rect width="512" height="512" rx="116" className="fill-primary" />
        <circle cx="240" cy="272" r="150" className="fill-primary-foreground" />
        <path d="M182 196h120M182 240h120M214 196c70 0 70 92 0 92h-32l112 100" fill="none" strokeWidth="30" strokeLinecap="round" strokeLinejoin="round" className="stroke-primary" />
        <circle cx="382" cy="140" r="62" strokeWidth="14" className="fill-success stroke-primary-foreground" />
        <path d="M356 166l52-52M370 114h38v38" fill="none" strokeWidth="16" strokeLinecap="round" strokeLinejoin="round" className="stroke-success-foreground" />
      </svg>
      {hideName ? (
        <span className="sr-only">{APP_NAME}</span>
      ) : collapse ? (
        <CollapsingName className={size === 'lg' ? 'text-xl' : 'text-[1.0625rem]'} />
      ) : (
        <span className={cn('whitespace-nowrap font-bold tracking-tight', size === 'lg' ? 'text-xl' : 'text-[1.0625rem]')}>{APP_NAME}</span>
      )}
    </span>
  );
}

/**
 * The name on one line, shown only while it fits whole: a squeezed header (a large balance, the
 * extra-large font) shows the mark alone rather than "Ref…". Screen readers always read the name.
 */
function CollapsingName({ className }: { className: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [fits, setFits] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setFits(el.scrollWidth <= el.clientWidth + 1);
    // The observer reports the first size too, after the browser's own layout: measuring here at
    // once would force a layout in the middle of the first render.
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <span className="sr-only">{APP_NAME}</span>
      <span ref={ref} aria-hidden="true" className={cn('min-w-0 overflow-hidden whitespace-nowrap font-bold tracking-tight', className)} style={fits ? undefined : { visibility: 'hidden' }}>
        {APP_NAME}
      </span>
    </>
  );
}

