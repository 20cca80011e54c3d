// `npm run build:server`: the server as ES modules, dist/server/main.js plus the chunks it loads
// only when asked (packages stay imports from node_modules), with its SQL migrations and function
// files beside them.
// Starting from it needs no TypeScript on the way.
import { cp, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'server');

/**
 * zod's `z` namespace carries every one of its ~50 message locales (a tenth of the server's code)
 * although only English is ever configured (zod's default; our own texts are in the contract).
 * The bundle's `z.locales` keeps just `en`.
 */
const englishZodLocalesOnly = {
  name: 'english-zod-locales-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";',
      loader: 'js',
      resolveDir: path.join(root, 'node_modules', 'zod', 'v4', 'locales'),
    }));
  },
};

await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });
await build({
  entryPoints: { main: path.join(root, 'server', 'main.ts') },
  outdir: out,
  // What the code imports dynamically (the PostgreSQL driver, the S3 store) becomes a chunk of its
  // own, loaded only by the start that needs it: the embedded database never loads pg, the local
  // store never loads the S3 SDK.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Packages are bundled too: start-up time is mostly resolving and reading hundreds of small
  // module files. Kept external: those that load files beside themselves (PGlite's WebAssembly,
  // argon2's and sharp's native binaries, pino's worker threads) and pg's optional native driver.
  // The S3 SDK is external too: imported only by the S3 store's chunk. So are Fastify's schema
  // compilers, which the app replaces (server/app.ts) and never loads.
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    '@node-rs/argon2',
    'sharp',
    'pino',
    'pg-native',
    '@aws-sdk/client-s3',
    '@fastify/ajv-compiler',
    '@fastify/fast-json-stringify-compiler',
  ],
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [englishZodLocalesOnly],
  sourcemap: true,
  logLevel: 'warning',
});
await cp(path.join(root, 'server', 'db', 'migrations'), path.join(out, 'migrations'), { recursive: true });
await cp(path.join(root, 'server', 'db', 'functions'), path.join(out, 'functions'), { recursive: true });
console.log('built dist/server/main.js');
