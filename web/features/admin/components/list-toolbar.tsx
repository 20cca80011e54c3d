// Search box (debounced by the caller) and status filter above an admin table.
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { useT, type MessageKey } from '../../../i18n/t.ts';

/** A status filter choice; its label is a message key, translated here. */
export interface StatusOption {
  value: string;
  label: MessageKey;
}

export interface ListToolbarProps {
  search: string;
  onSearchChange(v: string): void;
  searchLabel: string;
  status: string;
  onStatusChange(v: string): void;
  statusOptions: readonly StatusOption[];
  children?: React.ReactNode;
}

export function ListToolbar({ search, onSearchChange, searchLabel, status, onStatusChange, statusOptions, children }: ListToolbarProps) {
  const t = useT();
  return (
    <div className="flex flex-col gap-2 md:flex-row md:items-center">
      <div className="flex flex-1 gap-2">
        <div className="min-w-0 flex-1">
        <Input
          type="search"
          aria-label={searchLabel}
          placeholder={searchLabel}
          value={search}
          onChange={(e) => onSearchChange(e.target.value)}
          leading={<Search aria-hidden="true" className="size-4" />}
        />
        </div>
        <div className="w-36 shrink-0 md:w-44">
          <Select aria-label={t('admin.common.filterByStatus')} value={status} onValueChange={onStatusChange} options={statusOptions.map((o) => ({ value: o.value, label: t(o.label) }))} />
        </div>
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore, shown }: { hasNextPage: boolean; isFetchingNextPage: boolean; onLoadMore(): void; shown: number }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {t('admin.common.showing', { count: shown })}
        {hasNextPage ? '' : ` ${t('admin.common.everything')}`}
      </p>
      {hasNextPage ? (
        <Button variant="outline" size="sm" onClick={onLoadMore} loading={isFetchingNextPage} loadingText={t('admin.common.loading')}>
          {t('admin.common.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}
