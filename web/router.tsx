// Routes (spec section 2) with one lazily loaded chunk per screen. Protected screens go through
// RequireUser: spinner while the user loads, the login screen in place when signed out, otherwise the
// screen inside the mobile (< 768 px) or desktop shell.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './components/layout/app-layout.tsx';
import { PublicLayout } from './components/layout/public-layout.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import { useAuth } from './lib/auth.tsx';
import { useDocumentTitle } from './lib/document-title.ts';
import { useT, type MessageKey } from './i18n/t.ts';
import { useCatalogue } from './i18n/i18n.ts';

type Screen = LazyExoticComponent<ComponentType>;

const Login = lazy(() => import('./routes/login.tsx'));
const Register = lazy(() => import('./routes/register.tsx'));
const AdminSetup = lazy(() => import('./routes/admin-setup.tsx'));
const AdminLogin = lazy(() => import('./routes/admin-login.tsx'));
const AdminInvite = lazy(() => import('./routes/admin-invite.tsx'));
const Support = lazy(() => import('./routes/support.tsx'));
const PrivacyPolicy = lazy(() => import('./routes/privacy-policy.tsx'));
const TermsConditions = lazy(() => import('./routes/terms-conditions.tsx'));
const NotFound = lazy(() => import('./routes/not-found.tsx'));
const Dashboard = lazy(() => import('./routes/dashboard.tsx'));
const ManualPayment = lazy(() => import('./routes/manual-payment.tsx'));
const UpiPayment = lazy(() => import('./routes/upi-payment.tsx'));
const Wallet = lazy(() => import('./routes/wallet.tsx'));
const Referrals = lazy(() => import('./routes/referrals.tsx'));
const Spin = lazy(() => import('./routes/spin.tsx'));
const Payments = lazy(() => import('./routes/payments.tsx'));
const Transactions = lazy(() => import('./routes/transactions.tsx'));
const Download = lazy(() => import('./routes/download.tsx'));
const Profile = lazy(() => import('./routes/profile.tsx'));
// Only for someone who has not accepted the current privacy policy: loaded when needed.
const ConsentGate = lazy(() => import('./features/privacy/components/consent-gate.tsx'));
const Admin = lazy(() => import('./routes/admin.tsx'));

/** Text groups a screen needs beyond the core ones (web/i18n/catalogue-files.ts); the screen waits for them. */
type Groups = readonly ('app' | 'pages' | 'admin' | 'consent')[];

function Texts({ groups, children }: { groups: Groups; children: ReactNode }) {
  // A fixed list per route, so the hooks run in the same order on every render.
  for (const group of groups) useCatalogue(group);
  return children;
}

function Titled({ title, groups = [], children }: { title: MessageKey; groups?: Groups; children: ReactNode }) {
  const t = useT();
  useDocumentTitle(t(title));
  return <Texts groups={groups}>{children}</Texts>;
}

function RequireUser({ screen: ScreenComponent, title, groups }: { screen: Screen; title: MessageKey; groups: Groups }) {
  const t = useT();
  const { user, isLoading } = useAuth();
  // Signed out, the login screen stands in for the requested one, so the tab says so too.
  useDocumentTitle(t(user || isLoading ? title : 'layout.pages.login'));
  if (isLoading) return <PageSpinner label={t('layout.loadingAccount')} />;
  if (!user) return <Login />;
  return (
    <AppLayout>
      {/* Until the current privacy policy is accepted the server answers the screen's calls with
          CONSENT_REQUIRED: the question comes first, the screen after. */}
      {user.consentRequired ? (
        <Suspense fallback={<PageSpinner />}>
          <ConsentGate />
        </Suspense>
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <Texts groups={groups}>
            <ScreenComponent />
          </Texts>
        </Suspense>
      )}
    </AppLayout>
  );
}

function Public({ screen: ScreenComponent, title }: { screen: Screen; title: MessageKey }) {
  const t = useT();
  useDocumentTitle(t(title));
  return (
    <PublicLayout>
      <Suspense fallback={<PageSpinner />}>
        <Texts groups={['pages']}>
          <ScreenComponent />
        </Texts>
      </Suspense>
    </PublicLayout>
  );
}

const APP: Groups = ['app'];
const ADMIN: Groups = ['app', 'admin'];
const PROTECTED: [path: string, screen: Screen, title: MessageKey, groups: Groups][] = [
  ['/', Dashboard, 'layout.pages.dashboard', APP],
  ['/dashboard', Dashboard, 'layout.pages.dashboard', APP],
  ['/manual-payment', ManualPayment, 'layout.pages.manualPayment', APP],
  ['/upi-payment', UpiPayment, 'layout.pages.upiPayment', APP],
  ['/wallet', Wallet, 'layout.pages.wallet', APP],
  ['/referrals', Referrals, 'layout.pages.referrals', APP],
  ['/spin', Spin, 'layout.pages.spinWheel', APP],
  ['/payments', Payments, 'layout.pages.payments', APP],
  ['/transactions', Transactions, 'layout.pages.transactions', APP],
  ['/download', Download, 'layout.pages.downloadApp', ['app', 'pages']],
  ['/profile', Profile, 'layout.pages.profile', APP],
  ['/admin', Admin, 'layout.pages.adminPanel', ADMIN],
  ['/admin/*', Admin, 'layout.pages.adminPanel', ADMIN],
];

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<Titled title="layout.pages.login"><Login /></Titled>} />
        <Route path="/register" element={<Titled title="layout.pages.register" groups={['consent']}><Register /></Titled>} />
        <Route path="/admin-setup" element={<Titled title="layout.pages.adminSetup" groups={ADMIN}><AdminSetup /></Titled>} />
        <Route path="/admin-login" element={<Titled title="layout.pages.adminSecurityCenter" groups={ADMIN}><AdminLogin /></Titled>} />
        <Route path="/admin-invite" element={<Titled title="layout.pages.adminInvite" groups={ADMIN}><AdminInvite /></Titled>} />
        <Route path="/support" element={<Public screen={Support} title="layout.pages.support" />} />
        <Route path="/privacy-policy" element={<Public screen={PrivacyPolicy} title="layout.pages.privacyPolicy" />} />
        <Route path="/terms-conditions" element={<Public screen={TermsConditions} title="layout.pages.termsConditions" />} />
        {PROTECTED.map(([path, screen, title, groups]) => (
          <Route key={path} path={path} element={<RequireUser screen={screen} title={title} groups={groups} />} />
        ))}
        <Route path="*" element={<Public screen={NotFound} title="common.notFound.title" />} />
      </Routes>
    </Suspense>
  );
}
