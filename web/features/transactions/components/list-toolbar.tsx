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
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ListFilter>(filter);
  const isMobile = useIsMobile();
  const count = activeFilterCount(filter);

  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing} aria-label={refreshing ? 'Refreshing' : 'Refresh'}>
        <RefreshCw aria-hidden="true" className={cn('size-4', refreshing && 'animate-spin')} /> Refresh
      </Button>
      <Button variant="outline" size="sm" onClick={onExport} disabled={exportDisabled}>
        <Download aria-hidden="true" className="size-4" /> Export
      </Button>
      <Sheet
        open={open}
        onOpenChange={(o) => {
          if (o) setDraft(filter);
          setOpen(o);
        }}
        side={isMobile ? 'bottom' : 'right'}
        title="Filter"
        description="Show only the entries you need. The export follows the filter."
        trigger={
          <Button variant={count ? 'secondary' : 'outline'} size="sm">
            <SlidersHorizontal aria-hidden="true" className="size-4" /> Filter
            {count ? <span className="tabular ml-0.5 rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{count}</span> : null}
          </Button>
        }
      >
        <div className="flex flex-col gap-4 p-5 pt-2">
          {typeOptions ? (
            <Field label="Type">
              <Select value={draft.type} onValueChange={(v) => setDraft({ ...draft, type: v })} options={[{ value: 'all', label: 'All types' }, ...typeOptions]} />
            </Field>
          ) : null}
          <Field label="Status">
            <Select value={draft.status} onValueChange={(v) => setDraft({ ...draft, status: v })} options={[{ value: 'all', label: 'All statuses' }, ...statusOptions]} />
          </Field>
          <div className={cn('grid gap-3', isMobile && 'grid-cols-2')}>
            <Field label="From">
              <Input type="date" value={draft.from} max={draft.to || undefined} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
            </Field>
            <Field label="To">
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
              Reset
            </Button>
            <Button
              className="flex-1"
              onClick={() => {
                onFilterChange(draft);
                setOpen(false);
              }}
            >
              Apply Filters
            </Button>
          </div>
        </div>
      </Sheet>
    </div>
  );
}
