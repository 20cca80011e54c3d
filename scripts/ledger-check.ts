// `npm run ledger:check [-- --head "<line>"]`: opens the database the server would open (same env),
// prints every ledger invariant with ✓/✗ and the platform account totals, and exits 1 if any
// invariant is broken. With --head, the chain must still hold the block and digest of a head line
// kept elsewhere (`npm run ledger:head`). Safe on a live PostgreSQL database: it only reads. The
// embedded database is one process's at a time, so there it refuses while a server runs.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { buildLedgerReport } from '../server/ledger/ledger-report.ts';
import { parseLedgerHead } from '../server/ledger/ledger-seal.ts';
import { loadSecretsKey } from '../server/secrets-key.ts';
import { refuseWhileServerHolds } from '../server/backup/data-dir-lock.ts';

const { values } = parseArgs({ options: { head: { type: 'string' } } });
const head = values.head === undefined ? undefined : parseLedgerHead(values.head);
if (head === null) {
  console.error('--head takes the line `npm run ledger:head` printed: ledger-head block=<number> digest=<64 hex>');
  process.exit(1);
}
const loaded = loadConfig(process.env, 'tool');
if (!loaded.ok) {
  console.error(loaded.error);
  process.exit(1);
}
const { config } = loaded;
if (!config.databaseUrl) {
  try {
    refuseWhileServerHolds(config.dataDir, 'check the ledger');
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
const secretsKey = await loadSecretsKey(config.secretsKey, config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let ok = false;
try {
  console.log(database.kind === 'pglite' ? `Database: embedded (${config.dataDir})` : 'Database: PostgreSQL (DATABASE_URL)');
  const report = await buildLedgerReport(database.db, secretsKey, { head });
  console.log(report.lines.join('\n'));
  ok = report.ok;
} finally {
  await database.close();
}
process.exit(ok ? 0 : 1);
