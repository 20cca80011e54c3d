// `npm run build:server`: the server as one ES module, dist/server/main.js (packages stay imports from
// node_modules), with its SQL migrations beside it. Starting from it needs no TypeScript on the way.
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'server');

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: [path.join(root, 'server', 'main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages are bundled too: start-up time is mostly resolving and reading hundreds of small
  // module files. Kept external: those that load files beside themselves (PGlite's WebAssembly,
  // argon2's native binary, pino's worker threads) and pg's optional native driver.
  // The S3 SDK is external too: loaded from node_modules only when STORAGE=s3, so it adds nothing
  // to the default start.
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/argon2', 'pino', 'pg-native', '@aws-sdk/client-s3'],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
});
await cp(path.join(root, 'server', 'db', 'migrations'), path.join(out, 'migrations'), { recursive: true });
console.log('built dist/server/main.js');
