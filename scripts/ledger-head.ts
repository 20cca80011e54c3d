// `npm run ledger:head`: prints the ledger chain's newest block and digest as one line, to keep
// somewhere the database's users cannot write (a ticket, a password manager, the monitoring
// system). `npm run ledger:check -- --head "<that line>"` later fails if the chain no longer holds
// that block with that digest: a chain deleted and sealed again, or cut short, shows.
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { ledgerHeadLine, readLedgerHead } from '../server/ledger/ledger-seal.ts';
import { refuseWhileServerHolds } from '../server/backup/data-dir-lock.ts';

const loaded = loadConfig(process.env, 'tool');
if (!loaded.ok) {
  console.error(loaded.error);
  process.exit(1);
}
const { config } = loaded;
// The embedded database is one process's at a time: with a server running, its daily log line has the head.
if (!config.databaseUrl) {
  try {
    refuseWhileServerHolds(config.dataDir, 'read the ledger head');
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const head = await readLedgerHead(database.db);
  if (!head) {
    console.error('The ledger has no sealed block yet.');
    process.exitCode = 1;
  } else {
    console.log(ledgerHeadLine(head, head.sealedAt));
  }
} finally {
  await database.close();
}
