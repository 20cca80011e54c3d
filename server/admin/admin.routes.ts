// Admin operations (stats, lists, decisions, settings, activity). Mounted inside the guarded
// /api/admin scope: every route here is admin-only without saying so.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';

export function adminRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}
