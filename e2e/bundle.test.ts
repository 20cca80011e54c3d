// Route-level code splitting, checked on the real build: a visitor to /login downloads little, and
// no user route pulls admin code or the spin wheel unless it shows them.
import { describe, expect, it } from 'vitest';
import { DEVANAGARI_FONT_BUDGET_KB, fontKb, gzipKb, LOGIN_JS_BUDGET_KB, loginClosureKeys, readManifest, routeClosureKeys } from '../bench/route-closure.ts';
import { WEB_DIST as dist } from './harness.ts';

const manifest = readManifest(dist);
const routes = Object.keys(manifest).filter((k) => k.startsWith('routes/'));
const isAdminCode = (key: string) => /^(routes\/admin|features\/admin)/.test(key) || /admin/i.test(key);
const isWheelCode = (key: string) => key.startsWith('features/spin/components/spin-wheel');

describe('bundle', () => {
  it('has a lazy chunk per route', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const r of routes) expect(manifest[r]?.isDynamicEntry, r).toBe(true);
  });

  it.each(['en', 'hi'])(`keeps the JavaScript for /login in %s (texts included) under ${LOGIN_JS_BUDGET_KB} KB gzip`, (language) => {
    const kb = gzipKb(dist, manifest, loginClosureKeys(manifest, language));
    expect(kb).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
  });

  it(`ships the Devanagari font for Hindi within ${DEVANAGARI_FONT_BUDGET_KB} KB, so /login in Hindi stays within ${LOGIN_JS_BUDGET_KB + DEVANAGARI_FONT_BUDGET_KB} KB`, () => {
    const font = fontKb(dist, 'devanagari');
    expect(font).toBeLessThanOrEqual(DEVANAGARI_FONT_BUDGET_KB);
    expect(gzipKb(dist, manifest, loginClosureKeys(manifest, 'hi')) + font).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB + DEVANAGARI_FONT_BUDGET_KB);
  });

  it('loads each language\'s texts in its own chunks, never another language\'s', () => {
    for (const language of ['en', 'hi']) {
      const other = language === 'en' ? 'hi' : 'en';
      expect(loginClosureKeys(manifest, language).filter((k) => k.includes(`catalogue/${other}/`))).toEqual([]);
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
