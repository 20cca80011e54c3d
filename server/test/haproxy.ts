// Debian's HAProxy in front of test server processes: round-robin per request, health checks on
// /readyz, a retry on another server when a connection cannot be made, and the answering
// server's name in an `x-served-by` header so tests can see where each request went.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitForHealthy } from './server-process.ts';

export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p)) ?? null;

export interface Balancer {
  url: string;
  stop(): Promise<void>;
}

export async function startHaproxy(backends: { name: string; port: number }[]): Promise<Balancer> {
  if (!HAPROXY) throw new Error('haproxy is not installed (apt-get install haproxy; .ci/run does it)');
  const dir = await mkdtemp(path.join(tmpdir(), 'haproxy-'));
  const port = await freePort();
  const config = `global
  maxconn 2000
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  option forwardfor
  retries 2
  option redispatch
  retry-on conn-failure empty-response
frontend app
  bind 127.0.0.1:${port}
  default_backend servers
backend servers
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 300ms fall 2 rise 2
  http-response set-header x-served-by %s
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`).join('\n')}
`;
  const file = path.join(dir, 'haproxy.cfg');
  await writeFile(file, config);
  const child: ChildProcess = spawn(HAPROXY, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let running = true;
  child.once('exit', () => (running = false));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealthy(url, 15_000, () => running);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`haproxy did not start: ${stderr}`, { cause: err });
  }
  return {
    url,
    async stop() {
      if (running) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
