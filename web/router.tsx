// Routes (spec section 2) with one lazily loaded chunk per screen. Protected screens go through
// RequireUser: spinner while the user loads, the login screen in place when signed out, otherwise the
// screen inside the mobile (< 768 px) or desktop shell.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout } from './components/layout/app-layout.tsx';
import { PublicLayout } from './components/layout/public-layout.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import { useAuth } from './lib/auth.tsx';

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

function RequireUser({ screen: ScreenComponent }: { screen: Screen }) {
  const { user, isLoading } = useAuth();
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

function Public({ screen: ScreenComponent }: { screen: Screen }) {
  return (
    <PublicLayout>
      <ScreenComponent />
    </PublicLayout>
  );
}

const PROTECTED: [string, Screen][] = [
  ['/', Dashboard],
  ['/dashboard', Dashboard],
  ['/manual-payment', ManualPayment],
  ['/upi-payment', UpiPayment],
  ['/wallet', Wallet],
  ['/referrals', Referrals],
  ['/spin', Spin],
  ['/payments', Payments],
  ['/transactions', Transactions],
  ['/download', Download],
  ['/admin', Admin],
  ['/admin/*', Admin],
];

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/admin-setup" element={<AdminSetup />} />
        <Route path="/admin-login" element={<AdminLogin />} />
        <Route path="/support" element={<Public screen={Support} />} />
        <Route path="/privacy-policy" element={<Public screen={PrivacyPolicy} />} />
        <Route path="/terms-conditions" element={<Public screen={TermsConditions} />} />
        {PROTECTED.map(([path, screen]) => (
          <Route key={path} path={path} element={<RequireUser screen={screen} />} />
        ))}
        <Route path="*" element={<Public screen={NotFound} />} />
      </Routes>
    </Suspense>
  );
}
