// GET /healthz: the process is up and the database answers (503 DB_UNAVAILABLE while it does not).
// GET /readyz: ready for traffic: the database answers, every migration of this build is applied,
// and the process is not shutting down (a balancer polling it stops sending before the exit).
// GET /metrics: Prometheus text, for a bearer of METRICS_TOKEN only (404 when none is set).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { appliedMigrations, expectedMigrations, pingDatabase } from '../db/client.ts';
import { AppError, databaseUnavailable, notFound } from '../errors.ts';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const migrations = await expectedMigrations();

    app.get('/healthz', async () => {
      try {
        await pingDatabase(ctx.db);
      } catch {
        throw databaseUnavailable();
      }
      return { status: 'ok' };
    });

    app.get('/readyz', async (_request, reply) => {
      // Answers for a balancer, not for people: a state, no message.
      if (ctx.lifecycle.draining) return reply.status(503).send({ status: 'draining' });
      let applied: number;
      try {
        applied = await appliedMigrations(ctx.db);
      } catch {
        throw databaseUnavailable();
      }
      if (applied < migrations) return reply.status(503).send({ status: 'migrating', applied, expected: migrations });
      return { status: 'ready', migrations: applied };
    });

    app.get('/metrics', async (request, reply) => {
      const token = ctx.config.metricsToken;
      if (!token) throw notFound();
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Bearer ') || !sameSecret(header.slice('Bearer '.length), token)) {
        throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required', 401);
      }
      return reply.type(ctx.metrics.registry.contentType).send(await ctx.metrics.registry.metrics());
    });
  };
}
