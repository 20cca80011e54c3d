// GET /healthz: the process is up and the database answers (503 DB_UNAVAILABLE while it does not).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { pingDatabase } from '../db/client.ts';
import { databaseUnavailable } from '../errors.ts';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', async () => {
      try {
        await pingDatabase(ctx.db);
      } catch {
        throw databaseUnavailable();
      }
      return { status: 'ok' };
    });
  };
}
