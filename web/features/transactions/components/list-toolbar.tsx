// Refresh / Export / Filter for a history list. The filter lives in a sheet (bottom on phones, right
// on desktop) with type and status selects and a date range; it applies to the list and the export.
import { useState } from 'react';
import { Download, RefreshCw, SlidersHorizontal } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';
import { Sheet } from '../../../components/ui/sheet.tsx';
import { cn } from '../../../lib/cn.ts';
import { useIsMobile } from '../../../lib/use-media-query.ts';
import { activeFilterCount, EMPTY_FILTER, type ListFilter } from '../filters.ts';
import { useT } from '../../../i18n/t.ts';

export interface ListToolbarProps {
  filter: ListFilter;
  onFilterChange: (f: ListFilter) => void;
  typeOptions?: SelectOption[];
  statusOptions: SelectOption[];
  onRefresh: () => void;
  refreshing: boolean;
  onExport: () => void;
  exportDisabled: boolean;
  className?: string;
}

export function ListToolbar({ filter, onFilterChange, typeOptions, statusOptions, onRefresh, refreshing, onExport, exportDisabled, className }: ListToolbarProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ListFilter>(filter);
  const isMobile = useIsMobile();
  const count = activeFilterCount(filter);

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing} aria-label={refreshing ? t('transactions.toolbar.refreshing') : t('transactions.toolbar.refresh')}>
        <RefreshCw aria-hidden="true" className={cn('size-4', refreshing && 'animate-spin')} /> {t('transactions.toolbar.refresh')}
      </Button>
      <Button variant="outline" size="sm" onClick={onExport} disabled={exportDisabled}>
        <Download aria-hidden="true" className="size-4" /> {t('transactions.toolbar.export')}
      </Button>
      <Sheet
        open={open}
        onOpenChange={(o) => {
          if (o) setDraft(filter);
          setOpen(o);
        }}
        side={isMobile ? 'bottom' : 'right'}
        title={t('transactions.toolbar.filter')}
        description={t('transactions.toolbar.filterDescription')}
        trigger={
          <Button variant={count ? 'secondary' : 'outline'} size="sm">
            <SlidersHorizontal aria-hidden="true" className="size-4" /> {t('transactions.toolbar.filter')}
            {count ? <span className="tabular ms-0.5 rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{count}</span> : null}
          </Button>
        }
      >
        <div className="flex flex-col gap-4 p-5 pt-2">
          {typeOptions ? (
            <Field label={t('transactions.toolbar.type')}>
              <Select value={draft.type} onValueChange={(v) => setDraft({ ...draft, type: v })} options={[{ value: 'all', label: t('transactions.toolbar.allTypes') }, ...typeOptions]} />
            </Field>
          ) : null}
          <Field label={t('transactions.toolbar.status')}>
            <Select value={draft.status} onValueChange={(v) => setDraft({ ...draft, status: v })} options={[{ value: 'all', label: t('transactions.toolbar.allStatuses') }, ...statusOptions]} />
          </Field>
          <div className={cn('grid gap-3', isMobile && 'grid-cols-2')}>
            <Field label={t('transactions.toolbar.from')}>
              <Input type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
            </Field>
            <Field label={t('transactions.toolbar.to')}>
              <Input type="date" value={draft.to} min={draft.from || undefined} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
            </Field>
          </div>
          <div className="mt-2 flex gap-2">
            <Button
              variant="outline"
              className="flex-1"
              onClick={() => {
                setDraft(EMPTY_FILTER);
                onFilterChange(EMPTY_FILTER);
                setOpen(false);
              }}
            >
              {t('transactions.toolbar.reset')}
            </Button>
            <Button
              className="flex-1"
              onClick={() => {
                onFilterChange(draft);
                setOpen(false);
              }}
            >
              {t('transactions.toolbar.apply')}
            </Button>
          </div>
        </div>
      </Sheet>
    </div>
  );
}
