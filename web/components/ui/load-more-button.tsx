// 'Load more' under a paged history: hidden when there is nothing older, a spinner in the button while
// the next page loads, and a line that says how many items are loaded so partial lists are never a surprise.
import { Button } from './button.tsx';
import { useT } from '../../i18n/t.ts';

export interface LoadMoreButtonProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** Items loaded so far, announced next to the button (e.g. "50 transactions loaded"). */
  loadedLabel?: string;
}

export function LoadMoreButton({ hasMore, loading, onLoadMore, loadedLabel }: LoadMoreButtonProps) {
  const t = useT();
  if (!hasMore) return null;
  return (
    <div className="flex flex-col items-center gap-1.5 pt-2">
      <Button variant="outline" size="sm" loading={loading} loadingText={t('common.loadingEllipsis')} onClick={onLoadMore} className="min-w-32">
        {t('common.loadMore')}
      </Button>
      {loadedLabel ? (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {loadedLabel}
        </p>
      ) : null}
    </div>
  );
}
