// What a phone on a slow network gets for /login: the bytes sent and the time to first paint (CPU
// slowed 4x, 150 ms round trips, 1.6 Mbit/s), against the same build served pre-compressed by a
// bare static server (bench/static-baseline.ts). Three interleaved rounds, medians.
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess } from '../../server/test/server-process.ts';
import { interleave } from '../lib/measure.ts';
import { BENCH_ROOT, goal, report } from '../lib/report.ts';
import { startOurs } from '../lib/servers.ts';
import path from 'node:path';

async function firstVisit(browser: Browser, url: string): Promise<{ bytes: number; fcp: number }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => (bytes += e.encodedDataLength));
  await page.goto(`${url}/login`, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN);
  await context.close();
  return { bytes, fcp };
}

export async function benchWeb(): Promise<void> {
  console.log('\n# web: /login on a throttled phone, against the same build served pre-compressed');
  const dist = path.join(BENCH_ROOT, 'dist', 'web');
  const ours = await startOurs();
  const base = await startServerProcess({ args: ['--import', 'tsx', 'bench/static-baseline.ts'], env: { WEB_DIST: dist } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const r = await interleave(3, () => firstVisit(browser, ours.url), () => firstVisit(browser, base.url));
    const kb = (b: number) => b / 1024;
    await report({ name: 'web.login-bytes', value: kb(r.ours.bytes), unit: 'KB', baseline: { name: 'precompressed', value: kb(r.base.bytes), unit: 'KB' }, ratio: r.ours.bytes / r.base.bytes, ...goal(r.ours.bytes / r.base.bytes, 'atMost', 1.2) });
    await report({ name: 'web.login-first-paint', value: r.ours.fcp, unit: 'ms', baseline: { name: 'precompressed', value: r.base.fcp, unit: 'ms' }, ratio: r.ours.fcp / r.base.fcp, ...goal(r.ours.fcp / r.base.fcp, 'atMost', 1.2) });
  } finally {
    await browser.close();
    await ours.stop();
    await base.stop();
  }
}
