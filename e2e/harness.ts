// Browser journey harness: a real server (PGlite) serving dist/web, Chromium via playwright-core,
// the two viewports (desktop 1280x800, phone 390x844), an axe check (no serious/critical WCAG 2 A/AA
// violations) and screenshots into e2e/screenshots/ (gitignored).
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../server/test/harness.ts';
import { CATALOGUE_GROUPS, readCatalogue } from '../web/i18n/catalogue-files.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '..');
/** The build under test: dist/web, or E2E_WEB_DIST (a private build folder, so a rebuild elsewhere cannot swap the chunks). */
export const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(REPO_ROOT, 'dist', 'web');
export const SCREENSHOT_DIR = path.join(here, 'screenshots');
/** The product name the build was made with (vite.config.ts: APP_NAME, default 'Referral Hub'); page titles end with it. */
export const APP_NAME = process.env.APP_NAME ?? 'Referral Hub';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface E2E {
  server: TestServer;
  browser: Browser;
  /** Origin the browser uses (localhost, so WebAuthn and secure-context APIs work). */
  baseUrl: string;
  /** Service workers are blocked unless `serviceWorkers: 'allow'` (only the service-worker journey needs one). */
  newPage(viewport?: ViewportName, opts?: { serviceWorkers?: 'allow' | 'block'; locale?: string }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * `webDist`: serve a snapshot of the build instead (a rebuild during a run then cannot swap the
 * chunks); `env`: the server's environment on top of the test defaults (e.g. a payment gateway).
 */
export async function startE2E(opts: { webDist?: string; env?: Record<string, string> } = {}): Promise<E2E> {
  const webDist = opts.webDist ?? WEB_DIST;
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} has no index.html: run \`npm run build:web\` first (npm run test:e2e does it), or point E2E_WEB_DIST at a build`);
  }
  const server = await startTestServer({ webDist, ...(opts.env ? { env: opts.env } : {}) });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const baseUrl = server.origin;
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    baseUrl,
    async newPage(viewport = 'desktop', opts = {}) {
      const context = await browser.newContext({
        viewport: VIEWPORTS[viewport],
        baseURL: baseUrl,
        isMobile: viewport === 'mobile',
        hasTouch: viewport === 'mobile',
        deviceScaleFactor: 1,
        // The browser's language: the app's first choice of language follows it.
        locale: opts.locale ?? 'en-IN',
        timezoneId: 'Asia/Kolkata',
        serviceWorkers: opts.serviceWorkers ?? 'block',
      });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on('pageerror', (err) => console.log('PAGEERROR', page.url(), err.message, err.stack?.slice(0, 600)));
      return { context, page };
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await server.close();
    },
  };
}

/** Runs axe (WCAG 2 A + AA) and throws listing every serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length > 0) {
    const text = bad.map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('\n    ')}`).join('\n');
    throw new Error(`axe found ${bad.length} serious/critical violation(s) on ${label}:\n${text}`);
  }
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Waits until the route's lazy chunk has rendered its main heading; on timeout says what the page showed instead. */
export async function waitForHeading(page: Page, name: string | RegExp): Promise<void> {
  try {
    await page.getByRole('heading', { name, level: 1 }).first().waitFor({ state: 'attached' });
  } catch (err) {
    const body = await page.locator('body').innerText().catch(() => '');
    throw new Error(`heading ${String(name)} not shown at ${page.url()}; page text: ${body.slice(0, 400)}`, { cause: err });
  }
}

/** Starts from clean storage holding a session token (plus any `extra` keys, e.g. accessibility settings), so the next navigation is signed in. */
export async function signInWithToken(page: Page, baseUrl: string, token: string, extra: Record<string, string> = {}): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(
    ([t, kv]) => {
      localStorage.clear();
      localStorage.setItem('token', t);
      for (const [k, v] of Object.entries(kv)) localStorage.setItem(k, v);
    },
    [token, extra] as const,
  );
}

/**
 * Waits until every finite CSS animation and transition has finished (a dialog or drawer fully open,
 * a toast slid in), so screenshots and axe see the settled UI. Endless ones (spinners) are ignored.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
}

/** Waits for a toast with this exact title or description text. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/**
 * Closes the open dialog with the Escape key and waits until it is gone (while a modal dialog is
 * open, the page behind it is hidden from the accessibility tree). On a busy machine a key
 * pressed as the dialog mounts can arrive before its listener: then it is pressed once more.
 */
export async function closeDialogWithEscape(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await page.keyboard.press('Escape');
  try {
    await dialog.waitFor({ state: 'hidden', timeout: 3_000 });
  } catch {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  }
}

/**
 * Visible buttons, button-like links, headings and tabs whose text does not fit: scrolled inside
 * the control, cut with an ellipsis, or past the right edge of the window. Empty when all fit.
 */
export async function overflowingControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('button, [role="button"], a[class*="inline-flex"], h1, h2, h3, [role="tab"]'))) {
      const box = el.getBoundingClientRect();
      // Skip what is not drawn (hidden, or visually hidden for screen readers: 1 px boxes).
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName} "${el.innerText.trim().slice(0, 40)}" ${el.scrollWidth}>${el.clientWidth}`);
      if (box.right > window.innerWidth + 1) out.push(`${el.tagName} "${el.innerText.trim().slice(0, 40)}" past the right edge`);
    }
    return out;
  });
}

/** A language's text of a key with its {placeholders} filled in, as a journey finds it on screen. */
export function catalogueText(code: string): (key: string, values?: Record<string, string>) => string {
  const texts = readCatalogue(code);
  return (key, values = {}) => {
    const text = texts[key];
    if (text === undefined) throw new Error(`no ${code} text for ${key}`);
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  };
}

/** A message key shown in place of its text, from any catalogue file. */
export const RAW_KEY = new RegExp(`\\b(${Object.values(CATALOGUE_GROUPS).flat().join('|')})\\.[a-z][A-Za-z0-9]*\\.[A-Za-z0-9.]+`);

/**
 * A screen in a translated language: <html lang> and dir its own, no key shown instead of a text,
 * its script on screen, no button or heading overflowing, the script drawn by the font we ship for
 * it (downloaded because its text is on screen), a screenshot, axe clean.
 */
export async function expectTranslatedScreen(
  page: Page,
  o: { code: string; dir: 'ltr' | 'rtl'; script: RegExp; font: string; label: string; screenshotName: string },
): Promise<void> {
  await waitForAnimations(page);
  expect(await page.evaluate(() => document.documentElement.lang), o.label).toBe(o.code);
  expect(await page.evaluate(() => document.documentElement.dir), o.label).toBe(o.dir);
  const text = await page.locator('body').innerText();
  expect(text.match(RAW_KEY)?.[0] ?? null, `${o.label}: a key shown instead of its text`).toBeNull();
  expect(text, `${o.label}: the script is not on screen`).toMatch(o.script);
  expect(await overflowingControls(page), `${o.label}: overflowing buttons or headings`).toEqual([]);
  await page.evaluate(() => document.fonts.ready);
  const loaded = await page.evaluate((family) => [...document.fonts].some((f) => f.family.replace(/"/g, '') === family && f.status === 'loaded'), o.font);
  expect(loaded, `${o.label}: ${o.font} drawn`).toBe(true);
  await screenshot(page, o.screenshotName);
  await expectNoSeriousA11yViolations(page, o.label);
}
