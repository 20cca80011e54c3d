// `npm run ledger:check` on a ledger of 1,000,000 entries (BENCH_LEDGER_ENTRIES) sealed with the
// keyed seal, against a one-minute budget: every invariant and the whole chain recomputed, the way
// an operator runs it (the script in a process of its own, against PostgreSQL).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { openDatabase } from '../../server/db/client.ts';
import { sealLedger } from '../../server/ledger/ledger-seal.ts';
import { ensurePlatformAccounts } from '../../server/ledger/ledger.service.ts';
import { withDatabase } from '../lib/database.ts';
import { goal, report, BENCH_ROOT } from '../lib/report.ts';
import { connect, rebuildCounters, seedHistory, seedUsers } from '../lib/seed.ts';

const run = promisify(execFile);
const SECRETS_KEY = 'be7c4'.padEnd(64, '0');
const BUDGET_MS = 60_000;

export async function benchLedger(): Promise<void> {
  const entries = Number(process.env.BENCH_LEDGER_ENTRIES ?? 1_000_000);
  const perWallet = 10_000;
  console.log(`\n# ledger: ledger:check on ${entries.toLocaleString('en-IN')} sealed entries (PostgreSQL)`);
  await withDatabase(async (url) => {
    const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
    // What a server's start does: the platform accounts the seeded entries post against.
    await ensurePlatformAccounts(database.db);
    const db = await connect(url);
    try {
      const t0 = Date.now();
      const wallets = await seedUsers(db, Math.ceil(entries / perWallet), { prefix: 70, activated: true });
      // One entry a second, one wallet after another: a ledger that grew over days (about 12), as
      // the sealer meets it, rather than a million entries in the same hour.
      for (const [i, wallet] of wallets.entries()) await seedHistory(db, wallet, perWallet, (wallets.length - 1 - i) * perWallet);
      await rebuildCounters(db);
      await db.query('analyze');
      const t1 = Date.now();
      await sealLedger(database.db, new Date(), Buffer.from(SECRETS_KEY, 'hex'));
      console.log(`  seeded in ${((t1 - t0) / 1000).toFixed(1)} s, sealed in ${((Date.now() - t1) / 1000).toFixed(1)} s`);

      const started = Date.now();
      const { stdout } = await run('npx', ['tsx', 'scripts/ledger-check.ts'], {
        cwd: BENCH_ROOT,
        env: { ...process.env, DATABASE_URL: url, SECRETS_KEY, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
        maxBuffer: 16 * 1024 * 1024,
      });
      const ms = Date.now() - started;
      if (!stdout.includes('All ledger invariants hold.')) throw new Error(`ledger:check did not pass:\n${stdout}`);
      await report({
        name: 'ledger.check-1m-entries',
        value: ms,
        unit: 'ms',
        baseline: { name: 'budget', value: BUDGET_MS, unit: 'ms' },
        ratio: ms / BUDGET_MS,
        ...goal(ms / BUDGET_MS, 'atMost', 1),
        notes: `npm run ledger:check on ${entries} entries in keyed blocks of 1,000`,
      });
    } finally {
      await db.end();
      await database.close();
    }
  });
}
