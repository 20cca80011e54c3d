// Restarting: time from launch to the first 200 from /healthz, our server (started the way
// production starts it) against the bare baseline server, on PostgreSQL and on the embedded
// database; and the embedded database's memory once idle.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServerProcess, type ServerProcess } from '../../server/test/server-process.ts';
import { withDatabase } from '../lib/database.ts';
import { median } from '../lib/measure.ts';
import { goal, report } from '../lib/report.ts';
import { baselineArgs, ourServerArgs, prepareServers } from '../lib/servers.ts';

const RESTARTS = 7;

async function timedStart(start: () => Promise<ServerProcess>): Promise<{ ms: number; server: ServerProcess }> {
  const t0 = performance.now();
  const server = await start();
  return { ms: performance.now() - t0, server };
}

/** One restart of each kind per round, the kinds interleaved so that a busy moment of the machine falls on all of them alike; the median of each. */
async function interleavedRestarts(rounds: number, kinds: (() => Promise<ServerProcess>)[]): Promise<number[]> {
  const samples = kinds.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, start] of kinds.entries()) {
      const { ms, server } = await timedStart(start);
      samples[i]!.push(ms);
      await server.stop();
    }
  }
  return samples.map(median);
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

export async function benchStart(): Promise<void> {
  console.log(`\n# start: launch to the first /healthz 200 (median of ${RESTARTS} interleaved restarts), and idle memory (30 s after the last request) on the embedded database`);
  await prepareServers();
  await withDatabase(async (url) => {
    const env = { LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    await (await startServerProcess({ databaseUrl: url, args: ourServerArgs(), env })).stop(); // migrate once
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rh-bench-pglite-'));
    try {
      await (await startServerProcess({ dataDir, args: ourServerArgs(), env })).stop();
      const [ours, pglite, bare] = await interleavedRestarts(RESTARTS, [
        () => startServerProcess({ databaseUrl: url, args: ourServerArgs(), env }),
        () => startServerProcess({ dataDir, args: ourServerArgs(), env }),
        () => startServerProcess({ databaseUrl: url, args: baselineArgs() }),
      ]);
      const baseline = { name: 'bare-fastify', value: bare!, unit: 'ms' };
      await report({ name: 'start.postgres', value: ours!, unit: 'ms', baseline, ratio: ours! / bare!, ...goal(ours! / bare!, 'atMost', 3) });
      await report({ name: 'start.pglite', value: pglite!, unit: 'ms', baseline, ratio: pglite! / bare!, ...goal(pglite! / bare!, 'atMost', 3) });
      // Idle: 30 s after the last request, when V8's memory reducer has given back what start-up
      // and the requests used. Two servers side by side: one restarted on an existing data
      // directory, one on its very first start (which also creates the database).
      const firstDir = await mkdtemp(path.join(tmpdir(), 'rh-bench-pglite-first-'));
      try {
        const servers = [await startServerProcess({ dataDir, args: ourServerArgs(), env }), await startServerProcess({ dataDir: firstDir, args: ourServerArgs(), env })];
        for (const server of servers) for (let i = 0; i < 50; i++) await server.api('GET', '/api/app-settings');
        await new Promise((r) => setTimeout(r, 30_000));
        const [restarted, first] = await Promise.all(servers.map((server) => rssMb(server.pid)));
        await Promise.all(servers.map((server) => server.stop()));
        await report({ name: 'start.pglite-idle-rss', value: restarted!, unit: 'MB', baseline: { name: 'budget', value: 250, unit: 'MB' }, ratio: restarted! / 250, ...goal(restarted! / 250, 'atMost', 1) });
        await report({ name: 'start.pglite-first-start-idle-rss', value: first!, unit: 'MB', baseline: { name: 'budget', value: 250, unit: 'MB' }, ratio: first! / 250, ...goal(first! / 250, 'atMost', 1) });
      } finally {
        await rm(firstDir, { recursive: true, force: true });
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
