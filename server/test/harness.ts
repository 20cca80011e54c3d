// Test harness: a real listening server on a fresh database per call. PGlite in memory always;
// PostgreSQL too when TEST_DATABASE_URL is set (each server gets its own throwaway database).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { toConfig, EnvSchema, type Config } from '../env.ts';
import { createContext } from '../create-context.ts';
import { buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { createApiClient, type ApiClient } from './api-client.ts';
import { appSettings } from '../db/schema.ts';

export type { ApiClient, ApiResponse } from './api-client.ts';
export type Driver = 'pglite' | 'postgres';

/** The key every test process on PostgreSQL shares (as several production processes would). */
export const TEST_SECRETS_KEY = '5ec7e75'.padEnd(64, '0');

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

// `any` defaults below: tests read arbitrary fields of JSON answers.
export interface TestServer extends ApiClient {
  origin: string;
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  clock: TestClock;
  driver: Driver;
  close(): Promise<void>;
}

export async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
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
  /** Keep the default SMS and sign-up budgets (tests of those limits); otherwise they are lifted. */
  keepAbuseLimits?: boolean;
  /** Fastify's logger (e.g. the production options with a capturing stream); silent by default. */
  logger?: FastifyServerOptions['logger'];
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
    ...(pgDb ? { DATABASE_URL: pgDb.url, SECRETS_KEY: TEST_SECRETS_KEY } : {}),
    ...options.env,
  });
  let config: Config = toConfig(env);
  const clock = createTestClock();
  const { ctx, database } = await createContext(config, { now: clock.now, inMemoryDb: driver === 'pglite', smsLog: () => undefined });
  if (!options.keepAbuseLimits) {
    // Tests sign up hundreds of users from 127.0.0.1, as an operator on a busy carrier address would
    // need to allow; the limits themselves are tested with keepAbuseLimits.
    await database.db
      .update(appSettings)
      .set({ smsPerAddressPerHour: 1_000_000, signupsPerReferrerPerHour: 1_000_000, smsPerHour: 1_000_000, signupFlagPerReferrerPerHour: 1_000_000 });
  }
  const app = await buildApp(ctx, { webDist: options.webDist ?? null, rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000, logger: options.logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const url = `http://127.0.0.1:${address.port}`;
  const origin = `http://localhost:${address.port}`;
  // The real origin is only known after listen; WebAuthn and links read it from config.
  config = { ...config, appOrigin: options.env?.APP_ORIGIN ?? origin };
  ctx.config = config;

  // SMS are sent by the queue's worker; reading the outbox first lets it finish what is due.
  ctx.smsQueue.start(200);
  const client = createApiClient(url, dataDir, () => ctx.smsQueue.drain());
  const server: TestServer = {
    ...client,
    origin,
    app,
    ctx,
    database,
    clock,
    driver,
    async close() {
      await app.close();
      await ctx.smsQueue.stop();
      await database.close();
      if (pgDb) await pgDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Ends every money test: seals the new entries, then throws with the broken invariants if the ledger (or its chain) does not hold. */
export async function expectLedgerHolds(server: TestServer): Promise<void> {
  const { checkLedgerInvariants } = await import('../ledger/ledger-check.ts');
  const { sealLedger } = await import('../ledger/ledger-seal.ts');
  // Seal what the test wrote, as a running server's sealer would, so the chain check covers it.
  await sealLedger(server.ctx.db, server.ctx.now(), server.ctx.secretsKey);
  const broken = (await checkLedgerInvariants(server.ctx.db, server.ctx.secretsKey)).filter((r) => !r.ok);
  if (broken.length > 0) {
    throw new Error(`ledger invariants broken:\n${broken.map((b) => `- ${b.name}: ${JSON.stringify(b.violations.slice(0, 5))}`).join('\n')}`);
  }
}
