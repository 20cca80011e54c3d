// HTTP routes of payouts through a provider: the provider's webhook (its body read as raw bytes, the
// signature covers them exactly), and the admins' view of payouts with their two actions on a
// refused one (mounted in the guarded /api/admin scope).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { PayoutInfoSchema, PayoutOverviewSchema, ReturnPayoutRequestSchema } from '../../contract/payouts.ts';
import type { AppContext } from '../context.ts';
import { answerIdempotently } from '../idempotency/idempotency.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { readPayoutOverview, receivePayoutWebhook, retryPayout, returnPayout } from './payouts.service.ts';

/** A webhook body is a small JSON event; anything this large is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const ParamsSchema = z.object({ id: z.string().max(100) });

export function payoutWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Only here: the body stays the bytes the provider signed, whatever its content type says.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    app.post<{ Params: { provider: string } }>('/payouts/webhook/:provider', async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await receivePayoutWebhook(ctx, request.params.provider, body, request.headers);
      return reply.status(answer.status).send(answer.body);
    });
  };
}

export function adminPayoutsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/payouts', async () => PayoutOverviewSchema.parse(await readPayoutOverview(ctx)));

    app.post('/payouts/:id/retry', async (request) => {
      const admin = requireAdmin(request);
      const { id } = ParamsSchema.parse(request.params);
      return PayoutInfoSchema.parse(await retryPayout(ctx, { id: admin.id, ip: clientIp(request) }, id));
    });

    app.post('/payouts/:id/return', async (request, reply) => {
      const admin = requireAdmin(request);
      const { id } = ParamsSchema.parse(request.params);
      const { reason } = ReturnPayoutRequestSchema.parse(request.body ?? {});
      return answerIdempotently(ctx, request, reply, { status: 200, respond: (info) => PayoutInfoSchema.parse(info) }, (run) =>
        returnPayout(ctx, { id: admin.id, ip: clientIp(request) }, id, reason, run),
      );
    });
  };
}
