// POST /api/admin/manual-payments/:id/reverse {reason}: a Super Admin takes back an approved
// activation payment (reviewers may not: server/admins/role-guard.ts). Idempotency-Key aware.
import type { FastifyPluginAsync } from 'fastify';
import { ReversePaymentRequestSchema, ReversePaymentResponseSchema } from '../../contract/admin.ts';
import type { AppContext } from '../context.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { answerIdempotently } from '../idempotency/idempotency.ts';
import { reversePayment } from './reversals.service.ts';

export function reversalsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Params: { id: string } }>('/manual-payments/:id/reverse', async (request, reply) => {
      const admin = requireAdmin(request);
      const input = ReversePaymentRequestSchema.parse(request.body ?? {});
      return answerIdempotently(ctx, request, reply, { status: 200, respond: (r) => ReversePaymentResponseSchema.parse(r) }, (run) =>
        reversePayment(ctx, { id: admin.id, ip: clientIp(request) }, request.params.id, input, run),
      );
    });
  };
}
