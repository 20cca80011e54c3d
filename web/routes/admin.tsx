// Admin Panel route (/admin and /admin/*): only admins get the panel, which is its own lazy chunk
// so other users' browsers never download it; anyone else sees a not-allowed screen and no admin
// request is made. The route adds the Super Admin's tabs from their own features: Admins, Ledger,
// Data requests, Tax.
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BookOpenCheck, Inbox, ReceiptIndianRupee, ShieldX, UserCog } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageHeader } from '../components/ui/page-header.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useT } from '../i18n/t.ts';
import { useAuth } from '../lib/auth.tsx';

const AdminPanel = lazy(() => import('../features/admin/components/admin-panel.tsx'));
const AdminsTab = lazy(() => import('../features/admins/components/admins-tab.tsx'));
const LedgerTab = lazy(() => import('../features/ledger/components/ledger-tab.tsx'));
const DataRequestsTab = lazy(() => import('../features/data-requests/components/data-requests-tab.tsx'));
const TaxTab = lazy(() => import('../features/tax/components/tax-tab.tsx'));

function Lazy({ children }: { children: ReactNode }) {
  const t = useT();
  return <Suspense fallback={<PageSpinner label={t('admin.loadingPanel')} />}>{children}</Suspense>;
}

function NotAllowed() {
  const t = useT();
  return (
    <div className="flex flex-col gap-5">
      <PageHeader title={t('admin.notAllowed.title')} />
      <Card className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 p-8 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-destructive-soft text-destructive-soft-foreground">
          <ShieldX aria-hidden="true" className="size-7" />
        </span>
        <div>
          <h2 className="text-lg font-semibold">{t('admin.notAllowed.heading')}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{t('admin.notAllowed.text')}</p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/dashboard">{t('admin.notAllowed.backToDashboard')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin-login">{t('admin.notAllowed.adminLogin')}</Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}

export default function AdminScreen() {
  const t = useT();
  const { user } = useAuth();
  if (!user?.isAdmin) return <NotAllowed />;
  return (
    <Suspense fallback={<PageSpinner label={t('admin.loadingPanel')} />}>
      <AdminPanel
        extraTabs={[
          { value: 'admins', label: 'admin.tabs.admins', icon: UserCog, element: <Lazy><AdminsTab /></Lazy> },
          { value: 'ledger', label: 'admin.tabs.ledger', icon: BookOpenCheck, element: <Lazy><LedgerTab /></Lazy> },
          { value: 'data-requests', label: 'admin.tabs.dataRequests', icon: Inbox, element: <Lazy><DataRequestsTab /></Lazy> },
          { value: 'tax', label: 'adminTax.tab', icon: ReceiptIndianRupee, element: <Lazy><TaxTab /></Lazy> },
        ]}
      />
    </Suspense>
  );
}
