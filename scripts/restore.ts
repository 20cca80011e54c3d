// `npm run restore FILE`: brings a backup back into the database the environment names, which
// must be empty (a new PostgreSQL database, or a DATA_DIR without a database), then checks the
// ledger. Uploads in the file go into the store STORAGE names.
import path from 'node:path';
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { createUploadStore } from '../server/create-context.ts';
import { restoreBackup } from '../server/backup/backup.ts';
import { buildLedgerReport } from '../server/ledger/ledger-report.ts';
import { loadSecretsKey } from '../server/secrets-key.ts';

const loaded = loadConfig(process.env, 'tool');
const file = process.argv[2];
if (!loaded.ok || !file) {
  console.error(loaded.ok ? 'Usage: npm run restore FILE' : loaded.error);
  process.exit(1);
}
const { config } = loaded;
try {
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  const manifest = await restoreBackup(config, path.resolve(file), async () => {
    database ??= await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    return createUploadStore(config, database);
  });
  database ??= await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const report = await buildLedgerReport(database.db, await loadSecretsKey(config.secretsKey, config.dataDir));
  await database.close();
  console.log(`Restored the backup of ${manifest.createdAt}.`);
  console.log(report.lines.join('\n'));
  process.exit(report.ok ? 0 : 1);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
