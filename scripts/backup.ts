// `npm run backup [FILE]`: a consistent backup of the database the server uses (same env), with
// the uploads kept on local disk, in one file (default: referralhub-<time>.backup). On the embedded
// database, stop the server first.
import path from 'node:path';
import { loadConfig } from '../server/env.ts';
import { writeBackup } from '../server/backup/backup.ts';

const loaded = loadConfig(process.env, 'tool');
if (!loaded.ok) {
  console.error(loaded.error);
  process.exit(1);
}
const file = path.resolve(process.argv[2] ?? `referralhub-${new Date().toISOString().replace(/[:.]/g, '-')}.backup`);
try {
  const manifest = await writeBackup(loaded.config, file);
  const uploads = manifest.sections.filter((s) => s.name.startsWith('uploads/')).length;
  const where = manifest.storage === 's3' ? ' (uploads are in the S3 bucket: back it up with the bucket\'s own tools)' : manifest.storage === 'db' ? ' (uploads are inside the database)' : '';
  console.log(`Backup written to ${file}: the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database and ${uploads} uploaded file(s)${where}.`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
