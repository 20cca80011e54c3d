// Where a request fails decides what its Idempotency-Key holds. The claim and the answer commit
// with the work: a failure after the commit replays the committed answer (the work never runs
// twice); a failure before it leaves nothing behind, so the retry simply runs (never a 409 that
// lasts for ever). Built on its own app so a route can fail on purpose at either point.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createContext } from '../create-context.ts';
import type { Database } from '../db/client.ts';
import { newId } from '../db/ids.ts';
import { idempotencyKeys, notifications } from '../db/schema.ts';
import { EnvSchema, toConfig } from '../env.ts';
import { createFirstAdmin } from '../accounts/admin-setup.service.ts';
import { createSession } from '../sessions/sessions.service.ts';
import { ADMIN } from '../test/fixtures.ts';
import { answerIdempotently } from './idempotency.ts';

describe('Idempotency-Key when a request fails', () => {
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string;
  let url: string;
  let token: string;
  let adminId: string;
  let runs = 0;
  /** Where the next request breaks (once): a failure that a retry no longer meets. */
  let failNext: 'none' | 'before-commit' | 'after-commit' = 'none';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rh-idem-'));
    const config = toConfig(EnvSchema.parse({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    const built = await createContext(config, { inMemoryDb: true, smsLog: () => undefined });
    database = built.database;
    app = await buildApp(built.ctx);
    // The work is one notification row.
    app.post('/api/test-work', async (request, reply) => {
      const fail = failNext;
      failNext = 'none';
      return answerIdempotently(built.ctx, request, reply, { status: 201, respond: (r: { run: number }) => r }, async (run) => {
        const result = await run(async (tx) => {
          runs += 1;
          await tx.insert(notifications).values({ id: newId(), userId: adminId, kind: 'test', title: 'work', body: String(runs) });
          if (fail === 'before-commit') throw new Error('failed before the commit');
          return { run: runs };
        });
        if (fail === 'after-commit') throw new Error('failed after the commit');
        return result;
      });
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const admin = await createFirstAdmin(built.ctx.db, ADMIN, new Date());
    adminId = admin.user.id;
    token = await createSession(built.ctx.db, { id: admin.user.id, isAdmin: true }, new Date());
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const call = (key: string) =>
    fetch(`${url}/api/test-work`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': key } });
  const workRows = async () => (await database.db.select().from(notifications).where(eq(notifications.kind, 'test'))).length;

  it('a failure after the commit: the retry replays the committed answer, the work ran once', async () => {
    runs = 0;
    failNext = 'after-commit';
    const first = await call('after-1');
    expect(first.status).toBe(500);
    const retry = await call('after-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.json()).toEqual({ run: 1 });
    expect(runs).toBe(1);
    expect(await workRows()).toBe(1);
  });

  it('a failure before the commit: nothing is kept, and the retry runs (no lasting 409)', async () => {
    runs = 0;
    const rowsBefore = await workRows();
    failNext = 'before-commit';
    const first = await call('before-1');
    expect(first.status).toBe(500);
    expect(await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'before-1'))).toEqual([]);
    expect(await workRows()).toBe(rowsBefore);
    const retry = await call('before-1');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await retry.json()).toEqual({ run: 2 });
    expect(await workRows()).toBe(rowsBefore + 1);
    const replay = await call('before-1');
    expect([replay.status, replay.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
  });
});
