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

/** Every file under a local uploads directory, by its key relative to it (none when it is missing). */
export async function listLocalFiles(dir: string): Promise<{ key: string; path: string }[]> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return { key: path.relative(dir, full).split(path.sep).join('/'), path: full };
    });
}

export async function copyLocalUploads(dir: string, target: UploadStore): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: [] };
  for (const file of await listLocalFiles(dir)) {
    if (!UPLOAD_KEY_RE.test(file.key)) {
      report.skipped.push(file.key);
      continue;
    }
    await target.copyIn(file.key, await readFile(file.path));
    report.copied++;
  }
  return report;
}
