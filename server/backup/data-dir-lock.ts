// Who holds an embedded data directory. The embedded database (PGlite) is one process's database:
// a second process opening DATA_DIR/db while a server runs reads pages the server has not written
// yet and may replay the write-ahead log under it. PGlite's own postmaster.pid cannot tell (it
// always names process 42, WebAssembly's), so a server on the embedded database writes
// DATA_DIR/server.pid at start (its process id and, on Linux, its start time) and removes it when it
// exits; `npm run backup` and `npm run ledger:check` refuse while a live process holds it. A file
// left by a server that was killed is recognised as stale: its process is gone, or (Linux) the id
// now belongs to a process that started at another time.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.pid';

/** A process's start time in clock ticks since boot (Linux), or null where /proc does not say. */
function startTicks(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/**
 * Marks `dataDir` as held by this process until it exits. Synchronous and a few microseconds: it
 * runs on the server's start path (bench row start.pglite).
 */
export function holdDataDir(dataDir: string): void {
  const file = path.join(dataDir, LOCK_FILE);
  const mine = `${process.pid} ${startTicks('self') ?? '-'}\n`;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, mine);
  process.once('exit', () => {
    // Only our own mark: a server started later on the same directory may have replaced it.
    try {
      if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
    } catch {
      // already gone
    }
  });
}

/** The process id of a live server holding `dataDir`, or null when none does. */
export function dataDirHolder(dataDir: string): number | null {
  let text: string;
  try {
    text = readFileSync(path.join(dataDir, LOCK_FILE), 'utf8');
  } catch {
    return null;
  }
  const [pidText, ticks] = text.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to another user (a server run as a service account).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  if (ticks && ticks !== '-') {
    const now = startTicks(pid);
    if (now !== null && now !== ticks) return null;
  }
  return pid;
}

/** Throws, naming the server and the way out, when a live server holds `dataDir`. */
export function refuseWhileServerHolds(dataDir: string, what: string): void {
  const pid = dataDirHolder(dataDir);
  if (pid === null) return;
  throw new Error(
    `a server (process ${pid}) is running on the embedded database in ${dataDir}: stop it first, then ${what}. ` +
      `(The embedded database is one process's at a time. If no server runs, delete ${path.join(dataDir, LOCK_FILE)}.)`,
  );
}
