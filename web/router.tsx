// Routes (spec section 2) with one lazily loaded chunk per screen. Protected screens go through
// RequireUser: spinner while the user loads, the login screen in place when signed out, otherwise the
// screen inside the mobile (< 768 px) or desktop shell.
import { Suspense, useDeferredValue, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AppLayout, preloadLayout } from './components/layout/app-layout.tsx';
import { PublicLayout } from './components/layout/public-layout.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import { useAuth } from './lib/auth.tsx';
import { useDocumentTitle } from './lib/document-title.ts';
import { useT, type MessageKey } from './i18n/t.ts';
import { loadCatalogues, useCatalogue } from './i18n/i18n.ts';
import { preloadable, type PreloadableComponent } from './lib/preloadable.ts';

type Screen = PreloadableComponent;

const Login = preloadable(() => import('./routes/login.tsx'));
const Register = preloadable(() => import('./routes/register.tsx'));
const AdminSetup = preloadable(() => import('./routes/admin-setup.tsx'));
const AdminLogin = preloadable(() => import('./routes/admin-login.tsx'));
const AdminInvite = preloadable(() => import('./routes/admin-invite.tsx'));
const Support = preloadable(() => import('./routes/support.tsx'));
const PrivacyPolicy = preloadable(() => import('./routes/privacy-policy.tsx'));
const TermsConditions = preloadable(() => import('./routes/terms-conditions.tsx'));
const NotFound = preloadable(() => import('./routes/not-found.tsx'));
const Dashboard = preloadable(() => import('./routes/dashboard.tsx'));
const ManualPayment = preloadable(() => import('./routes/manual-payment.tsx'));
const UpiPayment = preloadable(() => import('./routes/upi-payment.tsx'));
const Wallet = preloadable(() => import('./routes/wallet.tsx'));
const Referrals = preloadable(() => import('./routes/referrals.tsx'));
const Spin = preloadable(() => import('./routes/spin.tsx'));
const Payments = preloadable(() => import('./routes/payments.tsx'));
const Transactions = preloadable(() => import('./routes/transactions.tsx'));
const Download = preloadable(() => import('./routes/download.tsx'));
const Profile = preloadable(() => import('./routes/profile.tsx'));
// Only for someone who has not accepted the current privacy policy: loaded when needed.
const ConsentGate = preloadable(() => import('./features/privacy/components/consent-gate.tsx'));
const Admin = preloadable(() => import('./routes/admin.tsx'));

/** Text groups a screen needs beyond the core ones (web/i18n/catalogue-files.ts); the screen waits for them. */
type Groups = readonly ('app' | 'pages' | 'admin' | 'adminSecurity' | 'consent')[];

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
  // The screen's first render with the account is a transition, which yields to the phone every
  // few milliseconds, instead of one long task when the account arrives.
  const { user, isLoading } = useDeferredValue(useAuth());
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
const ADMIN: Groups = ['app', 'admin', 'adminSecurity'];
/** The admin sign-in and first-admin setup: their own texts alone. */
const ADMIN_SIGN_IN: Groups = ['adminSecurity'];
/** Signed-in screens, each with its module as the build's manifest names it (for the server to preload). */
const PROTECTED: [path: string, screen: Screen, title: MessageKey, groups: Groups, source: string][] = [
  ['/', Dashboard, 'layout.pages.dashboard', APP, 'routes/dashboard.tsx'],
  ['/dashboard', Dashboard, 'layout.pages.dashboard', APP, 'routes/dashboard.tsx'],
  ['/manual-payment', ManualPayment, 'layout.pages.manualPayment', APP, 'routes/manual-payment.tsx'],
  ['/upi-payment', UpiPayment, 'layout.pages.upiPayment', APP, 'routes/upi-payment.tsx'],
  ['/wallet', Wallet, 'layout.pages.wallet', APP, 'routes/wallet.tsx'],
  ['/referrals', Referrals, 'layout.pages.referrals', APP, 'routes/referrals.tsx'],
  ['/spin', Spin, 'layout.pages.spinWheel', APP, 'routes/spin.tsx'],
  ['/payments', Payments, 'layout.pages.payments', APP, 'routes/payments.tsx'],
  ['/transactions', Transactions, 'layout.pages.transactions', APP, 'routes/transactions.tsx'],
  ['/download', Download, 'layout.pages.downloadApp', ['app', 'pages'], 'routes/download.tsx'],
  ['/profile', Profile, 'layout.pages.profile', APP, 'routes/profile.tsx'],
  ['/admin', Admin, 'layout.pages.adminPanel', ADMIN, 'routes/admin.tsx'],
  ['/admin/*', Admin, 'layout.pages.adminPanel', ADMIN, 'routes/admin.tsx'],
];

/**
 * Pages the server renders to HTML for a signed-out visitor (web/entry-server.tsx): they need no
 * data but the public settings. Each with what it needs before the browser can hydrate it: its
 * screen and its groups of texts. Every other path the app answers is rendered in the browser; any
 * path not listed in either is the 404 page, rendered by the server with status 404.
 */
interface ServerRenderedPage {
  screen: Screen;
  /** The screen's module as the build's manifest names it, for the server to preload. */
  source: string;
  groups: Groups;
}
const SERVER_RENDERED: Record<string, ServerRenderedPage> = {
  '/login': { screen: Login, source: 'routes/login.tsx', groups: [] },
  '/register': { screen: Register, source: 'routes/register.tsx', groups: ['consent'] },
  '/support': { screen: Support, source: 'routes/support.tsx', groups: ['pages'] },
  '/privacy-policy': { screen: PrivacyPolicy, source: 'routes/privacy-policy.tsx', groups: ['pages'] },
  '/terms-conditions': { screen: TermsConditions, source: 'routes/terms-conditions.tsx', groups: ['pages'] },
  '/admin-login': { screen: AdminLogin, source: 'routes/admin-login.tsx', groups: ADMIN_SIGN_IN },
};
export const SERVER_RENDERED_PATHS: readonly string[] = /* @__PURE__ */ Object.keys(SERVER_RENDERED);
const NOT_FOUND: ServerRenderedPage = { screen: NotFound, source: 'routes/not-found.tsx', groups: ['pages'] };

function serverRenderedPage(pathname: string): ServerRenderedPage {
  return SERVER_RENDERED[pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname] ?? NOT_FOUND;
}

/** What the browser loads to hydrate the page at `pathname`: the screen's module and its groups of texts. */
export function hydrationNeeds(pathname: string): { source: string; groups: readonly string[] } {
  const { source, groups } = serverRenderedPage(pathname);
  return { source, groups };
}

/** Whether two paths show the same server-rendered page (any two unknown paths show the 404 page). */
export function sameServerRenderedPage(a: string, b: string): boolean {
  return serverRenderedPage(a) === serverRenderedPage(b);
}

/** Loads what a server-rendered page at `pathname` needs to hydrate, in `language`. */
export async function preloadServerRendered(pathname: string, language: string): Promise<void> {
  const { screen, groups } = serverRenderedPage(pathname);
  await Promise.all([screen.preload(), loadCatalogues(groups, language)]);
}

/**
 * What the browser loads to show the signed-in screen at `pathname`: its module and the shell of
 * the phone or the desktop layout, and its groups of texts (for the server to preload beside the
 * app); null for a path that is not a signed-in screen.
 */
export function signedInNeeds(pathname: string, phone: boolean): { sources: string[]; groups: readonly string[] } | null {
  const hit = signedInRoute(pathname);
  if (!hit) return null;
  return { sources: [hit[4], phone ? 'components/layout/mobile-layout.tsx' : 'components/layout/desktop-layout.tsx'], groups: hit[3] };
}

function signedInRoute(pathname: string) {
  const bare = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PROTECTED.find(([path]) => (path.endsWith('/*') ? bare.startsWith(path.slice(0, -1)) : bare === path));
}

/**
 * Loads what the signed-in screen at `pathname` needs for its first render: its module, the shell
 * it is shown in and its groups of texts (nothing for any other path). The app's start awaits it
 * beside the reader's texts, so that render suspends nowhere: each suspense would commit a
 * fallback and hold the next reveal for React's fallback throttle (300 ms), twice on the way from
 * the account's arrival to the screen.
 */
export async function preloadSignedIn(pathname: string, language: string, phone: boolean): Promise<void> {
  const hit = signedInRoute(pathname);
  if (!hit) return;
  await Promise.all([hit[1].preload(), preloadLayout(phone), loadCatalogues(hit[3], language)]);
}

/** Paths rendered in the browser only: signed-in screens, and admin pages that ask the server first. */
export const BROWSER_RENDERED_PATHS: readonly string[] = ['/admin-setup', '/admin-invite', .../* @__PURE__ */ PROTECTED.map(([path]) => path.replace(/\/\*$/, '/'))];

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path="/login" element={<Titled title="layout.pages.login"><Login /></Titled>} />
        <Route path="/register" element={<Titled title="layout.pages.register" groups={['consent']}><Register /></Titled>} />
        <Route path="/admin-setup" element={<Titled title="layout.pages.adminSetup" groups={ADMIN_SIGN_IN}><AdminSetup /></Titled>} />
        <Route path="/admin-login" element={<Titled title="layout.pages.adminSecurityCenter" groups={ADMIN_SIGN_IN}><AdminLogin /></Titled>} />
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
