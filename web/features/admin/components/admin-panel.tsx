// The admin panel (/admin, /admin/<tab>): Super Admin badge and five tabs, each on its own sub-path
// so a tab can be bookmarked and the back button moves between tabs.
import { Link, useLocation, useNavigate } from 'react-router';
import { Crown, LayoutDashboard, Landmark, ReceiptIndianRupee, Settings, ShieldCheck, Users } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useT } from '../../../i18n/t.ts';
import { OverviewTab } from './overview-tab.tsx';
import { PaymentsTab } from './payments-tab.tsx';
import { SettingsTab } from './settings-tab.tsx';
import { UsersTab } from './users-tab.tsx';
import { WithdrawalsTab } from './withdrawals-tab.tsx';

const TABS = [
  { value: 'overview', path: '', label: 'admin.tabs.overview', icon: LayoutDashboard },
  { value: 'users', path: 'users', label: 'admin.tabs.users', icon: Users },
  // "Manual Payments" from 768 px, "Payments" on phones (where "Manual" is for screen readers only).
  { value: 'payments', path: 'payments', prefix: 'admin.tabs.manual', short: 'admin.tabs.payments', icon: ReceiptIndianRupee },
  { value: 'withdrawals', path: 'withdrawals', label: 'admin.tabs.withdrawals', icon: Landmark },
  { value: 'settings', path: 'settings', label: 'admin.tabs.settings', icon: Settings },
] as const;

function tabFromPath(pathname: string): string {
  const segment = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return TABS.find((t) => t.path === segment)?.value ?? 'overview';
}

export default function AdminPanel() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabFromPath(location.pathname);

  return (
    <div className="flex flex-col gap-5">
      <PageHeader
        title={t('admin.panel.title')}
        description={t('admin.panel.description')}
        actions={
          <div className="flex items-center gap-2">
            <Badge tone="solid" icon={<Crown aria-hidden="true" className="size-3.5" />}>
              {t('admin.panel.superAdmin')}
            </Badge>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin-login">
                <ShieldCheck aria-hidden="true" className="size-4" /> {t('admin.panel.security')}
              </Link>
            </Button>
          </div>
        }
      />
      <Tabs value={tab} onValueChange={(v) => navigate(`/admin${TABS.find((item) => item.value === v)?.path ? `/${TABS.find((item) => item.value === v)!.path}` : ''}`)}>
        {/* Phones: five equal cells with the icon above a short label; from 768 px a segmented row. */}
        <TabsList aria-label={t('admin.panel.sections')} className="grid! h-auto! w-full! grid-cols-5 md:inline-flex! md:h-11! md:w-auto!">
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value} className="h-14! flex-col! gap-1! px-0.5! text-[11px]! md:h-9! md:flex-row! md:gap-1.5! md:px-3! md:text-sm!">
              <item.icon aria-hidden="true" className="size-4" />
              {'short' in item ? (
                <span>
                  <span className="sr-only md:not-sr-only">{t(item.prefix)} </span>
                  {t(item.short)}
                </span>
              ) : (
                t(item.label)
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="withdrawals">
          <WithdrawalsTab />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
