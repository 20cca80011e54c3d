// HTTP routes of the prize wheel: POST /api/use-spin (activated users; Idempotency-Key aware).
import type { FastifyPluginAsync } from 'fastify';
import { SpinResponseSchema } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireActivatedUser } from '../sessions/auth.ts';
import { useSpin } from './spins.service.ts';

export function spinsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/use-spin', { config: { idempotent: true } }, async (request) => {
      const user = requireActivatedUser(request);
      return SpinResponseSchema.parse(await useSpin(ctx, user.id));
    });
  };
}
