// User menu: avatar with the user's initial; name, phone, account status, Profile (and my data),
// accessibility settings and Logout.
import { useNavigate } from 'react-router';
import { LogOut, ShieldCheck, Accessibility, UserRound } from 'lucide-react';
import type { User } from '../../../contract/accounts.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useAccessibility } from '../../lib/accessibility.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu.tsx';
import { StatusBadge } from '../ui/badge.tsx';
import { Avatar } from './avatar.tsx';
import { useT } from '../../i18n/t.ts';

export function UserMenu({ user }: { user: User }) {
  const t = useT();
  const { logout } = useAuth();
  const { setSettingsOpen } = useAccessibility();
  const navigate = useNavigate();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button" aria-label={t('layout.account.menuLabel', { name: user.username })} className="flex items-center gap-2 rounded-full p-0.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring lg:pe-3">
          <Avatar user={user} />
          <span className="hidden max-w-32 truncate text-sm font-semibold lg:inline">{user.username}</span>
        </button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <div className="flex items-center gap-3 px-2.5 py-2">
          <Avatar user={user} />
          <div className="flex min-w-0 flex-col">
            <span className="truncate text-sm font-semibold">{user.username}</span>
            <span className="tabular truncate text-xs text-muted-foreground">{user.phone ? `+91 ${user.phone}` : (user.email ?? '')}</span>
          </div>
        </div>
        <div className="px-2.5 pb-2">
          <StatusBadge status={user.isActivated ? 'active' : 'pending'} label={user.isActivated ? t('layout.account.active') : t('layout.account.pending')} />
        </div>
        <DropdownMenuSeparator />
        {user.isAdmin ? (
          <DropdownMenuItem onSelect={() => navigate('/admin')}>
            <ShieldCheck aria-hidden="true" className="size-4" /> {t('layout.pages.adminPanel')}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuItem onSelect={() => navigate('/profile')}>
          <UserRound aria-hidden="true" className="size-4" /> {t('layout.account.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => setSettingsOpen(true)}>
          <Accessibility aria-hidden="true" className="size-4" /> {t('layout.a11y.title')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive onSelect={() => void logout().then(() => navigate('/login'))}>
          <LogOut aria-hidden="true" className="size-4" /> {t('layout.account.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
