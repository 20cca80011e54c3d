// Notifications bell: the real unread count from GET /api/notifications on the button; the list
// under it (notification-menu.tsx, a menu with its focus handling) is code of its own, fetched when
// the bell is first reached for and opened by its first press.
import { Suspense, useState, type ComponentProps } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import type { NotificationList } from '../../../contract/wallet.ts';
import { Button } from '../ui/button.tsx';
import { useT } from '../../i18n/t.ts';
import { preloadable } from '../../lib/preloadable.ts';

export const NOTIFICATIONS_QUERY_KEY = ['/api/notifications'] as const;

/**
 * The one deliberate exception to "no refetching": the badge should notice an admin's decision
 * without a reload, so it polls gently and refreshes when the tab regains focus.
 */
export const notificationsQuery = { queryKey: NOTIFICATIONS_QUERY_KEY, refetchInterval: 60_000, refetchOnWindowFocus: true } as const;

const NotificationMenu = preloadable<object>(() => import('./notification-menu.tsx').then((m) => ({ default: m.NotificationMenu })));
// Fetched ahead when the bell is reached for; a failed fetch is tried again when it is pressed.
const loadMenu = () => void NotificationMenu.preload().catch(() => undefined);

/** The bell with its unread count: the menu's trigger, and the bell itself until the menu is loaded. */
export function BellButton({ unread, ...props }: { unread: number } & ComponentProps<typeof Button>) {
  const t = useT();
  const label = unread > 0 ? t('layout.notifications.labelUnread', { count: unread }) : t('layout.notifications.title');
  return (
    <Button variant="ghost" size="icon" aria-label={label} className="relative rounded-full" {...props}>
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 ? (
        <span aria-hidden="true" className="tabular absolute end-1 top-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] font-bold leading-none text-destructive-foreground ring-2 ring-card">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Button>
  );
}

export function NotificationBell() {
  const { data, refetch } = useQuery<NotificationList>(notificationsQuery);
  const [pressed, setPressed] = useState(false);
  const unread = data?.unreadCount ?? 0;
  // The first press opens the list (mounted open) and refreshes it, as every opening does.
  const open = () => {
    setPressed(true);
    void refetch();
  };
  const bell = <BellButton unread={unread} aria-haspopup="menu" aria-expanded={false} onPointerEnter={loadMenu} onPointerDown={loadMenu} onFocus={loadMenu} onClick={open} />;
  if (!pressed) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationMenu />
    </Suspense>
  );
}
