// Admin side of withdrawals: list, approve/reject, screenshots. Mounted inside the guarded
// /api/admin scope, whose hook already refused anyone who is not an admin.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  AdminListQuerySchema,
  AdminWithdrawalListSchema,
  AdminWithdrawalSchema,
  WithdrawalDecisionSchema,
} from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { decideWithdrawal, getWithdrawalScreenshot, listWithdrawalsForAdmin } from './withdrawals.service.ts';
import { answerIdempotently } from '../idempotency/idempotency.ts';

const IdParamsSchema = z.object({ id: z.string() });
const ScreenshotQuerySchema = z.object({ download: z.enum(['true', 'false', '1', '0']).optional() });

export function adminWithdrawalsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/withdrawals', async (request) => {
      const query = AdminListQuerySchema.parse(request.query);
      return AdminWithdrawalListSchema.parse(await listWithdrawalsForAdmin(ctx, query));
    });

    app.put('/withdrawals/:id', async (request, reply) => {
      const admin = requireAdmin(request);
      const { id } = IdParamsSchema.parse(request.params);
      const decision = WithdrawalDecisionSchema.parse(request.body ?? {});
      return answerIdempotently(ctx, request, reply, { status: 200, respond: (w) => AdminWithdrawalSchema.parse(w) }, (run) =>
        decideWithdrawal(ctx, { id: admin.id, ip: clientIp(request), username: admin.username }, id, decision, run),
      );
    });

    app.get('/withdrawal-screenshot/:id', async (request, reply) => {
      const { id } = IdParamsSchema.parse(request.params);
      const { download } = ScreenshotQuerySchema.parse(request.query);
      const shot = await getWithdrawalScreenshot(ctx, id);
      const asAttachment = download === 'true' || download === '1';
      return reply
        .header('content-type', shot.mime)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', asAttachment ? `attachment; filename="${shot.filename}"` : `inline; filename="${shot.filename}"`)
        .send(shot.bytes);
    });
  };
}
