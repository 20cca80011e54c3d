// `npm run bench`: speed and size targets, each reported as a ratio against a baseline measured in
// the same run on the same machine (absolute numbers on shared machines are noise).
//   bundle   gzip KB of the JavaScript needed to show /login, against the 120 KB budget
//   api      requests/s of authenticated reads, against GET /healthz on the same server
//   scale    admin users list at 1,000,000 users: keyset pages (first, deep, search) against the
//            same server's /healthz latency, and against OFFSET paging of the same rows in SQL
// Results: bench/results/<name>.json. Options (env): BENCH_USERS (default 1,000,000 on PostgreSQL,
// 200,000 on PGlite), BENCH_DATABASE_URL (default TEST_DATABASE_URL), BENCH_ONLY=bundle,api,scale.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../server/test/harness.ts';
import { gzipKb, LOGIN_JS_BUDGET_KB, readManifest, routeClosureKeys } from './route-closure.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = path.join(root, 'bench', 'results');
const only = new Set((process.env.BENCH_ONLY ?? 'bundle,api,scale').split(','));

interface Result {
  name: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number; unit: string };
  ratio: number;
  target?: string;
  pass?: boolean;
  notes?: string;
}

const results: Result[] = [];
async function report(r: Result): Promise<void> {
  results.push(r);
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, `${r.name}.json`), JSON.stringify({ ...r, at: new Date().toISOString() }, null, 2) + '\n');
  const verdict = r.pass === undefined ? '' : r.pass ? '  PASS' : '  FAIL';
  console.log(
    `${r.name.padEnd(34)} ${r.value.toFixed(2).padStart(10)} ${r.unit.padEnd(8)} vs ${r.baseline.name} ${r.baseline.value.toFixed(2)} ${r.baseline.unit}  ratio ${r.ratio.toFixed(3)}${r.target ? `  (target ${r.target})` : ''}${verdict}`,
  );
}

// ---- bundle ------------------------------------------------------------------------------------

async function benchBundle(): Promise<void> {
  console.log('\n# bundle: building the web app');
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const dist = path.join(root, 'dist', 'web');
  if (!existsSync(path.join(dist, '.vite', 'manifest.json'))) throw new Error('dist/web/.vite/manifest.json missing: the Vite build must set build.manifest');
  const manifest = readManifest(dist);
  const login = gzipKb(dist, manifest, routeClosureKeys(manifest, 'routes/login.tsx'));
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

// ---- api -----------------------------------------------------------------------------------------

async function rps(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: 5, headers });
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return result.requests.average;
}

async function signUpUser(s: TestServer): Promise<string> {
  const admin = await createAdminSession(s);
  const phone = '9876500001';
  const reg = await s.api('POST', '/api/register', { body: { username: 'bench', phone, password: 'secret123', referralCode: admin.referralCode } });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  const verified = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: await s.lastCode(phone) } });
  return verified.body.token as string;
}

async function createAdminSession(s: TestServer): Promise<{ token: string; referralCode: string }> {
  const body = { username: 'admin', email: 'admin@example.com', password: 'Admin@12345', phone: '9000000001' };
  await s.api('POST', '/api/admin/setup', { body });
  const login = await s.api('POST', '/api/login', { body: { email: body.email, password: body.password } });
  if (login.status !== 200) throw new Error(`admin login: ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.token, referralCode: login.body.user.referralCode };
}

async function benchApi(): Promise<void> {
  console.log('\n# api: throughput on the embedded database');
  const s = await startTestServer({ driver: 'pglite' });
  try {
    const token = await signUpUser(s);
    const auth = { authorization: `Bearer ${token}` };
    const health = await rps(`${s.url}/healthz`);
    for (const [name, urlPath] of [
      ['api.get-user-rps', '/api/user'],
      ['api.transactions-rps', '/api/transactions'],
      ['api.app-settings-rps', '/api/app-settings'],
    ] as const) {
      const value = await rps(`${s.url}${urlPath}`, urlPath === '/api/app-settings' ? {} : auth);
      await report({ name, value, unit: 'req/s', baseline: { name: 'healthz', value: health, unit: 'req/s' }, ratio: value / health });
    }
  } finally {
    await s.close();
  }
}

// ---- scale ---------------------------------------------------------------------------------------

async function timeMs(fn: () => Promise<unknown>, runs = 15): Promise<number> {
  const samples: number[] = [];
  await fn(); // warm
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function benchScale(): Promise<void> {
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
  const driver = pgUrl ? 'postgres' : 'pglite';
  const n = Number(process.env.BENCH_USERS ?? (driver === 'postgres' ? 1_000_000 : 200_000));
  console.log(`\n# scale: admin users list with ${n.toLocaleString('en-IN')} users on ${driver}`);
  const s = await startTestServer({ driver });
  try {
    const admin = await createAdminSession(s);
    const t0 = performance.now();
    await s.ctx.db.execute(sql`
      insert into users (id, username, phone, email, password_hash, referral_code, is_activated, phone_verified_at, created_at, updated_at)
      select gen_random_uuid(), 'member' || i, (6000000000 + i)::text, 'member' || i || '@example.com', 'x',
             'B' || upper(lpad(to_hex(i), 7, '0')), i % 3 = 0, now(), now() - make_interval(secs => i), now()
      from generate_series(1, ${n}) as i`);
    await s.ctx.db.execute(sql`
      insert into ledger_accounts (id, code, kind, user_id) select id, 'wallet:' || id, 'wallet', id from users where not is_admin
      on conflict do nothing`);
    await s.ctx.db.execute(sql`analyze`);
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const auth = { token: admin.token };
    const get = (q: string) => async () => {
      const res = await s.api('GET', `/api/admin/users?${q}`, auth);
      if (res.status !== 200) throw new Error(`${q}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    const health = await timeMs(async () => s.api('GET', '/healthz'));

    const deep = Math.floor(n / 2);
    const rows = (await s.ctx.db.execute(sql`
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, id::text as id
      from users order by created_at desc, id desc offset ${deep} limit 1`)) as unknown as { rows: { t: string; id: string }[] };
    const at = rows.rows[0]!;
    const deepCursor = Buffer.from(JSON.stringify([at.t, at.id])).toString('base64url');

    const first = await timeMs(get('limit=50'));
    const deepPage = await timeMs(get(`limit=50&cursor=${deepCursor}`));
    const pending = await timeMs(get(`limit=50&status=pending&cursor=${deepCursor}`));
    const search = await timeMs(get(`limit=50&q=member77777`));
    const phone = await timeMs(get(`limit=50&q=${6000000000 + deep}`));
    const offsetSql = await timeMs(
      async () => s.ctx.db.execute(sql`select id from users order by created_at desc, id desc offset ${deep} limit 50`),
      5,
    );
    const keysetSql = await timeMs(
      async () =>
        s.ctx.db.execute(sql`select id from users where (created_at, id) < (${at.t}::timestamptz, ${at.id}::uuid) order by created_at desc, id desc limit 50`),
      5,
    );
    const base = { name: 'healthz', value: health, unit: 'ms' };
    await report({ name: 'scale.users-first-page', value: first, unit: 'ms', baseline: base, ratio: first / health });
    await report({ name: 'scale.users-deep-page', value: deepPage, unit: 'ms', baseline: base, ratio: deepPage / health, notes: `cursor at row ${deep}` });
    await report({ name: 'scale.users-deep-page-pending', value: pending, unit: 'ms', baseline: base, ratio: pending / health });
    await report({ name: 'scale.users-search-prefix', value: search, unit: 'ms', baseline: base, ratio: search / health });
    await report({ name: 'scale.users-search-phone', value: phone, unit: 'ms', baseline: base, ratio: phone / health });
    await report({
      name: 'scale.keyset-vs-offset-sql',
      value: keysetSql,
      unit: 'ms',
      baseline: { name: 'offset-sql', value: offsetSql, unit: 'ms' },
      ratio: keysetSql / offsetSql,
      notes: `the same 50 rows at row ${deep}: keyset seek vs OFFSET scan`,
    });
  } finally {
    await s.close();
  }
}

console.log(`benchmarks (${new Date().toISOString()}); ratios are against baselines measured in this run`);
if (only.has('bundle')) await benchBundle();
if (only.has('api')) await benchApi();
if (only.has('scale')) await benchScale();
const failed = results.filter((r) => r.pass === false);
console.log(`\n${results.length} measured, ${failed.length} over budget`);
process.exit(failed.length > 0 ? 1 : 0);
