// Entry: applies saved accessibility classes before the first paint, loads the reader's language, installs the startup
// behaviours, registers the service worker and mounts the providers and routes. A page the server
// rendered (web/entry-server.tsx) is hydrated, in slices that leave the phone responsive, when it
// was rendered for this reader (their language, signed out); else the app renders it afresh.
import { lazy, startTransition, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import './styles.css';
import 'virtual:i18n/language-names.css';
import 'virtual:i18n/rupee-sign.css';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { useToasts } from './components/ui/toast-store.ts';
import { AccessibilityProvider, applyPrefs, readStoredPrefs, useAccessibility } from './lib/accessibility.tsx';
import { getToken, rememberSignedIn } from './lib/api-client.ts';
import { APP_SETTINGS_QUERY_KEY, type AppSettings } from './lib/app-settings.ts';
import { AuthProvider, userQueryOptions } from './lib/auth.tsx';
import { queryClient } from './lib/query-client.ts';
import { installStartupBehaviours, registerServiceWorker } from './lib/startup.ts';
import { MOBILE_QUERY } from './lib/use-media-query.ts';
import { AppRoutes, preloadServerRendered, preloadSignedIn, sameServerRenderedPage } from './router.tsx';
import { activateLanguage, detectLanguage, i18n, rememberLanguage } from './i18n/i18n.ts';

// The dialog (Select, Switch, Dialog) loads only when someone opens it.
const AccessibilityDialog = lazy(() => import('./components/accessibility-dialog.tsx').then((m) => ({ default: m.AccessibilityDialog })));

function AccessibilityDialogSlot() {
  const { isSettingsOpen } = useAccessibility();
  if (!isSettingsOpen) return null;
  return (
    <Suspense fallback={null}>
      <AccessibilityDialog />
    </Suspense>
  );
}

// Radix Toast loads with the first toast, keeping it out of the sign-in bundle.
const Toaster = lazy(() => import('./components/ui/toast.tsx').then((m) => ({ default: m.Toaster })));

function ToasterSlot() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (toasts.length > 0) setNeeded(true);
  }, [toasts.length]);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

applyPrefs(readStoredPrefs());
installStartupBehaviours();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

/** What the server put beside a page it rendered: its language and the settings it rendered with. */
interface ServerRendered {
  lang: string;
  /** The page it is (a service worker may answer another path with it offline). */
  path: string;
  appSettings: AppSettings;
}

function serverRendered(): ServerRendered | null {
  const el = document.getElementById('ssr-state');
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as ServerRendered;
  } catch {
    return null;
  }
}

const language = detectLanguage();
// The server picks the language and skips rendering for a signed-in reader by these cookies.
rememberLanguage(language);
rememberSignedIn(Boolean(getToken()));
const rendered = serverRendered();
// A page rendered by the server for this reader (their language, signed out) and this path is hydrated.
const hydrate = rendered !== null && rendered.lang === language && sameServerRenderedPage(rendered.path, location.pathname) && !getToken() && root.firstElementChild !== null;
// A signed-in reader's account is asked for now, beside their texts and the screen's modules,
// instead of after the first render; in a task of its own, so that the first request's set-up
// (6-7 ms here, four times that on a phone) does not lengthen the app's start, one long task.
if (getToken()) setTimeout(() => void queryClient.prefetchQuery(userQueryOptions()), 0);
// The reader's catalogue (one small chunk) before the first render, so no English flashes by; a
// page to hydrate also waits for its screen and texts, so hydration never meets a missing part,
// and a signed-in screen for its module, shell and texts, so it appears as soon as the account has
// (the server preloads the same modules with the page). A part that fails to load is tried again
// where it renders.
await Promise.all([
  activateLanguage(language),
  hydrate ? preloadServerRendered(location.pathname, language).catch(() => undefined) : null,
  getToken() ? preloadSignedIn(location.pathname, language, window.matchMedia(MOBILE_QUERY).matches).catch(() => undefined) : null,
]);

const app = (
  <StrictMode>
    <I18nProvider i18n={i18n}>
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AccessibilityProvider>
          <BrowserRouter>
            <AuthProvider>
              <AppRoutes />
              <AccessibilityDialogSlot />
              <ToasterSlot />
            </AuthProvider>
          </BrowserRouter>
        </AccessibilityProvider>
      </QueryClientProvider>
    </ErrorBoundary>
    </I18nProvider>
  </StrictMode>
);

if (hydrate) {
  queryClient.setQueryData(APP_SETTINGS_QUERY_KEY, rendered.appSettings);
  // A transition: React hydrates in slices of a few milliseconds instead of one long task.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // A page the server rendered for someone else (another language, signed out) goes at once; the
  // loading state it sends with a signed-in screen stays until the app's first render replaces it.
  if (rendered) root.replaceChildren();
  // A transition here too: the first render yields to the phone every few milliseconds.
  startTransition(() => {
    createRoot(root).render(app);
  });
}
