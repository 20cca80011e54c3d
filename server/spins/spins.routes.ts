// HTTP routes of the prize wheel: POST /api/use-spin (activated users; Idempotency-Key aware).
import type { FastifyPluginAsync } from 'fastify';
import { SpinResponseSchema } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireActivatedUser } from '../sessions/auth.ts';
import { useSpin } from './spins.service.ts';
import { answerIdempotently } from '../idempotency/idempotency.ts';

export function spinsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/use-spin', async (request, reply) => {
      const user = requireActivatedUser(request);
      return answerIdempotently(ctx, request, reply, { status: 200, respond: (r) => SpinResponseSchema.parse(r) }, (run) => useSpin(ctx, user.id, run));
    });
  };
}
