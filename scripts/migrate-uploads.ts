// `npm run uploads:migrate`: copies the files under DATA_DIR/uploads into the store STORAGE names
// (db, the default with DATABASE_URL, or s3), under the same keys. Run it once when moving from
// one process with a local disk to several; running it again copies nothing twice.
import path from 'node:path';
import { loadConfig } from '../server/env.ts';
import { openDatabase } from '../server/db/client.ts';
import { createUploadStore } from '../server/create-context.ts';
import { copyLocalUploads } from '../server/uploads/copy-local-uploads.ts';

const loaded = loadConfig(process.env, 'tool');
if (!loaded.ok) {
  console.error(loaded.error);
  process.exit(1);
}
const { config } = loaded;
if (config.storage.kind === 'local') {
  console.error('STORAGE is local: there is nothing to copy to. Set STORAGE=db (or DATABASE_URL) or STORAGE=s3 first.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const source = path.join(config.dataDir, 'uploads');
  const report = await copyLocalUploads(source, await createUploadStore(config, database));
  console.log(`Copied ${report.copied} file(s) from ${source} into the ${config.storage.kind} store.`);
  if (report.skipped.length > 0) console.log(`Left ${report.skipped.length} file(s) that are not uploads: ${report.skipped.slice(0, 5).join(', ')}`);
} finally {
  await database.close();
}
