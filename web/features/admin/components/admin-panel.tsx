// The admin panel (/admin, /admin/<tab>): the admin's role badge and the tabs their role may use,
// each on its own sub-path so a tab can be bookmarked and the back button moves between tabs. A
// reviewer works on users, payments and withdrawals; a Super Admin also on settings and whatever
// the route adds (admins, the ledger). A reviewer without two-factor sign-in is sent to set it up;
// a Super Admin without it is asked to, above the tabs, until they do.
import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Crown, LayoutDashboard, Landmark, ReceiptIndianRupee, Settings, ShieldCheck, ShieldAlert, UserCog, Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useT, type MessageKey } from '../../../i18n/t.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useSecurityStatus } from '../../admin-security/api.ts';
import { useStats } from '../api.ts';
import { OverviewTab } from './overview-tab.tsx';
import { PaymentsTab } from './payments-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import { WithdrawalsTab } from './withdrawals-tab.tsx';

/** A tab the route adds (from another feature), Super Admins only. */
export interface ExtraTab {
  value: string;
  label: MessageKey;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  element: ReactNode;
}

interface TabDef {
  value: string;
  label?: MessageKey;
  /** "Manual Payments" from 768 px, "Payments" on phones (where "Manual" is for screen readers only). */
  prefix?: MessageKey;
  short?: MessageKey;
  icon: ExtraTab['icon'];
  element: ReactNode;
  superAdminOnly?: boolean;
}

function tabPath(value: string): string {
  return value === 'overview' ? '' : value;
}

function tabFromPath(pathname: string, tabs: TabDef[]): string {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return tabs.find((t) => tabPath(t.value) === segment)?.value ?? 'overview';
}

function SetUpTwoFactorFirst() {
  const t = useT();
  return (
    <Card className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 p-8 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground">
        <ShieldAlert aria-hidden="true" className="size-7" />
      </span>
      <div>
        <h2 className="text-lg font-semibold">{t('admin.panel.twoFactorFirstTitle')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('admin.panel.twoFactorFirstText')}</p>
      </div>
      <Button asChild>
        <Link to="/admin-login">{t('admin.panel.twoFactorFirstAction')}</Link>
      </Button>
    </Card>
  );
}

/** A Super Admin signed in with a password alone: the account that moves money is asked for 2FA. */
function TurnOnTwoFactor() {
  const t = useT();
  return (
    <div role="note" className="hc-border flex flex-col gap-3 rounded-[12px] border border-warning/40 bg-warning-soft p-4 text-sm text-warning-soft-foreground sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div>
          <p className="font-semibold">{t('admin.panel.superTwoFactorTitle')}</p>
          <p>{t('admin.panel.superTwoFactorText')}</p>
        </div>
      </div>
      <Button asChild size="sm" className="self-start sm:self-center">
        <Link to="/admin-login">{t('admin.panel.twoFactorFirstAction')}</Link>
      </Button>
    </div>
  );
}

export default function AdminPanel({ extraTabs = [] }: { extraTabs?: ExtraTab[] }) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const isSuperAdmin = useAuth().user?.adminRole !== 'reviewer';
  const stats = useStats();
  const security = useSecurityStatus(isSuperAdmin);
  const own: TabDef[] = [
    { value: 'overview', label: 'admin.tabs.overview', icon: LayoutDashboard, element: <OverviewTab /> },
    { value: 'users', label: 'admin.tabs.users', icon: Users, element: <UsersTab /> },
    { value: 'payments', prefix: 'admin.tabs.manual', short: 'admin.tabs.payments', icon: ReceiptIndianRupee, element: <PaymentsTab /> },
    { value: 'withdrawals', label: 'admin.tabs.withdrawals', icon: Landmark, element: <WithdrawalsTab /> },
    { value: 'settings', label: 'admin.tabs.settings', icon: Settings, element: <SettingsTab />, superAdminOnly: true },
  ];
  const tabs = [...own, ...extraTabs.map((tab): TabDef => ({ ...tab, superAdminOnly: true }))].filter((tab) => isSuperAdmin || !tab.superAdminOnly);
  const tab = tabFromPath(location.pathname, tabs);
  const needsTwoFactor = stats.error instanceof ApiError && stats.error.code === 'TWO_FACTOR_SETUP_REQUIRED';

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('admin.panel.title')}
        description={t(isSuperAdmin ? 'admin.panel.description' : 'admin.panel.descriptionReviewer')}
        actions={
          <div className="flex items-center gap-2">
            <Badge tone="solid" icon={isSuperAdmin ? <Crown aria-hidden="true" className="size-3.5" /> : <UserCog aria-hidden="true" className="size-3.5" />}>
              {isSuperAdmin ? t('admin.panel.superAdmin') : t('admin.panel.reviewer')}
            </Badge>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin-login">
                <ShieldCheck aria-hidden="true" className="size-4" /> {t('admin.panel.security')}
              </Link>
            </Button>
          </div>
        }
      />
      {isSuperAdmin && security.data && !security.data.twoFactorEnabled ? <TurnOnTwoFactor /> : null}
      {needsTwoFactor ? (
        <SetUpTwoFactorFirst />
      ) : (
        <Tabs value={tab} onValueChange={(v) => navigate(`/admin${tabPath(v) ? `/${tabPath(v)}` : ''}`)}>
          {/* Phones: equal cells (four a row) with the icon above a short label; from 768 px a segmented row. */}
          <TabsList aria-label={t('admin.panel.sections')} className="grid! h-auto! w-full! grid-cols-4 md:inline-flex! md:h-11! md:w-auto!">
            {tabs.map((item) => (
              <TabsTrigger key={item.value} value={item.value} className="h-14! flex-col! gap-1! px-0.5! text-[11px]! md:h-9! md:flex-row! md:gap-1.5! md:px-3! md:text-sm!">
                <item.icon aria-hidden="true" className="size-4" />
                {item.prefix && item.short ? (
                  <span>
                    <span className="sr-only md:not-sr-only">{t(item.prefix)} </span>
                    {t(item.short)}
                  </span>
                ) : item.label ? (
                  t(item.label)
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((item) => (
            <TabsContent key={item.value} value={item.value}>
              {item.element}
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
