// Search box (debounced by the caller) and status filter above an admin table.
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Select, type SelectOption } from '../../../components/ui/select.tsx';

export interface ListToolbarProps {
  search: string;
  onSearchChange(v: string): void;
  searchLabel: string;
  status: string;
  onStatusChange(v: string): void;
  statusOptions: SelectOption[];
  children?: React.ReactNode;
}

export function ListToolbar({ search, onSearchChange, searchLabel, status, onStatusChange, statusOptions, children }: ListToolbarProps) {
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
          <Select aria-label="Filter by status" value={status} onValueChange={onStatusChange} options={statusOptions} />
        </div>
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore, shown }: { hasNextPage: boolean; isFetchingNextPage: boolean; onLoadMore(): void; shown: number }) {
  return (
    <div className="flex flex-col items-center gap-2 pt-2">
      <p className="text-xs text-muted-foreground" aria-live="polite">
        Showing {shown} {shown === 1 ? 'row' : 'rows'}
        {hasNextPage ? '' : ' — that’s everything'}
      </p>
      {hasNextPage ? (
        <Button variant="outline" size="sm" onClick={onLoadMore} loading={isFetchingNextPage} loadingText="Loading…">
          Load more
        </Button>
      ) : null}
    </div>
  );
}
