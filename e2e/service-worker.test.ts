// The service worker on the real build: it never answers or stores /api (money data is always live),
// navigation is network-first (a new deploy's index.html wins over the cached shell), and the cached
// shell still opens the app offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, waitForHeading, type E2E } from './harness.ts';

describe('service worker', () => {
  let e: E2E;
  beforeAll(async () => {
    e = await startE2E();
  });
  afterAll(async () => {
    await e?.close();
  });

  it('leaves /api alone, prefers the network for pages and falls back to the shell offline', async () => {
    const { context, page } = await e.newPage('mobile', { serviceWorkers: 'allow' });
    await page.goto(`${e.baseUrl}/login`);
    await waitForHeading(page, 'Welcome back');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // A page loaded before the worker took over is not controlled: reload under it.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await waitForHeading(page, 'Welcome back');

    // /api: fetched straight from the network, and nothing under /api lands in any cache.
    const apiResponse = page.waitForResponse((r) => r.url().endsWith('/api/app-settings'));
    await page.evaluate(() => fetch('/api/app-settings').then((r) => r.status));
    expect((await apiResponse).fromServiceWorker()).toBe(false);
    const cached = await page.evaluate(async () => {
      const paths: string[] = [];
      for (const name of await caches.keys()) {
        for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
      }
      return paths;
    });
    expect(cached).toContain('/');
    expect(cached.filter((p) => p === '/api' || p.startsWith('/api/'))).toEqual([]);

    // Network-first: a stale shell in the cache does not win while the server answers.
    await page.evaluate(async () => {
      for (const name of await caches.keys()) {
        await (await caches.open(name)).put('/', new Response('<!doctype html><title>stale</title><h1>Stale shell</h1>', { headers: { 'content-type': 'text/html' } }));
      }
    });
    await page.goto(`${e.baseUrl}/support`);
    await waitForHeading(page, 'Contact Support');

    // That visit refreshed the cached shell, so offline the app still starts (on a screen whose
    // chunk was cached on an earlier visit: only assets that were fetched are kept).
    await context.setOffline(true);
    await page.goto(`${e.baseUrl}/login`);
    await waitForHeading(page, 'Welcome back');
    await context.setOffline(false);
  });
});
