// Entry: applies saved accessibility classes before the first paint, loads the reader's language, installs the startup
// behaviours, registers the service worker and mounts the providers and routes.
import { lazy, StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import './styles.css';
import 'virtual:i18n/language-names.css';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { useToasts } from './components/ui/toast-store.ts';
import { AccessibilityProvider, applyPrefs, readStoredPrefs, useAccessibility } from './lib/accessibility.tsx';
import { AuthProvider } from './lib/auth.tsx';
import { queryClient } from './lib/query-client.ts';
import { installStartupBehaviours, registerServiceWorker } from './lib/startup.ts';
import { AppRoutes } from './router.tsx';
import { activateLanguage, detectLanguage, i18n } from './i18n/i18n.ts';

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

// The reader's catalogue (one small chunk) before the first render, so no English flashes by.
await activateLanguage(detectLanguage());

createRoot(root).render(
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
  </StrictMode>,
);
