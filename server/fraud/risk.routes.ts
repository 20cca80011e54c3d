// Admin routes of fraud holds: a user's open risk flags (reviewers too), and a Super Admin's
// release or forfeit of the rewards held for them (server/admins/role-guard.ts). Idempotency-Key aware.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ForfeitHoldsRequestSchema, ForfeitHoldsResponseSchema, ReleaseHoldsRequestSchema, ReleaseHoldsResponseSchema, RiskFlagSchema } from '../../contract/risk.ts';
import type { AppContext } from '../context.ts';
import { answerIdempotently } from '../idempotency/idempotency.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { forfeitHolds, listUserFlags, releaseHolds } from './risk-flags.service.ts';

const FlagListSchema = z.object({ items: z.array(RiskFlagSchema) });

export function riskRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { id: string } }>('/users/:id/risk-flags', async (request) => {
      requireAdmin(request);
      return FlagListSchema.parse({ items: await listUserFlags(ctx.db, request.params.id) });
    });

    app.post<{ Params: { id: string } }>('/users/:id/holds/release', async (request, reply) => {
      const admin = requireAdmin(request);
      const input = ReleaseHoldsRequestSchema.parse(request.body ?? {});
      return answerIdempotently(ctx, request, reply, { status: 200, respond: (r) => ReleaseHoldsResponseSchema.parse(r) }, (run) =>
        releaseHolds(ctx, { id: admin.id, ip: clientIp(request) }, request.params.id, input.note, run),
      );
    });

    app.post<{ Params: { id: string } }>('/users/:id/holds/forfeit', async (request, reply) => {
      const admin = requireAdmin(request);
      const input = ForfeitHoldsRequestSchema.parse(request.body ?? {});
      return answerIdempotently(ctx, request, reply, { status: 200, respond: (r) => ForfeitHoldsResponseSchema.parse(r) }, (run) =>
        forfeitHolds(ctx, { id: admin.id, ip: clientIp(request) }, request.params.id, input.note, run),
      );
    });
  };
}
