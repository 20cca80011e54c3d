// GET/POST /api/admin/setup: creating the first admin (public until one exists).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';

export function adminSetupRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}
