// The first screen on a phone (issue 27): the entry pages arrive as HTML with their text, in the
// reader's language and with the operator's current settings, carry no inline script, and are
// hydrated in place (the server's elements kept, the form working after); a signed-out page loads
// no signed-in code, and a signed-in screen's modules come preloaded with the app; robots.txt and
// sitemap.xml are text a crawler reads.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivatedUser, createAdmin } from '../server/test/fixtures.ts';
import { readManifest, routeClosureKeys, type Manifest } from '../bench/route-closure.ts';
import { APP_NAME, WEB_DIST, catalogueText, signInWithToken, startE2E, waitForHeading, type E2E } from './harness.ts';

/** The markup inside #root (the last element of the body). */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">') + '<div id="root">'.length;
  return html.slice(start, html.lastIndexOf('</div>', html.indexOf('</body>')));
}

const PAGES = [
  { path: '/login', heading: 'Welcome back', title: 'Login' },
  { path: '/register', heading: 'Create your account', title: 'Register' },
  { path: '/support', heading: 'Contact Support', title: 'Support' },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: 'Privacy Policy' },
  { path: '/terms-conditions', heading: 'Terms &amp; Conditions', title: 'Terms &amp; Conditions' },
  { path: '/admin-login', heading: 'Admin Security Center', title: 'Admin Security Center' },
];

/** A page's size as sent with brotli (fetch would hand back the decoded body). */
function compressedSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

/** The screens only a signed-in person sees, and the shell around them. */
const SIGNED_IN_SOURCES = [
  'routes/dashboard.tsx', 'routes/wallet.tsx', 'routes/referrals.tsx', 'routes/spin.tsx', 'routes/payments.tsx', 'routes/transactions.tsx',
  'routes/profile.tsx', 'routes/manual-payment.tsx', 'routes/upi-payment.tsx', 'routes/admin.tsx',
  'components/layout/desktop-layout.tsx', 'components/layout/mobile-layout.tsx',
];
const PUBLIC_SOURCES = ['routes/login.tsx', 'routes/register.tsx', 'routes/support.tsx', 'routes/privacy-policy.tsx', 'routes/terms-conditions.tsx', 'routes/admin-login.tsx', 'routes/not-found.tsx'];

/** Files of the build only signed-in screens load (in no public page's closure). */
function signedInOnlyFiles(manifest: Manifest): Set<string> {
  const publicFiles = new Set(PUBLIC_SOURCES.flatMap((k) => routeClosureKeys(manifest, k)).map((k) => manifest[k]!.file));
  const files = SIGNED_IN_SOURCES.flatMap((k) => {
    expect(manifest[k], `${k} in the build's manifest`).toBeDefined();
    return routeClosureKeys(manifest, k);
  }).map((k) => manifest[k]!.file);
  return new Set(files.filter((f) => !publicFiles.has(f)));
}

/**
 * robots.txt as a strict reader takes it (RFC 9309 and Lighthouse's robots-txt audit): every line a
 * comment, blank or `field: value`; known fields; rules only after a user-agent; paths start with
 * / or *; the sitemap an absolute URL. Returns the problems found.
 */
function robotsProblems(text: string): string[] {
  const problems: string[] = [];
  let inGroup = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) return;
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) return void problems.push(`line ${i + 1}: not "field: value"`);
    const field = m[1]!.toLowerCase();
    const value = m[2]!;
    if (field === 'user-agent') {
      if (!value) problems.push(`line ${i + 1}: empty user-agent`);
      inGroup = true;
    } else if (field === 'allow' || field === 'disallow') {
      if (!inGroup) problems.push(`line ${i + 1}: ${field} before any user-agent`);
      if (value && !/^[/*]/.test(value)) problems.push(`line ${i + 1}: pattern must start with / or *`);
    } else if (field === 'sitemap') {
      if (!/^https?:\/\/[^\s]+$/.test(value)) problems.push(`line ${i + 1}: sitemap must be an absolute URL`);
    } else if (field !== 'crawl-delay') {
      problems.push(`line ${i + 1}: unknown directive ${field}`);
    }
  });
  return problems;
}

describe('the first screen', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e?.close();
  });

  it('sends each entry page as HTML with its text and title and no inline script, and an unknown path as the 404 page', async () => {
    for (const p of PAGES) {
      const res = await fetch(`${e.baseUrl}${p.path}`);
      expect(res.status, p.path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html, p.path).toContain('<html lang="en" dir="ltr"');
      expect(html, p.path).toContain(`<title>${p.title} · ${APP_NAME}</title>`);
      expect(html, p.path).toContain(p.heading);
      // Every text drawn, none as its key (a layout above the screen waits for the screen's texts too).
      expect(html.match(/>[^<]*\b(adminSecurity|auth|common|layout|support|legal|consent)\.[a-z][A-Za-z0-9]*\.[A-Za-z0-9.]+/)?.[0] ?? null, p.path).toBeNull();
      // Only the app's module scripts and the data beside the page (the CSP forbids inline code).
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, p.path).toMatch(/type="module"[^>]* src="\/assets\/|type="application\/json" id="ssr-state"/);
      // No stylesheet to wait for before the first paint: the page's own CSS is inlined, the whole
      // stylesheet comes last in the body.
      expect(html.slice(0, html.indexOf('</head>')), p.path).not.toMatch(/<link rel="stylesheet"/);
      expect(html, p.path).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css"><\/body>/);
      // Brotli-compressed, the page fits TCP's first round trip (ten packets, about 14 KB).
      expect(await compressedSize(`${e.baseUrl}${p.path}`), `${p.path}: bytes over the wire`).toBeLessThan(14_000);
    }
    const missing = await fetch(`${e.baseUrl}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('404 Page Not Found');
    // A referral link's code is in the form as sent.
    expect(await (await fetch(`${e.baseUrl}/register?ref=ABC123`)).text()).toContain('value="ABC123"');
    // Each form waits for the app: nothing typed is lost and the browser never sends it itself.
    for (const path of ['/login', '/register', '/admin-login']) {
      expect(await (await fetch(`${e.baseUrl}${path}`)).text(), path).toContain('<fieldset disabled="" class="contents">');
    }
  });

  it('renders in the reader\'s language, follows their choice over the browser\'s, and leaves signed-in readers and screens to the browser', async () => {
    const hindi = await (await fetch(`${e.baseUrl}/support`, { headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' } })).text();
    expect(hindi).toContain('<html lang="hi" dir="ltr"');
    expect(hindi).toContain('सहायता');
    const chosen = await (await fetch(`${e.baseUrl}/support`, { headers: { 'accept-language': 'hi-IN', cookie: 'rh_lang=en' } })).text();
    expect(chosen).toContain('<html lang="en"');
    for (const [path, headers] of [['/login', { cookie: 'rh_signed_in=1' }], ['/dashboard', {}], ['/admin/users', {}]] as const) {
      const html = await (await fetch(`${e.baseUrl}${path}`, { headers })).text();
      // The app's page: nothing to hydrate, at most a signed-in screen's loading state.
      expect(html, path).not.toContain('id="ssr-state"');
      expect(rootOf(html), path).toMatch(path === '/login' ? /^$/ : /^<div [^>]*><span role="status"/);
    }
  });

  it('sends a signed-in screen as the app with its own modules and the rupee sign\'s face preloaded: the phone layout to a phone, the desktop one to a desktop', async () => {
    const manifest = readManifest(WEB_DIST);
    const file = (key: string) => `/${manifest[key]!.file}`;
    const phone = await (await fetch(`${e.baseUrl}/wallet`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Mobile Safari/537.36' } })).text();
    // The screen's loading state comes inside the page, in the reader's language, and no inline script.
    expect(rootOf(phone)).toMatch(/^<div [^>]*><span role="status"[^>]*><svg [^>]*aria-hidden="true"[^>]*>.*<\/svg><span class="sr-only">Loading your account<\/span><\/span><\/div>$/s);
    expect(phone).toMatch(/<html lang="en" dir="ltr"/);
    const urdu = await (await fetch(`${e.baseUrl}/wallet`, { headers: { cookie: 'rh_lang=ur' } })).text();
    expect(urdu).toMatch(/<html lang="ur" dir="rtl"/);
    expect(rootOf(urdu)).toContain(`<span class="sr-only">${catalogueText('ur')('layout.loadingAccount')}</span>`);
    for (const html of [phone, urdu]) for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/type="module"[^>]* src="\/assets\//);
    // No first paint waits for a module: every one is fetched at low priority, after the stylesheet and the font.
    for (const tag of phone.match(/<script\b[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? []) expect(tag).toContain('fetchpriority="low"');
    for (const key of ['routes/wallet.tsx', 'components/layout/mobile-layout.tsx']) expect(phone, key).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${file(key)}">`);
    expect(phone).not.toContain(file('components/layout/desktop-layout.tsx'));
    // The rupee sign's face comes with the page, so the screen's first layout of an amount finds it.
    expect(phone).toMatch(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/inter-rupee-sign-[\w-]+\.woff2">/);
    // The tab's icon is a bitmap: an SVG image is a document the page's own thread builds.
    expect(phone).toContain('<link rel="icon" type="image/png" sizes="48x48" href="/favicon-48.png" />');
    const icon = await fetch(`${e.baseUrl}/favicon-48.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');
    const desktop = await (await fetch(`${e.baseUrl}/dashboard`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0' } })).text();
    for (const key of ['routes/dashboard.tsx', 'components/layout/desktop-layout.tsx']) expect(desktop, key).toContain(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${file(key)}">`);
    expect(desktop).not.toContain(file('components/layout/mobile-layout.tsx'));
  });

  it('draws a signed-in screen\'s loading state before the app\'s code arrives, and the screen in its place after, with its shell', async () => {
    const admin = await createAdmin(e.server);
    const user = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    const { page, context } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, user.token);
    await context.route('**/*.js', (route) => route.abort());
    await page.goto(`${e.baseUrl}/wallet`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading your account' }).isVisible()).toBe(true);
    await context.unroute('**/*.js');
    // Which batch of DOM changes first held the phone's shell (its header) and the screen: the
    // same one when nothing suspended between them (a suspense would commit a fallback first, and
    // React would hold the screen back for its fallback throttle).
    await page.addInitScript(() => {
      const seen: { batch: number; header?: number; screen?: number } = { batch: 0 };
      (window as unknown as { __firstDrawn: typeof seen }).__firstDrawn = seen;
      new MutationObserver(() => {
        seen.batch += 1;
        if (seen.header === undefined && document.querySelector('#root header')) seen.header = seen.batch;
        if (seen.screen === undefined && [...document.querySelectorAll('#root h1')].some((h) => h.textContent === 'Wallet')) seen.screen = seen.batch;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    expect(await page.getByRole('status').filter({ hasText: 'Loading your account' }).count()).toBe(0);
    const drawn = await page.evaluate(() => (window as unknown as { __firstDrawn: { header?: number; screen?: number } }).__firstDrawn);
    expect(drawn.header, 'the shell and the screen arrive together').toBeDefined();
    expect(drawn.screen).toBe(drawn.header);
    await context.close();
  });

  it('draws the wallet\'s records after its top, and keeps the screen when their code cannot be fetched', async () => {
    const admin = await createAdmin(e.server);
    const user = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    const records = `/${readManifest(WEB_DIST)['features/wallet/components/wallet-records.tsx']!.file}`;
    const { page, context } = await e.newPage('mobile');
    await signInWithToken(page, e.baseUrl, user.token);
    // Not among the page's own preloads: fetched once the top has painted.
    const html = await (await fetch(`${e.baseUrl}/wallet`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Mobile Safari/537.36' } })).text();
    expect(html).not.toContain(records);
    await page.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(page, 'Wallet');
    await expect.poll(() => page.getByRole('heading', { name: 'Transaction History' }).count()).toBe(1);
    // Offline for that one file: the balance and the withdraw form stay, with what was typed.
    await context.route(`**${records}`, (route) => route.abort('internetdisconnected'));
    const second = await context.newPage();
    await second.goto(`${e.baseUrl}/wallet`);
    await waitForHeading(second, 'Wallet');
    await second.getByLabel('Account Holder Name').fill('Asha Verma');
    await second.waitForTimeout(500);
    expect(await second.getByRole('heading', { name: 'Transaction History' }).count()).toBe(0);
    expect(await second.getByText('Something went wrong').count()).toBe(0);
    expect(await second.getByLabel('Account Holder Name').inputValue()).toBe('Asha Verma');
    await context.close();
  });

  it('fetches the wallet\'s month list only when someone reaches for it, by keyboard or by a press, and it works as before', async () => {
    const admin = await createAdmin(e.server);
    const user = await createActivatedUser(e.server, admin.token, admin.user.referralCode);
    const radix = new RegExp(`/${readManifest(WEB_DIST)['components/ui/select-radix.tsx']!.file}$`);
    for (const how of ['keyboard', 'press'] as const) {
      const { page, context } = await e.newPage('mobile');
      await signInWithToken(page, e.baseUrl, user.token);
      const fetched: string[] = [];
      page.on('request', (r) => void fetched.push(new URL(r.url()).pathname));
      await page.goto(`${e.baseUrl}/wallet`);
      await waitForHeading(page, 'Wallet');
      const month = page.getByRole('combobox', { name: 'Month' });
      await month.scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(() => document.fonts.status)).toBe('loaded');
      expect(fetched.filter((p) => radix.test(p)), 'loaded before anyone reached for it').toEqual([]);
      const current = await month.textContent();
      if (how === 'keyboard') {
        await month.focus();
        // Radix takes the trigger's place, with the focus.
        await expect.poll(() => fetched.some((p) => radix.test(p))).toBe(true);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
        await page.keyboard.press('ArrowDown');
      } else {
        await month.click();
      }
      const list = page.getByRole('listbox');
      await list.waitFor();
      const options = list.getByRole('option');
      expect(await options.count()).toBe(12);
      await options.nth(1).click();
      await expect.poll(() => month.textContent()).not.toBe(current);
      await context.close();
    }
  });

  it('shows the operator\'s settings as they are now: a changed support phone is on the next load', async () => {
    const admin = await createAdmin(e.server);
    const set = async (supportPhone: string) => expect((await e.server.api('PUT', '/api/admin/settings', { token: admin.token, body: { supportPhone } })).status).toBe(200);
    await set('+91 90000 11111');
    expect(await (await fetch(`${e.baseUrl}/support`)).text()).toContain('+91 90000 11111');
    await set('+91 90000 22222');
    const html = await (await fetch(`${e.baseUrl}/support`)).text();
    expect(html).toContain('+91 90000 22222');
    expect(html).not.toContain('+91 90000 11111');
    await set('');
  });

  it('inlines only the CSS a page needs, and lays it out as the whole stylesheet does, in English and Urdu, on a phone and a desktop', async () => {
    /** Every element's box and the styles that draw it, as the server's HTML alone (no app code) shows it. */
    const drawn = async (viewport: 'mobile' | 'desktop', locale: string, path: string, wholeStylesheet: boolean) => {
      const { page, context } = await e.newPage(viewport, { locale });
      await context.route('**/*.js', (route) => route.abort());
      // Without the stylesheet at the end of the body: the first paint, before it arrives.
      if (!wholeStylesheet) await context.route('**/*.css', (route) => route.abort());
      await page.goto(`${e.baseUrl}${path}`);
      await page.evaluate(() => document.fonts.ready);
      const sizes = await page.evaluate(async () => {
        const href = document.querySelector<HTMLLinkElement>('body link[rel="stylesheet"]')?.href;
        return { inlined: document.querySelector('head style')?.textContent?.length ?? 0, href: href ?? null, inHead: document.querySelectorAll('head link[rel="stylesheet"]').length };
      });
      const boxes = await page.evaluate(() =>
        Array.from(document.body.querySelectorAll('*')).map((el) => {
          const r = el.getBoundingClientRect();
          const st = getComputedStyle(el);
          return [el.tagName, Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height), st.color, st.backgroundColor, st.fontFamily, st.fontSize, st.fontWeight, st.borderTopWidth, st.borderRadius, st.boxShadow, st.display].join(' ');
        }),
      );
      await context.close();
      return { sizes, boxes };
    };
    for (const [viewport, locale] of [['mobile', 'en-IN'], ['desktop', 'en-IN'], ['mobile', 'ur-IN']] as const) {
      for (const { path } of PAGES) {
        const whole = await drawn(viewport, locale, path, true);
        const first = await drawn(viewport, locale, path, false);
        const label = `${path} at ${viewport} in ${locale}`;
        expect(whole.sizes.inHead, `${label}: no stylesheet holds up the first paint`).toBe(0);
        expect(whole.sizes.href, `${label}: the whole stylesheet follows at the end of the body`).not.toBeNull();
        const cssBytes = (await (await fetch(whole.sizes.href!)).text()).length;
        expect(whole.sizes.inlined, `${label}: a part of it inlined`).toBeLessThan(cssBytes * 0.6);
        expect(first.boxes, `${label}: laid out and drawn the same before the whole stylesheet arrives`).toEqual(whole.boxes);
      }
    }
  });

  it('hydrates each page in place, in English and Hindi, and the form works after', async () => {
    for (const locale of ['en-IN', 'hi-IN']) {
      const { page, context } = await e.newPage('mobile', { locale });
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(String(err)));
      page.on('console', (m) => {
        if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
      });
      await page.addInitScript(() => {
        const removed: string[] = [];
        (window as unknown as { removedElements: string[] }).removedElements = removed;
        new MutationObserver((records) => {
          for (const r of records) for (const n of r.removedNodes) if (n instanceof Element && n.closest('head') === null && r.target !== document.head) removed.push(n.outerHTML.slice(0, 80));
        }).observe(document, { subtree: true, childList: true });
      });
      for (const p of [...PAGES, { path: '/no-such-page' }]) {
        await page.goto(`${e.baseUrl}${p.path}`, { waitUntil: 'networkidle' });
        const removed = await page.evaluate(() => (window as unknown as { removedElements: string[] }).removedElements.filter((h) => !h.startsWith('<title')));
        expect(removed, `${locale} ${p.path}: elements the browser threw away`).toEqual([]);
      }
      await page.goto(`${e.baseUrl}/login`, { waitUntil: 'networkidle' });
      expect(await page.locator('form fieldset').evaluate((f) => (f as HTMLFieldSetElement).disabled), 'the form is live once the app has it').toBe(false);
      await page.locator('form button[type="submit"]').click();
      await page.getByText(locale === 'en-IN' ? 'Enter your mobile number' : 'अपना मोबाइल नंबर डालें', { exact: true }).first().waitFor();
      expect(errors, locale).toEqual([]);
      await context.close();
    }
  });

  it('loads no signed-in code on a signed-out page', async () => {
    const signedInOnly = signedInOnlyFiles(readManifest(WEB_DIST));
    expect(signedInOnly.size).toBeGreaterThan(5);
    const { page, context } = await e.newPage('mobile');
    const loaded: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname.slice(1);
      if (p.endsWith('.js')) loaded.push(p);
    });
    for (const p of [...PAGES, { path: '/no-such-page' }]) {
      loaded.length = 0;
      await page.goto(`${e.baseUrl}${p.path}`, { waitUntil: 'networkidle' });
      expect(loaded.length, p.path).toBeGreaterThan(0);
      expect(loaded.filter((f) => signedInOnly.has(f)), `${p.path} loaded signed-in code`).toEqual([]);
    }
    await context.close();
  });

  it('answers robots.txt and sitemap.xml as text a crawler reads, naming the public pages at the site\'s address', async () => {
    const robots = await fetch(`${e.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await robots.text();
    expect(robotsProblems(text)).toEqual([]);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(text)?.[1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    const sitemap = await fetch(`${e.baseUrl}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(['/login', '/register', '/support', '/privacy-policy', '/terms-conditions']);
  });
});
