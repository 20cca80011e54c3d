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

type Screen = LazyExoticComponent<ComponentType>;

const Login = lazy(() => import('./routes/login.tsx'));
const Register = lazy(() => import('./routes/register.tsx'));
const AdminSetup = lazy(() => import('./routes/admin-setup.tsx'));
const AdminLogin = lazy(() => import('./routes/admin-login.tsx'));
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
const Admin = lazy(() => import('./routes/admin.tsx'));

function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

function RequireUser({ screen: ScreenComponent, title }: { screen: Screen; title: string }) {
  const { user, isLoading } = useAuth();
  // Signed out, the login screen stands in for the requested one, so the tab says so too.
  useDocumentTitle(user || isLoading ? title : 'Login');
  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (!user) return <Login />;
  return (
    <AppLayout>
      <Suspense fallback={<PageSpinner />}>
        <ScreenComponent />
      </Suspense>
    </AppLayout>
  );
}

function Public({ screen: ScreenComponent, title }: { screen: Screen; title: string }) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <ScreenComponent />
    </PublicLayout>
  );
}

const PROTECTED: [path: string, screen: Screen, title: string][] = [
  ['/', Dashboard, 'Dashboard'],
  ['/dashboard', Dashboard, 'Dashboard'],
  ['/manual-payment', ManualPayment, 'Manual Payment'],
  ['/upi-payment', UpiPayment, 'UPI Payment'],
  ['/wallet', Wallet, 'Wallet'],
  ['/referrals', Referrals, 'Referrals'],
  ['/spin', Spin, 'Spin Wheel'],
  ['/payments', Payments, 'Payments'],
  ['/transactions', Transactions, 'Transactions'],
  ['/download', Download, 'Download App'],
  ['/admin', Admin, 'Admin Panel'],
  ['/admin/*', Admin, 'Admin Panel'],
];

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<Titled title="Login"><Login /></Titled>} />
        <Route path="/register" element={<Titled title="Register"><Register /></Titled>} />
        <Route path="/admin-setup" element={<Titled title="Admin Setup"><AdminSetup /></Titled>} />
        <Route path="/admin-login" element={<Titled title="Admin Security Center"><AdminLogin /></Titled>} />
        <Route path="/support" element={<Public screen={Support} title="Support" />} />
        <Route path="/privacy-policy" element={<Public screen={PrivacyPolicy} title="Privacy Policy" />} />
        <Route path="/terms-conditions" element={<Public screen={TermsConditions} title="Terms & Conditions" />} />
        {PROTECTED.map(([path, screen, title]) => (
          <Route key={path} path={path} element={<RequireUser screen={screen} title={title} />} />
        ))}
        <Route path="*" element={<Public screen={NotFound} title="404 Page Not Found" />} />
      </Routes>
    </Suspense>
  );
}
