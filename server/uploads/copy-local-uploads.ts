// Moving to a shared store: copies every file under a local uploads directory (DATA_DIR/uploads)
// into another store under the same key, so the rows that name them keep working. Safe to run
// again: a key already in the store is kept.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_KEY_RE, type UploadStore } from './upload-store.ts';

export interface CopyReport {
  copied: number;
  /** Names under the directory that are not upload keys (left where they are). */
  skipped: string[];
}

export async function copyLocalUploads(dir: string, target: UploadStore): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: [] };
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return report;
    throw err;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(dir, full).split(path.sep).join('/');
    if (!UPLOAD_KEY_RE.test(key)) {
      report.skipped.push(key);
      continue;
    }
    await target.copyIn(key, await readFile(full));
    report.copied++;
  }
  return report;
}
