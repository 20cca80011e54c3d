// The processes a benchmark compares: our server started the way production starts it (the prebuilt
// bundle, rebuilt first when the sources are newer), and the bare baseline server, bundled the same
// way so that neither side pays for TypeScript at start; each a separate process on the same database.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';
import { startServerProcess, type ServerProcess, type ServerProcessOptions } from '../../server/test/server-process.ts';
import { BENCH_ROOT } from './report.ts';

const BASELINE_BUILT = path.join(BENCH_ROOT, 'dist', 'bench', 'baseline-server.js');
let prepared: Promise<void> | undefined;

/** Builds our server and web app when stale (as `npm start` would) and bundles the baseline server. */
export function prepareServers(): Promise<void> {
  prepared ??= (async () => {
    const { buildIsFresh } = await import('../../scripts/build-stamp.mjs');
    if (!buildIsFresh()) execFileSync(process.execPath, [path.join(BENCH_ROOT, 'scripts', 'build.mjs')], { cwd: BENCH_ROOT, stdio: 'inherit' });
    await build({
      entryPoints: [path.join(BENCH_ROOT, 'bench', 'baseline-server.ts')],
      outfile: BASELINE_BUILT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      logLevel: 'warning',
    });
  })();
  return prepared;
}

/** node's arguments for our server: the prebuilt bundle. */
export function ourServerArgs(): string[] {
  return [path.join(BENCH_ROOT, 'dist', 'server', 'main.js')];
}

export function baselineArgs(): string[] {
  return [BASELINE_BUILT];
}

export async function startOurs(opts: Omit<ServerProcessOptions, 'args'> = {}): Promise<ServerProcess> {
  await prepareServers();
  return startServerProcess({ ...opts, args: ourServerArgs(), env: { LOG_LEVEL: 'silent', NODE_ENV: 'test', ...opts.env } });
}

export async function startBaseline(databaseUrl: string): Promise<ServerProcess> {
  await prepareServers();
  return startServerProcess({ databaseUrl, args: baselineArgs() });
}
