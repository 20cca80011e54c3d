// Lighthouse itself (12.2.3, pinned for Node 20), as `lighthouse <url>` runs it: the mobile preset
// with simulated throttling (a mid-range phone, CPU slowed 4x, slow 4G), on the Chromium the tests
// use. A signed-in page gets its session the way the app keeps it (the token in localStorage), set
// in the browser's own profile before Lighthouse opens the page, with storage reset turned off.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export interface LighthouseScores {
  /** Category scores, 0-100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds (simulated). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Audits that cost points outside performance, for a readable failure. */
  failing: string[];
}

const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** The session key the web app reads (web/lib/api-client.ts). */
const TOKEN_KEY = 'token';

/**
 * One Lighthouse run on `url`. A run Lighthouse itself reports as broken (a trace it could not
 * record, NO_NAVSTART and the like, seen on a busy machine) is made again, twice at most.
 */
export async function runLighthouse(url: string, opts: LighthouseOptions = {}): Promise<LighthouseScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, opts);
    } catch (err) {
      if (!(err instanceof LighthouseRuntimeError) || attempt >= 3) throw err;
    }
  }
}

class LighthouseRuntimeError extends Error {}

/** A session token (a signed-in page), and the reader's language as the app keeps it (device and cookie). */
export interface LighthouseOptions {
  token?: string;
  language?: string;
}

async function runOnce(url: string, opts: LighthouseOptions): Promise<LighthouseScores> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const storage: [string, string][] = [];
    if (opts.token) storage.push([TOKEN_KEY, opts.token]);
    if (opts.language) {
      storage.push(['language', opts.language]);
      await context.addCookies([{ name: 'rh_lang', value: opts.language, url: new URL('/', url).href }]);
    }
    if (storage.length > 0) {
      const page = await context.newPage();
      // The app's robots.txt is a text file at the same origin: a page to set storage from that runs no app code.
      await page.goto(new URL('/robots.txt', url).href);
      await page.evaluate((pairs) => {
        for (const [key, value] of pairs) localStorage.setItem(key, value);
      }, storage);
      await page.close();
    }
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: Boolean(opts.token || opts.language),
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new LighthouseRuntimeError(`lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
    const failing: string[] = [];
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) failing.push(`${id}: ${ref.id} (${audit.title})`);
      }
    }
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      failing,
    };
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

export interface BudgetPage {
  path: string;
  /** The performance score the benchmark holds (median of 3). */
  goal: number;
  /** The least a single run in CI may score. */
  ci: number;
  /** Measured with an activated user's session. */
  signedIn?: boolean;
}

/** bench/lighthouse-budget.json: the pages measured and their performance budgets. */
export function readBudget(): BudgetPage[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'lighthouse-budget.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { pages: BudgetPage[] }).pages;
}
