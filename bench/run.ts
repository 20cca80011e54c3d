// `npm run bench`: speed and size targets, each a ratio against a baseline measured in the same run on
// the same machine (absolute numbers on a shared 2-core machine are noise). Rows (BENCH_ONLY=a,b picks):
//   bundle  JavaScript needed for /login against its 120 KB gzip budget
//   api     GET /api/user and a transactions page under load, against bare Fastify + pg
//   scale   1,000,000 users: admin list, a long history against a short one, admin stats
//   money   payment approvals, withdrawal requests and approvals against pgbench tpcb-like
//   web     /login bytes on a throttled phone, against the build served pre-compressed
//   lighthouse  Lighthouse itself on each entry page and two signed-in pages (median of 3), against bench/lighthouse-budget.json
//   start   restart to the first /healthz against bare Fastify; embedded-database idle memory
//   scaleout  two processes behind HAProxy against one; a start that builds against a prebuilt one
//   reconcile  a 10,000-line bank statement per file type, upload to answer, against 2 s; the .xlsx reader's peak memory
//   ledger  npm run ledger:check on 1,000,000 keyed, sealed entries against a one-minute budget
//   payouts  100 approvals at once paid through the payout queue (fake RazorpayX): payouts a second against RazorpayX's 10 calls/s, approval to call against 1 s
//   tax     payment approvals with tax withheld at source on against off, interleaved: within 10%
// PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test cluster. Results go to
// bench/results/<name>.json; the run ends with the table the README shows.
import { benchApi } from './rows/api.ts';
import { benchBundle } from './rows/bundle.ts';
import { benchLedger } from './rows/ledger.ts';
import { benchMoney } from './rows/money.ts';
import { benchPayouts } from './rows/payouts.ts';
import { benchReconcile } from './rows/reconcile.ts';
import { benchScale } from './rows/scale.ts';
import { benchStart } from './rows/start.ts';
import { benchTax } from './rows/tax.ts';
import { benchScaleout } from './rows/scaleout.ts';
import { benchLighthouse, benchWeb } from './rows/web.ts';
import { printTable, results } from './lib/report.ts';

const ROWS: Record<string, () => Promise<void>> = { bundle: benchBundle, api: benchApi, scale: benchScale, money: benchMoney, web: benchWeb, lighthouse: benchLighthouse, start: benchStart, scaleout: benchScaleout, reconcile: benchReconcile, ledger: benchLedger, payouts: benchPayouts, tax: benchTax };
const only = (process.env.BENCH_ONLY ?? Object.keys(ROWS).join(',')).split(',').map((s) => s.trim()).filter(Boolean);
for (const name of only) if (!ROWS[name]) throw new Error(`unknown benchmark row ${name}; rows: ${Object.keys(ROWS).join(', ')}`);

console.log(`benchmarks (${new Date().toISOString()}); ratios are against baselines measured in this run`);
for (const name of only) await ROWS[name]!();
printTable();
const missed = results.filter((r) => r.pass === false);
console.log(`\n${results.length} measured, ${missed.length} short of their target`);
process.exit(0);
