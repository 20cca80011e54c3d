// `npm run ledger:check`: opens the database the server would open (same env), prints every ledger
// invariant with ✓/✗ and the platform account totals, and exits 1 if any invariant is broken.
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { buildLedgerReport } from '../server/ledger/ledger-report.ts';

const loaded = loadConfig(process.env, 'tool');
if (!loaded.ok) {
  console.error(loaded.error);
  process.exit(1);
}
const { config } = loaded;
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let ok = false;
try {
  console.log(database.kind === 'pglite' ? `Database: embedded (${config.dataDir})` : 'Database: PostgreSQL (DATABASE_URL)');
  const report = await buildLedgerReport(database.db);
  console.log(report.lines.join('\n'));
  ok = report.ok;
} finally {
  await database.close();
}
process.exit(ok ? 0 : 1);
