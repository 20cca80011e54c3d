// Route-level code splitting, checked on the real build: a visitor to /login downloads little, and
// no user route pulls admin code or the spin wheel unless it shows them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueKey, DEVANAGARI_FONT_BUDGET_KB, fontKb, gzipKb, LOGIN_JS_BUDGET_KB, loginClosureKeys, readManifest, routeClosureKeys, SIGNED_IN_FILE_BUDGETS, SIGNED_IN_JS_BUDGETS_KB, signedInClosureKeys } from '../bench/route-closure.ts';
import { listLanguages } from '../web/i18n/catalogue-files.ts';
import { WEB_DIST as dist } from './harness.ts';

const languages = listLanguages();

const manifest = readManifest(dist);
const routes = Object.keys(manifest).filter((k) => k.startsWith('routes/'));
const isAdminCode = (key: string) => /^(routes\/admin|features\/admin)/.test(key) || /admin/i.test(key);
const isWheelCode = (key: string) => key.startsWith('features/spin/components/spin-wheel');

describe('bundle', () => {
  it('has a lazy chunk per route', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const r of routes) expect(manifest[r]?.isDynamicEntry, r).toBe(true);
  });

  it(`keeps the JavaScript for /login in English (texts included) under ${LOGIN_JS_BUDGET_KB} KB gzip`, () => {
    expect(gzipKb(dist, manifest, loginClosureKeys(manifest, 'en'))).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
  });

  // The code is the same in every language; only the texts differ, and Indic scripts take more
  // bytes than English for the same message. So each language gets English's budget plus the
  // difference in its first screen's texts, and no more code than English (its table of catalogue
  // chunks, a few hundred bytes, included).
  const coreTextsKb = (language: string) => gzipKb(dist, manifest, [catalogueKey(manifest, language, 'core')]);
  it.each(languages.filter((l) => l.code !== 'en').map((l) => l.code))(`keeps the JavaScript for /login in %s within the English budget plus its longer texts`, (language) => {
    const kb = gzipKb(dist, manifest, loginClosureKeys(manifest, language));
    expect(kb).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB + Math.max(0, coreTextsKb(language) - coreTextsKb('en')));
  });

  it(`ships the Devanagari font for Hindi within ${DEVANAGARI_FONT_BUDGET_KB} KB, so /login in Hindi stays within ${LOGIN_JS_BUDGET_KB + DEVANAGARI_FONT_BUDGET_KB} KB`, () => {
    const font = fontKb(dist, 'devanagari');
    expect(font).toBeLessThanOrEqual(DEVANAGARI_FONT_BUDGET_KB);
    expect(gzipKb(dist, manifest, loginClosureKeys(manifest, 'hi')) + font).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB + DEVANAGARI_FONT_BUDGET_KB);
  });

  it.each(Object.entries(SIGNED_IN_JS_BUDGETS_KB))('keeps the JavaScript for %s on a phone (texts included) within %i KB gzip', (route, budget) => {
    expect(gzipKb(dist, manifest, signedInClosureKeys(manifest, route))).toBeLessThanOrEqual(budget);
  });

  it.each(Object.entries(SIGNED_IN_FILE_BUDGETS))('has %s ask for at most %i JavaScript files before it draws', (route, budget) => {
    expect(signedInClosureKeys(manifest, route).length).toBeLessThanOrEqual(budget);
  });

  it('keeps what the signed-in screens share out of the entry pages', () => {
    const shared = Object.keys(manifest).filter((k) => /^_signed-in-/.test(k));
    expect(shared).toHaveLength(1);
    for (const page of ['routes/login.tsx', 'routes/register.tsx', 'routes/support.tsx', 'routes/privacy-policy.tsx', 'routes/terms-conditions.tsx', 'routes/admin-login.tsx', 'routes/not-found.tsx', 'routes/download.tsx']) {
      expect(routeClosureKeys(manifest, page), page).not.toContain(shared[0]);
    }
    expect(routeClosureKeys(manifest, 'routes/dashboard.tsx')).toContain(shared[0]);
  });

  it('draws the rupee sign from a face of its own, not from the 86 KB of Inter\'s latin-ext', () => {
    const css = readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.css')).map((f) => readFileSync(path.join(dist, 'assets', f), 'utf8')).join('\n');
    const faces = [...css.matchAll(/@font-face\{[^}]*\}/g)].map((m) => ({ at: m.index, rule: m[0] }));
    const rupee = faces.filter((f) => /unicode-range:U\+20B9[;}]/.test(f.rule) && f.rule.includes('Inter Variable'));
    expect(rupee).toHaveLength(1);
    // The last face declared that covers a character is the one drawn: it comes after every Inter face that covers ₹ too.
    const latinExt = faces.filter((f) => f.rule.includes('inter-latin-ext'));
    expect(latinExt.length).toBeGreaterThan(0);
    for (const face of latinExt) expect(face.at).toBeLessThan(rupee[0]!.at);
    const file = /url\(\/assets\/([^)]+\.woff2)\)/.exec(rupee[0]!.rule)![1]!;
    expect(statSync(path.join(dist, 'assets', file)).size).toBeLessThan(2048);
  });

  it('loads the menus, the drawer, the toasts\' and the Select\'s Radix code only when they are first used', () => {
    for (const lazy of ['components/layout/mobile-drawer.tsx', 'components/layout/notification-menu.tsx', 'components/ui/toast.tsx', 'components/ui/select-radix.tsx']) {
      expect(manifest[lazy]?.isDynamicEntry, lazy).toBe(true);
      for (const r of routes) expect(routeClosureKeys(manifest, r), `${r} loads ${lazy} at once`).not.toContain(lazy);
      expect(routeClosureKeys(manifest, 'components/layout/mobile-layout.tsx'), lazy).not.toContain(lazy);
    }
  });

  it('loads each language\'s texts in its own chunks, never another language\'s', () => {
    for (const { code } of languages) {
      expect(loginClosureKeys(manifest, code).filter((k) => k.includes('catalogue/') && !k.includes(`catalogue/${code}/`)), code).toEqual([]);
    }
  });

  it('loads no admin code on user routes', () => {
    for (const r of routes.filter((k) => !k.startsWith('routes/admin'))) {
      const leaked = routeClosureKeys(manifest, r).filter(isAdminCode);
      expect(leaked, `${r} pulls admin code`).toEqual([]);
    }
  });

  it('loads the wheel only on /spin, and only when it is shown', () => {
    for (const r of routes) {
      const leaked = routeClosureKeys(manifest, r).filter(isWheelCode);
      expect(leaked, `${r} pulls the wheel statically`).toEqual([]);
    }
  });
});
