// What a phone on mobile data gets. /login's bytes (CPU slowed 4x, 150 ms round trips, 1.6 Mbit/s)
// against the same build served pre-compressed by a bare static server (bench/static-baseline.ts),
// three interleaved rounds, medians; then each page of bench/lighthouse-budget.json measured by
// Lighthouse itself (12.2.3, mobile preset, simulated throttling), the median of 3 runs against the
// page's goal (95 for the entry pages, 90 signed in), with a signed-in page opened by an activated
// user with a history.
import { chromium, type Browser } from 'playwright-core';
import { startServerProcess } from '../../server/test/server-process.ts';
import { interleave, median } from '../lib/measure.ts';
import { readBudget, runLighthouse, type LighthouseScores } from '../lib/lighthouse.ts';
import { withDatabase } from '../lib/database.ts';
import { connect, rebuildCounters, seedHistory, seedSessions, seedUsers } from '../lib/seed.ts';
import { BENCH_ROOT, goal, report } from '../lib/report.ts';
import { startOurs } from '../lib/servers.ts';
import path from 'node:path';

async function firstVisit(browser: Browser, url: string): Promise<{ bytes: number }> {
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
  await context.close();
  return { bytes };
}

export async function benchWeb(): Promise<void> {
  console.log('\n# web: /login bytes on a throttled phone against the same build served pre-compressed; Lighthouse on each entry page');
  const dist = path.join(BENCH_ROOT, 'dist', 'web');
  const ours = await startOurs();
  const base = await startServerProcess({ args: ['--import', 'tsx', 'bench/static-baseline.ts'], env: { WEB_DIST: dist } });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    const r = await interleave(3, () => firstVisit(browser, ours.url), () => firstVisit(browser, base.url));
    const kb = (b: number) => b / 1024;
    await report({ name: 'web.login-bytes', value: kb(r.ours.bytes), unit: 'KB', baseline: { name: 'precompressed', value: kb(r.base.bytes), unit: 'KB' }, ratio: r.ours.bytes / r.base.bytes, ...goal(r.ours.bytes / r.base.bytes, 'atMost', 1.2) });
  } finally {
    await browser.close();
    await ours.stop();
    await base.stop();
  }
}

const ROUNDS = 3;

/** The median of each Lighthouse number over the runs. */
function medianScores(runs: LighthouseScores[]): LighthouseScores {
  const m = (k: keyof Omit<LighthouseScores, 'failing'>) => median(runs.map((r) => r[k]));
  return { performance: m('performance'), accessibility: m('accessibility'), bestPractices: m('bestPractices'), seo: m('seo'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), cls: m('cls'), failing: runs.flatMap((r) => r.failing) };
}

export async function benchLighthouse(): Promise<void> {
  console.log(`\n# web.lighthouse: Lighthouse 12.2.3 (mobile, simulated throttling), median of ${ROUNDS} runs per page, against the page's goal`);
  await withDatabase(async (url) => {
    const ours = await startOurs({ databaseUrl: url });
    const db = await connect(url);
    try {
      const [userId] = await seedUsers(db, 1, { prefix: 7, activated: true });
      await seedHistory(db, userId!, 40);
      const [token] = await seedSessions(db, [userId!]);
      await rebuildCounters(db);
      const pages = readBudget();
      const runs = new Map<string, LighthouseScores[]>(pages.map((p) => [p.path, []]));
      // Round by round over the pages, so a spell of background load touches every page alike.
      for (let round = 0; round < ROUNDS; round++) {
        for (const p of pages) runs.get(p.path)!.push(await runLighthouse(`${ours.url}${p.path}`, p.signedIn ? { token: token! } : {}));
      }
      for (const p of pages) {
        const s = medianScores(runs.get(p.path)!);
        const name = `web.lighthouse-${p.path.slice(1)}`;
        const others = p.signedIn ? '' : `, a11y ${s.accessibility} best practices ${s.bestPractices} SEO ${s.seo}`;
        await report({
          name,
          value: s.performance,
          unit: 'score',
          baseline: { name: 'goal', value: p.goal, unit: 'score' },
          ratio: s.performance / p.goal,
          target: `score >= ${p.goal}`,
          pass: s.performance >= p.goal && (p.signedIn || (s.accessibility === 100 && s.bestPractices === 100 && s.seo === 100)),
          notes: `FCP ${Math.round(s.fcp)} ms, LCP ${Math.round(s.lcp)} ms, TBT ${Math.round(s.tbt)} ms, CLS ${s.cls.toFixed(3)}${others}`,
        });
        console.log(`      ${p.path}: FCP ${Math.round(s.fcp)} ms, LCP ${Math.round(s.lcp)} ms, TBT ${Math.round(s.tbt)} ms, CLS ${s.cls.toFixed(3)}${others}`);
      }
    } finally {
      await db.end();
      await ours.stop();
    }
  });
}
