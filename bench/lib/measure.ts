// Measuring on a noisy 2-core machine: runs are interleaved (ours, baseline, ours, baseline...) so
// both see the same background load, repeated, and the median of the rounds is reported.
import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

export interface Load {
  rps: number;
  p99: number;
}

/** autocannon against one URL: requests per second and p99 latency (ms); any non-2xx is an error. */
export async function load(url: string, opts: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<Load> {
  const result = await autocannon({ url, connections: opts.connections ?? 16, duration: opts.seconds ?? 4, headers: opts.headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * Runs `ours` and `base` in alternating order for `rounds` rounds; returns the medians of each.
 * The order flips every round so neither always runs first (warm caches, thermal drift).
 */
export async function interleave<T extends Record<string, number>>(rounds: number, ours: () => Promise<T>, base: () => Promise<T>): Promise<{ ours: T; base: T }> {
  const a: T[] = [];
  const b: T[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      a.push(await ours());
      b.push(await base());
    } else {
      b.push(await base());
      a.push(await ours());
    }
  }
  const med = (xs: T[]) => Object.fromEntries(Object.keys(xs[0]!).map((k) => [k, median(xs.map((x) => x[k]!))])) as T;
  return { ours: med(a), base: med(b) };
}

/** Median wall time (ms) of `fn` over `runs` calls after one warm-up call. */
export async function latency(fn: () => Promise<unknown>, runs = 25): Promise<number> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

export interface ReplayRequest {
  path: string;
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * `n` distinct requests (`request(i)` makes the i-th) through autocannon on `concurrency` kept-alive
 * connections, as fast as the server answers; returns operations per second. The load generator
 * is the same lean client the read benchmarks use, so on a 2-core machine it takes little of the
 * CPU the server and the database need. Any non-2xx answer fails the run.
 */
export async function replay(origin: string, n: number, concurrency: number, request: (i: number) => ReplayRequest): Promise<number> {
  let next = 0;
  const first = request(0);
  // autocannon notices that `amount` is reached on its once-a-second tick: time the answers ourselves.
  let last = 0;
  const t0 = performance.now();
  const result = await autocannon({
    url: origin + first.path,
    connections: concurrency,
    amount: n,
    requests: [{ setupRequest: (req) => ({ ...req, ...request(next++) }), onResponse: () => void (last = performance.now()) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${origin}${first.path}...: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.total / ((last - t0) / 1000);
}

/** Runs `work(i)` for i in 0..n-1 with at most `concurrency` at once; returns operations per second. */
export async function throughput(n: number, concurrency: number, work: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) await work(i);
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}
