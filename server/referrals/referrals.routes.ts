// GET /api/referrals: the signed-in user's referred people, newest first.
import type { FastifyPluginAsync } from 'fastify';
import { OwnListQuerySchema } from '../../contract/activation.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../sessions/auth.ts';
import { listReferredUsers } from './referrals.service.ts';

export function referralsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/referrals', async (request) => {
      const user = requireUser(request);
      return listReferredUsers(ctx.db, user.id, OwnListQuerySchema.parse(request.query));
    });
  };
}
