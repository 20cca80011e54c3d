// Every public route renders (and unknown paths show the 404) in both viewports, with no serious
// axe violations in normal and high-contrast mode.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAME, WEB_DIST, expectNoSeriousA11yViolations, screenshot, startE2E, waitForHeading, type E2E, type ViewportName } from './harness.ts';
import { LOGIN_JS_BUDGET_KB } from '../bench/route-closure.ts';

const LOGIN_JS_BUDGET_GZIP = LOGIN_JS_BUDGET_KB * 1024;

const PUBLIC_ROUTES: { path: string; heading: string | RegExp; shot: string; title: string }[] = [
  { path: '/login', heading: 'Welcome back', shot: 'login', title: 'Login' },
  { path: '/register', heading: 'Create your account', shot: 'register', title: 'Register' },
  { path: '/register?ref=ABC123', heading: 'Create your account', shot: 'register-ref', title: 'Register' },
  { path: '/support', heading: 'Contact Support', shot: 'support', title: 'Support' },
  { path: '/privacy-policy', heading: 'Privacy Policy', shot: 'privacy-policy', title: 'Privacy Policy' },
  { path: '/terms-conditions', heading: 'Terms & Conditions', shot: 'terms-conditions', title: 'Terms & Conditions' },
  { path: '/no-such-page', heading: '404 Page Not Found', shot: 'not-found', title: '404 Page Not Found' },
  { path: '/wallet', heading: 'Welcome back', shot: 'guard-login', title: 'Login' },
];

describe('public pages', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e?.close();
  });

  for (const viewport of ['desktop', 'mobile'] as ViewportName[]) {
    it(`renders every public route on ${viewport}, axe-clean in normal and high contrast`, async () => {
      const { page } = await e.newPage(viewport);
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(String(err)));
      for (const r of PUBLIC_ROUTES) {
        await page.goto(`${e.baseUrl}${r.path}`);
        await waitForHeading(page, r.heading);
        await expect.poll(() => page.title()).toBe(`${r.title} · ${APP_NAME}`);
        if (r.path.startsWith('/register?ref=')) {
          await expect(page.getByLabel('Referral Code').inputValue()).resolves.toBe('ABC123');
        }
        await screenshot(page, `${r.shot}-${viewport}`);
        await expectNoSeriousA11yViolations(page, `${r.path} (${viewport})`);
      }
      await page.evaluate(() => localStorage.setItem('accessibility-high-contrast', 'true'));
      for (const r of PUBLIC_ROUTES) {
        await page.goto(`${e.baseUrl}${r.path}`);
        await waitForHeading(page, r.heading);
        expect(await page.evaluate(() => document.documentElement.classList.contains('high-contrast'))).toBe(true);
        if (r.shot === 'login' || r.shot === 'support') await screenshot(page, `${r.shot}-${viewport}-hc`);
        await expectNoSeriousA11yViolations(page, `${r.path} (${viewport}, high contrast)`);
      }
      expect(errors).toEqual([]);
    });
  }

  it(`keeps the JavaScript needed for /login under ${LOGIN_JS_BUDGET_GZIP / 1024} KB gzip`, async () => {
    const { page } = await e.newPage('mobile');
    const scripts = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/')) scripts.add(url.pathname);
    });
    await page.goto(`${e.baseUrl}/login`);
    await waitForHeading(page, 'Welcome back');
    await page.waitForLoadState('networkidle');
    let total = 0;
    for (const p of scripts) total += gzipSync(readFileSync(path.join(WEB_DIST, p))).length;
    console.log(`/login loads ${scripts.size} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThan(LOGIN_JS_BUDGET_GZIP);
  });
});
