// Whether dist/ was built from the sources as they are now: `npm run build` records the newest
// source modification time it built from in dist/.build-stamp; `npm start` compares.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const SOURCES = ['server', 'contract', 'web', 'package-lock.json', 'scripts/build-server.mjs'];

/** The newest modification time among the sources the build reads (tests are not among them). */
export function newestSource() {
  let newest = 0;
  const visit = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, st.mtimeMs);
  };
  for (const s of SOURCES) if (existsSync(path.join(root, s))) visit(path.join(root, s));
  return newest;
}

export function buildIsFresh() {
  const built = [stampFile, path.join(root, 'dist', 'server', 'main.js'), path.join(root, 'dist', 'web', 'index.html')];
  if (!built.every((f) => existsSync(f))) return false;
  return Number(readFileSync(stampFile, 'utf8')) >= newestSource();
}

export function writeStamp(sourcesAt) {
  writeFileSync(stampFile, String(sourcesAt));
}
