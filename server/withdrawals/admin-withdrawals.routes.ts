// Admin side of withdrawals: list, approve/reject, screenshots. Mounted inside the guarded
// /api/admin scope.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';

export function adminWithdrawalsRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}
