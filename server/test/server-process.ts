// The real server as a separate process (`node --import tsx server/main.ts`), for tests that need
// what an in-process server cannot show: that the process survives a fault, that two processes
// share one database, that an acknowledged request outlives a kill -9.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient, type ApiClient } from './api-client.ts';
import { TEST_SECRETS_KEY } from './harness.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess extends ApiClient {
  pid: number;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** True until the process has exited. */
  alive(): boolean;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, wait for the exit, remove the data folder unless it was given. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Polls /healthz until it answers 200, or fails after `timeoutMs`. */
export async function waitForHealthy(url: string, timeoutMs: number, stillRunning: () => boolean = () => true): Promise<number> {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet, or the database is not back
    }
    if (!stillRunning()) throw new Error('the server process exited');
    if (Date.now() - started > timeoutMs) throw new Error(`${url}/healthz not 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface ServerProcessOptions {
  /** PostgreSQL; without it the process runs on the embedded database in its DATA_DIR. */
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string>;
  /** node's arguments (default: the server's TypeScript entry through tsx). */
  args?: string[];
}

export async function startServerProcess(opts: ServerProcessOptions): Promise<ServerProcess> {
  const dataDir = opts.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'rh-proc-')));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, opts.args ?? ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      SECRETS_KEY: TEST_SECRETS_KEY,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let running = true;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running = false;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url, 60_000, () => running);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`server process did not start: ${(err as Error).message}\n${output}`);
  }
  return {
    ...createApiClient(url, dataDir),
    pid: child.pid!,
    port,
    output: () => output,
    alive: () => running,
    exited,
    kill: (signal) => void child.kill(signal),
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!opts.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
