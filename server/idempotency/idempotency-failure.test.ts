// A 5xx after the work is done must not let a retry with the same key do the work again: the
// answer is kept and replayed, whatever its status. Built on its own app so a route can fail on
// purpose after its side effect (no product route fails on demand).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createContext } from '../create-context.ts';
import type { Database } from '../db/client.ts';
import { EnvSchema, toConfig } from '../env.ts';
import { createFirstAdmin } from '../accounts/admin-setup.service.ts';
import { createSession } from '../sessions/sessions.service.ts';
import { ADMIN } from '../test/fixtures.ts';

describe('Idempotency-Key after a server error', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let url: string;
  let token: string;
  let runs = 0;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rh-idem-'));
    const config = toConfig(EnvSchema.parse({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    const built = await createContext(config, { inMemoryDb: true, smsLog: () => undefined });
    database = built.database;
    app = await buildApp(built.ctx);
    // Does its work, then fails: the shape of a handler whose transaction committed before a bug.
    app.post('/api/test-fails-after-work', { config: { idempotent: true } }, async () => {
      runs += 1;
      throw new Error('failed after the work was done');
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const admin = await createFirstAdmin(built.ctx.db, ADMIN, new Date());
    token = await createSession(built.ctx.db, { id: admin.user.id, isAdmin: true }, new Date());
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('replays the 500 instead of running the work again', async () => {
    const call = () =>
      fetch(`${url}/api/test-fails-after-work`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'k-1' } });
    const first = await call();
    expect(first.status).toBe(500);
    const retry = await call();
    expect(retry.status).toBe(500);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toMatchObject({ code: 'INTERNAL' });
    expect(runs).toBe(1);

    // A new key is a new attempt.
    const fresh = await fetch(`${url}/api/test-fails-after-work`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'k-2' } });
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(runs).toBe(2);
  });
});
