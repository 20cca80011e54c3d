// `npm start`: runs the prebuilt server (dist/server/main.js, serving dist/web). When the build is
// missing or older than the sources, it builds first; a fresh build starts at once, with no
// bundling or TypeScript on the start path.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh, root } from './build-stamp.mjs';

if (!buildIsFresh()) {
  console.log('Building the app (the sources changed since the last build)...');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
}
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
