// `npm run restore FILE`: brings a backup back into the database the environment names, which
// must be empty (a new PostgreSQL database, or a DATA_DIR without a database), then checks the
// ledger. Uploads in the file go into the store STORAGE names. An embedded backup restored with
// DATABASE_URL set is the move to PostgreSQL (decision 033): it prints the SECRETS_KEY every
// process must be started with from then on.
import path from 'node:path';
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { createUploadStore } from '../server/create-context.ts';
import { restoreBackup } from '../server/backup/backup.ts';
import { buildLedgerReport } from '../server/ledger/ledger-report.ts';
import { sealLedger } from '../server/ledger/ledger-seal.ts';

const loaded = loadConfig(process.env, 'tool');
const file = process.argv[2];
if (!loaded.ok || !file) {
  console.error(loaded.ok ? 'Usage: npm run restore FILE' : loaded.error);
  process.exit(1);
}
const { config } = loaded;
try {
  let database: Awaited<ReturnType<typeof openDatabase>> | null = null;
  const restored = await restoreBackup(config, path.resolve(file), async () => {
    database ??= await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    return createUploadStore(config, database);
  });
  database ??= await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  // Entries the old server committed in its last seconds were not sealed yet; a server seals them
  // within seconds of starting, and so does this, so that the check below does not count them as
  // left unsealed.
  await sealLedger(database.db, new Date(), restored.secretsKey);
  const report = await buildLedgerReport(database.db, restored.secretsKey);
  await database.close();
  const { manifest, moved } = restored;
  if (moved) {
    console.log(
      `Moved the embedded backup of ${manifest.createdAt} into PostgreSQL: ${moved.people} account(s), ${moved.rows} rows in ${moved.tables} tables, in ${(moved.ms / 1000).toFixed(1)} s.`,
    );
  } else {
    console.log(`Restored the backup of ${manifest.createdAt}.`);
  }
  console.log(report.lines.join('\n'));
  if (restored.secretsKeyToSet) {
    console.log(
      [
        '',
        'SECRETS_KEY: the data is sealed with the key the embedded install generated. Start every process',
        'on this database (and run every command) with it from now on, kept as secret as the database password:',
        '',
        `  SECRETS_KEY=${restored.secretsKeyToSet}`,
        '',
      ].join('\n'),
    );
  } else if (moved) {
    console.log('\nKeep starting every process on this database with the SECRETS_KEY you gave here.');
  }
  process.exit(report.ok ? 0 : 1);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
