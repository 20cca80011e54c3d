// GET /healthz: the process is up and the database answers.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { pingDatabase } from '../db/client.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async (_request, reply) => {
      try {
        await pingDatabase(ctx.db);
        return { status: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'unavailable', code: 'DATABASE_UNAVAILABLE', message: 'Database unavailable' });
      }
    });
  };
}
