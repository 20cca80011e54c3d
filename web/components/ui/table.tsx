// Data table: a real <table> from 768 px (sticky header, right-aligned actions) that becomes a list
// of stacked cards under 768 px. Columns declare header + cell renderer; no fetching here.
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  cell(row: T): ReactNode;
  align?: 'left' | 'right' | 'center';
  className?: string;
  /** In the stacked (mobile) card: 'title' renders as the card heading, 'hidden' omits it. */
  mobile?: 'title' | 'hidden' | 'row';
}

export interface TableProps<T> {
  columns: TableColumn<T>[];
  rows: T[];
  getRowKey(row: T): string;
  /** Accessible caption (visually hidden unless showCaption). */
  caption: string;
  showCaption?: boolean;
  /** Shown instead of the table when rows is empty. */
  empty?: ReactNode;
  className?: string;
}

const ALIGN = { left: 'text-start', right: 'text-end', center: 'text-center' } as const;

/**
 * Whether the element scrolls sideways: then it takes keyboard focus (and is named), so a person
 * without a mouse can scroll it with the arrow keys (WCAG 2.1.1).
 */
function useScrollsSideways<E extends HTMLElement>(shown: boolean) {
  const ref = useRef<E>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [shown]);
  return { ref, scrolls };
}

export function Table<T>({ columns, rows, getRowKey, caption, showCaption, empty, className }: TableProps<T>) {
  const showsEmpty = rows.length === 0 && Boolean(empty);
  const { ref, scrolls } = useScrollsSideways<HTMLDivElement>(!showsEmpty);
  if (showsEmpty) return <>{empty}</>;
  const titleCol = columns.find((c) => c.mobile === 'title');
  return (
    <div className={className}>
      <div
        ref={ref}
        {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
        className="hc-border hidden overflow-x-auto rounded-[12px] border border-border focus-visible:outline-2 focus-visible:outline-ring md:block"
      >
        <table className="w-full border-collapse text-sm">
          <caption className={cn('px-4 py-3 text-start text-sm font-semibold', !showCaption && 'sr-only')}>{caption}</caption>
          <thead className="sticky top-0 z-10 bg-muted">
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={cn('whitespace-nowrap px-4 py-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground', ALIGN[c.align ?? 'left'], c.className)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={getRowKey(row)} className="border-t border-border bg-card transition-colors hover:bg-muted/60">
                {columns.map((c) => (
                  <td key={c.key} className={cn('px-4 py-3 align-middle', ALIGN[c.align ?? 'left'], c.className)}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={getRowKey(row)} className="hc-border rounded-[12px] border border-border bg-card p-4 shadow-card">
            {titleCol ? <div className="mb-2 font-semibold">{titleCol.cell(row)}</div> : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              {columns
                .filter((c) => c.mobile !== 'title' && c.mobile !== 'hidden')
                .map((c) => (
                  <div key={c.key} className="contents">
                    <dt className="text-muted-foreground">{c.header}</dt>
                    <dd className="min-w-0 break-words text-end">{c.cell(row)}</dd>
                  </div>
                ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
