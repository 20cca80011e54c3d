// The entry pages rendered by the server (decision 036): a visitor's first screen arrives as HTML
// with its text, in their language and with the operator's current settings (support contacts,
// legal name, fee and reward), and the app then hydrates it. Built by Vite as a Node module of its
// own (dist/web-ssr); the server renders each page once per language and settings and keeps it.
// Only pages a signed-out visitor sees: the same providers as main.tsx, with no session.
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import type { AppSettings } from '../contract/settings.ts';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { PageSpinner } from './components/ui/spinner.tsx';
import { t } from './i18n/t.ts';
import { activateLanguage, i18n, isLanguage, languageMeta, DEFAULT_LANGUAGE } from './i18n/i18n.ts';
import { AccessibilityProvider } from './lib/accessibility.tsx';
import { APP_SETTINGS_QUERY_KEY } from './lib/app-settings.ts';
import { AuthProvider } from './lib/auth.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { renderedTitle } from './lib/document-title.ts';
import { AppRoutes, BROWSER_RENDERED_PATHS, hydrationNeeds, preloadServerRendered, SERVER_RENDERED_PATHS, signedInNeeds } from './router.tsx';

export { SERVER_RENDERED_PATHS, BROWSER_RENDERED_PATHS, hydrationNeeds, signedInNeeds };
export { languages } from './i18n/i18n.ts';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  title: string;
  /** <html lang> and dir. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** What could not render on the server (the browser renders those parts). */
  errors: string[];
  /** 404 for a path no screen answers. */
  status: 200 | 404;
}

async function markup(element: ReactNode, errors: string[]): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    // A finished part larger than this is written out of place and moved by an inline script,
    // which the Content-Security-Policy (script-src 'self') forbids: keep every part in place.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      // A part that cannot render on the server is rendered by the browser; say which.
      errors.push(error instanceof Error ? error.message : String(error));
    },
  });
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  return html;
}

/** One pass of React's static renderer over the app for `url`. */
async function renderOnce(url: string, queryClient: QueryClient, errors: string[]): Promise<string> {
  return markup(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <AccessibilityProvider>
              <StaticRouter location={url}>
                <AuthProvider>
                  <AppRoutes />
                </AuthProvider>
              </StaticRouter>
            </AccessibilityProvider>
          </QueryClientProvider>
        </ErrorBoundary>
      </I18nProvider>
    </StrictMode>,
    errors,
  );
}

/**
 * What a signed-in screen shows until the app has the account (the router's loading state), in
 * `language`: sent inside the app's page, so a phone draws it before the app's code arrives.
 */
export async function renderLoading(language: string): Promise<string> {
  await activateLanguage(isLanguage(language) ? language : DEFAULT_LANGUAGE);
  const errors: string[] = [];
  const html = await markup(
    <I18nProvider i18n={i18n}>
      <PageSpinner label={t('layout.loadingAccount')} />
    </I18nProvider>,
    errors,
  );
  if (errors.length > 0) throw new Error(errors.join('; '));
  return html;
}

/** Renders `url` (path and query) for a signed-out visitor reading `language`. */
export async function render(url: string, opts: { language: string; appSettings: AppSettings }): Promise<RenderedPage> {
  const language = isLanguage(opts.language) ? opts.language : DEFAULT_LANGUAGE;
  const path = new URL(url, 'http://localhost').pathname;
  await activateLanguage(language);
  // The screen and its texts first, as the browser loads them before it hydrates: a layout drawn
  // above the screen (the admin sign-in's panel) then has its texts in the first pass, whatever
  // the timing of the screen's own wait for them.
  await preloadServerRendered(path, language);
  const queryClient = createQueryClient();
  queryClient.setQueryData(APP_SETTINGS_QUERY_KEY, opts.appSettings);
  const errors: string[] = [];
  let html = await renderOnce(url, queryClient, errors);
  // A screen the first pass waited for (a lazy module loading, a group of texts) is written out of
  // place with an inline script that moves it; its module is loaded now, so a second pass renders
  // the page in order, without scripts.
  for (let pass = 1; pass < 3 && html.includes('<script'); pass++) html = await renderOnce(url, queryClient, errors);
  if (html.includes('<script')) errors.push(`${url} still needs an inline script after 3 passes`);
  const meta = languageMeta(language);
  return {
    html,
    title: renderedTitle(),
    lang: meta.code,
    dir: meta.dir === 'rtl' ? 'rtl' : 'ltr',
    errors,
    status: (SERVER_RENDERED_PATHS as readonly string[]).includes(path) ? 200 : 404,
  };
}
