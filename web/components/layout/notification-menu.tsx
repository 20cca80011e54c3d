// The notifications list under the bell: opening refreshes it, choosing an item marks it read,
// 'Mark all read' clears the badge. Loaded with the bell's first press (notification-bell.tsx).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import type { NotificationList } from '../../../contract/wallet.ts';
import { api } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useT } from '../../i18n/t.ts';
import { translateServerText } from '../../i18n/server-text.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu.tsx';
import { BellButton, NOTIFICATIONS_QUERY_KEY, notificationsQuery } from './notification-bell.tsx';

export function NotificationMenu() {
  const t = useT();
  const queryClient = useQueryClient();
  const { data, refetch, isPending, isError } = useQuery<NotificationList>(notificationsQuery);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  const markRead = useMutation({ mutationFn: (id: string) => api.post(`/api/notifications/${id}/read`), onSuccess: invalidate });
  const markAll = useMutation({ mutationFn: () => api.post('/api/notifications/read-all'), onSuccess: invalidate });

  const unread = data?.unreadCount ?? 0;
  const items = data?.items ?? [];

  return (
    // Open from the start: it is mounted by the bell's first press (notification-bell.tsx).
    <DropdownMenu defaultOpen onOpenChange={(open) => open && void refetch()}>
      <DropdownMenuTrigger asChild>
        <BellButton unread={unread} />
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-[min(22rem,calc(100vw-1.5rem))] p-0">
        <div className="flex items-center justify-between px-4 py-3">
          <DropdownMenuLabel className="p-0 text-sm text-foreground">{t('layout.notifications.title')}</DropdownMenuLabel>
          {unread > 0 ? (
            <button
              type="button"
              onClick={() => markAll.mutate()}
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-1 text-xs font-semibold text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <CheckCheck aria-hidden="true" className="size-3.5" /> {t('layout.notifications.markAllRead')}
            </button>
          ) : null}
        </div>
        <DropdownMenuSeparator className="m-0" />
        <div className="max-h-96 overflow-y-auto p-1.5">
          {isPending ? <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('common.loadingEllipsis')}</p> : null}
          {isError ? <p className="px-3 py-6 text-center text-sm text-muted-foreground">{t('layout.notifications.unavailable')}</p> : null}
          {!isPending && !isError && items.length === 0 ? (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">{t('layout.notifications.empty')}</p>
          ) : null}
          {items.map((n) => (
            <DropdownMenuItem
              key={n.id}
              onSelect={(e) => {
                e.preventDefault();
                if (!n.read) markRead.mutate(n.id);
              }}
              className="items-start gap-3 px-3 py-2.5"
            >
              <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-primary')} />
              <span className="flex min-w-0 flex-col gap-0.5">
                <span className={cn('text-sm', n.read ? 'font-medium' : 'font-semibold')}>
                  {translateServerText(n.title)}
                  {n.read ? null : <span className="sr-only"> {t('layout.notifications.unread')}</span>}
                </span>
                <span className="text-sm text-muted-foreground">{translateServerText(n.body)}</span>
                <span className="text-xs text-muted-foreground">{formatDateTime(n.createdAt)}</span>
              </span>
            </DropdownMenuItem>
          ))}
        </div>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
