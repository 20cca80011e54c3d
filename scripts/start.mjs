// `npm start`: runs the prebuilt server (dist/server/main.js, serving dist/web). When the build is
// missing or older than the sources, it builds first; a fresh build starts at once, with no
// bundling or TypeScript on the start path.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIsFresh, root } from './build-stamp.mjs';

if (!buildIsFresh()) {
  // One line while it builds (the bundlers' own output only when the build fails).
  console.log('Building the app (first start, or the sources changed since the last build); this takes about a minute...');
  const started = Date.now();
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    console.error(`The build failed${build.error ? `: ${build.error.message}` : ''}.`);
    process.exit(1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
