// The JavaScript a visitor to /login downloads (with the texts of their language; in Hindi also
// the Devanagari font), against its 120 KB gzip budget, and as a share of the
// whole app (route-level code splitting); the signed-in /dashboard and /wallet against theirs.
// Builds the web app first.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEVANAGARI_FONT_BUDGET_KB, fontKb, gzipKb, LOGIN_JS_BUDGET_KB, loginClosureKeys, readManifest, SIGNED_IN_JS_BUDGETS_KB, signedInClosureKeys } from '../route-closure.ts';
import { BENCH_ROOT as root, report } from '../lib/report.ts';

export async function benchBundle(): Promise<void> {
  console.log('\n# bundle: building the web app');
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const dist = path.join(root, 'dist', 'web');
  if (!existsSync(path.join(dist, '.vite', 'manifest.json'))) throw new Error('dist/web/.vite/manifest.json missing: the Vite build must set build.manifest');
  const manifest = readManifest(dist);
  const login = gzipKb(dist, manifest, loginClosureKeys(manifest, 'en'));
  const budget = LOGIN_JS_BUDGET_KB;
  await report({
    name: 'bundle.login-js-gzip',
    value: login,
    unit: 'KB',
    baseline: { name: 'budget', value: budget, unit: 'KB' },
    ratio: login / budget,
    target: 'ratio <= 1',
    pass: login <= budget,
  });
  const hindi = gzipKb(dist, manifest, loginClosureKeys(manifest, 'hi'));
  await report({ name: 'bundle.login-js-gzip-hindi', value: hindi, unit: 'KB', baseline: { name: 'budget', value: budget, unit: 'KB' }, ratio: hindi / budget, target: 'ratio <= 1', pass: hindi <= budget });
  const font = fontKb(dist, 'devanagari');
  const withFont = hindi + font;
  const fontBudget = budget + DEVANAGARI_FONT_BUDGET_KB;
  await report({
    name: 'bundle.login-hindi-js-and-font',
    value: withFont,
    unit: 'KB',
    baseline: { name: 'budget', value: fontBudget, unit: 'KB' },
    ratio: withFont / fontBudget,
    target: 'ratio <= 1',
    pass: withFont <= fontBudget,
    notes: 'JavaScript, Hindi texts and the Devanagari font (one WOFF2, downloaded once) for /login in Hindi',
  });
  for (const [route, routeBudget] of Object.entries(SIGNED_IN_JS_BUDGETS_KB)) {
    const kb = gzipKb(dist, manifest, signedInClosureKeys(manifest, route));
    const page = route.replace(/^routes\/(.*)\.tsx$/, '$1');
    await report({
      name: `bundle.${page}-js-gzip`,
      value: kb,
      unit: 'KB',
      baseline: { name: 'budget', value: routeBudget, unit: 'KB' },
      ratio: kb / routeBudget,
      target: 'ratio <= 1',
      pass: kb <= routeBudget,
      notes: `JavaScript and English texts for /${page} on a phone`,
    });
  }
  const all = gzipKb(dist, manifest, Object.keys(manifest));
  await report({
    name: 'bundle.login-share-of-all-js',
    value: login,
    unit: 'KB',
    baseline: { name: 'all-js', value: all, unit: 'KB' },
    ratio: login / all,
    notes: 'how much of the whole app a visitor to /login downloads (route-level code splitting)',
  });
}
