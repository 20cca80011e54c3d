// GET/POST /api/admin/setup: creating the first admin (public until one exists).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { clientIp } from '../sessions/auth.ts';
import { adminExists, createFirstAdmin } from './admin-setup.service.ts';

export function adminSetupRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/setup', async () => ({ exists: await adminExists(ctx.db) }));

    app.post('/setup', async (request, reply) => {
      // createFirstAdmin parses with AdminSetupRequestSchema itself (the CLI shares it).
      const body = (request.body ?? {}) as Record<string, unknown>;
      const result = await createFirstAdmin(ctx.db, body as Parameters<typeof createFirstAdmin>[1], ctx.now(), { ip: clientIp(request) });
      return reply.status(201).send(result);
    });
  };
}
