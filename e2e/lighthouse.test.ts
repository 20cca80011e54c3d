// The Lighthouse budget (issue 27, bench/lighthouse-budget.json): one run of Lighthouse itself
// (12.2.3, mobile preset, simulated throttling) on each page, against the built app. A page's
// performance score may not fall below its `ci` floor here; the benchmark (npm run bench, median
// of 3) holds the higher goal. The entry pages must also score 100 in accessibility, best
// practices and SEO.
// On this shared 2-core machine one run's total blocking time can double with what else runs: a
// page below its floor is measured twice more, and the median of the three is judged, as the
// benchmark judges its goal. LIGHTHOUSE_BUDGET=0 leaves the check out (a quick local run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivatedUser, createAdmin } from '../server/test/fixtures.ts';
import { readBudget, runLighthouse, type LighthouseScores } from '../bench/lib/lighthouse.ts';
import { median } from '../bench/lib/measure.ts';
import { startE2E, type E2E } from './harness.ts';

describe.skipIf(process.env.LIGHTHOUSE_BUDGET === '0')('Lighthouse budget', () => {
  let e: E2E;
  let token: string;
  beforeAll(async () => {
    e = await startE2E();
    const admin = await createAdmin(e.server);
    token = (await createActivatedUser(e.server, admin.token, admin.user.referralCode)).token;
  });
  afterAll(async () => {
    await e?.close();
  });

  for (const page of readBudget()) {
    it(`${page.path}: performance at least ${page.ci}${page.signedIn ? ' (signed in)' : ', accessibility, best practices and SEO 100'}`, async () => {
      const measure = () => runLighthouse(`${e.baseUrl}${page.path}`, page.signedIn ? { token } : {});
      const describeRun = (s: LighthouseScores) => `performance ${s.performance} (FCP ${Math.round(s.fcp)} ms, LCP ${Math.round(s.lcp)} ms, TBT ${Math.round(s.tbt)} ms, CLS ${s.cls.toFixed(3)})`;
      const r = await measure();
      const runs = [r];
      if (r.performance < page.ci) runs.push(await measure(), await measure());
      const judged = median(runs.map((s) => s.performance));
      const summary = `${page.path}: ${runs.map(describeRun).join('; ')}`;
      console.log(summary);
      expect(judged, summary).toBeGreaterThanOrEqual(page.ci);
      if (!page.signedIn) {
        expect({ accessibility: r.accessibility, bestPractices: r.bestPractices, seo: r.seo, failing: r.failing }, page.path).toEqual({ accessibility: 100, bestPractices: 100, seo: 100, failing: [] });
      }
    });
  }
});
