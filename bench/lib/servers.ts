// The processes a benchmark compares: our server started the way production starts it, and the
// bare baseline server, each a separate process on the same database.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServerProcess, type ServerProcess, type ServerProcessOptions } from '../../server/test/server-process.ts';
import { BENCH_ROOT } from './report.ts';

/** node's arguments for our server: the prebuilt bundle when there is one, else the TypeScript entry. */
export function ourServerArgs(): string[] {
  const built = path.join(BENCH_ROOT, 'dist', 'server', 'main.js');
  return existsSync(built) ? [built] : ['--import', 'tsx', 'server/main.ts'];
}

export function startOurs(opts: Omit<ServerProcessOptions, 'args'> = {}): Promise<ServerProcess> {
  return startServerProcess({ ...opts, args: ourServerArgs(), env: { LOG_LEVEL: 'silent', NODE_ENV: 'test', ...opts.env } });
}

export function startBaseline(databaseUrl: string): Promise<ServerProcess> {
  return startServerProcess({ databaseUrl, args: ['--import', 'tsx', 'bench/baseline-server.ts'] });
}
