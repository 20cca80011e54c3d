// `npm run backup [FILE]`: a consistent backup of the database the server uses (same env), with
// the uploads kept on local disk, in one file (default: DATA_DIR/backups/referralhub-<time>.backup,
// readable by its owner only). On the embedded database it refuses while a server runs on it.
import path from 'node:path';
import { loadConfig } from '../server/env.ts';
import { defaultBackupFile, writeBackup } from '../server/backup/backup.ts';

const loaded = loadConfig(process.env, 'tool');
if (!loaded.ok) {
  console.error(loaded.error);
  process.exit(1);
}
const file = process.argv[2] ? path.resolve(process.argv[2]) : defaultBackupFile(loaded.config);
try {
  const manifest = await writeBackup(loaded.config, file);
  const uploads = manifest.sections.filter((s) => s.name.startsWith('uploads/')).length;
  const where = manifest.storage === 's3' ? ' (uploads are in the S3 bucket: back it up with the bucket\'s own tools)' : manifest.storage === 'db' ? ' (uploads are inside the database)' : '';
  console.log(`Backup written to ${file}: the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database and ${uploads} uploaded file(s)${where}.`);
  console.log('It holds every account and, on the embedded database, the secrets key: copy it off this machine and keep it as you keep passwords.');
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
