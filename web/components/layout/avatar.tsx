// The account's initial in a circle: in the desktop account menu and the phone's drawer.
import type { User } from '../../../contract/accounts.ts';

export function Avatar({ user, className }: { user: User; className?: string }) {
  return (
    <span aria-hidden="true" className={`flex size-9 items-center justify-center rounded-full bg-primary text-sm font-bold uppercase text-primary-foreground ${className ?? ''}`}>
      {user.username.slice(0, 1) || '?'}
    </span>
  );
}
