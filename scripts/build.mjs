// `npm run build`: the web app (dist/web, with .br/.gz twins) and the server bundle (dist/server),
// then a stamp of the sources it was built from so `npm start` can tell the build is fresh.
import { execFileSync } from 'node:child_process';
import { newestSource, root, writeStamp } from './build-stamp.mjs';

const sourcesAt = newestSource();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
execFileSync(npm, ['run', 'build:web'], { cwd: root, stdio: 'inherit' });
execFileSync(npm, ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
writeStamp(sourcesAt);
