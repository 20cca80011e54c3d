// Test harness: a real listening server on a fresh database per call. PGlite in memory always;
// PostgreSQL too when TEST_DATABASE_URL is set (each server gets its own throwaway database).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { toConfig, EnvSchema, type Config } from '../env.ts';
import { createContext } from '../create-context.ts';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { SMS_OUTBOX_FILE } from '../sms/console-provider.ts';

export type Driver = 'pglite' | 'postgres';

/** The drivers every DB test runs on. */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

// `any` by default: tests read arbitrary fields of JSON answers.
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

// `any` defaults below for the same reason as ApiResponse.
export interface TestServer {
  url: string;
  origin: string;
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  dataDir: string;
  clock: TestClock;
  driver: Driver;
  /** JSON request; `token` adds the bearer header. */
  api<T = any>(method: string, urlPath: string, opts?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** Multipart request from a FormData. */
  upload<T = any>(method: string, urlPath: string, form: FormData, opts?: { token?: string; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  /** Every SMS the console provider wrote, oldest first. */
  outbox(): Promise<{ to: string; text: string; code: string | null; at: string }[]>;
  /** The newest SMS code sent to a phone. */
  lastCode(phone: string): Promise<string>;
  close(): Promise<void>;
}

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        // pool.end() resolves before every client has finished its goodbye; forcing the drop at
        // once would kill those connections mid-close and surface as uncaught errors. Wait first.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            return;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

export interface StartOptions {
  driver?: Driver;
  env?: Record<string, string>;
  webDist?: string | null;
  rateLimitPerMinute?: number;
}

export async function startTestServer(options: StartOptions = {}): Promise<TestServer> {
  const driver = options.driver ?? 'pglite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rh-test-'));
  let pgDb: { url: string; drop(): Promise<void> } | null = null;
  if (driver === 'postgres') {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE_URL is not set');
    pgDb = await createPostgresDatabase(base);
  }
  const env = EnvSchema.parse({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...options.env,
  });
  let config: Config = toConfig(env);
  const clock = createTestClock();
  const { ctx, database } = await createContext(config, { now: clock.now, inMemoryDb: driver === 'pglite', smsLog: () => undefined });
  const app = await buildApp(ctx, { webDist: options.webDist ?? null, rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const origin = `http://localhost:${address.port}`;
  // The real origin is only known after listen; WebAuthn and links read it from config.
  config = { ...config, appOrigin: options.env?.APP_ORIGIN ?? origin };
  ctx.config = config;

  async function toResponse(res: Response): Promise<ApiResponse> {
    const text = await res.text();
    let body: unknown = text;
    if ((res.headers.get('content-type') ?? '').includes('application/json') && text) body = JSON.parse(text);
    return { status: res.status, body, headers: res.headers };
  }

  const server: TestServer = {
    url,
    origin,
    app,
    ctx,
    database,
    dataDir,
    clock,
    driver,
    async api(method, urlPath, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      }
      return toResponse(await fetch(url + urlPath, { method, headers, body }));
    },
    async upload(method, urlPath, form, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      return toResponse(await fetch(url + urlPath, { method, headers, body: form }));
    },
    async outbox() {
      try {
        const text = await readFile(path.join(dataDir, SMS_OUTBOX_FILE), 'utf8');
        return text.split('\n').filter(Boolean).map((l) => JSON.parse(l));
      } catch {
        return [];
      }
    },
    async lastCode(phone) {
      const messages = (await server.outbox()).filter((m) => m.to === phone && m.code);
      const last = messages.at(-1);
      if (!last?.code) throw new Error(`no SMS code sent to ${phone}`);
      return last.code;
    },
    async close() {
      await app.close();
      await database.close();
      if (pgDb) await pgDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Ends every money test: throws with the broken invariants if the ledger does not hold. */
export async function expectLedgerHolds(server: TestServer): Promise<void> {
  const { checkLedgerInvariants } = await import('../ledger/ledger-check.ts');
  const broken = (await checkLedgerInvariants(server.ctx.db)).filter((r) => !r.ok);
  if (broken.length > 0) {
    throw new Error(`ledger invariants broken:\n${broken.map((b) => `- ${b.name}: ${JSON.stringify(b.violations.slice(0, 5))}`).join('\n')}`);
  }
}
