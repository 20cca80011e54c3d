// Admin routes for stats, users, payment proofs and settings. Mounted inside the guarded /api/admin
// scope (app.ts), whose hook already refuses anyone but an admin: no per-route checks here.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AdminPaymentsQuerySchema, AdminUsersQuerySchema, DecidePaymentRequestSchema } from '../../contract/admin.ts';
import { UpdateSettingsRequestSchema } from '../../contract/settings.ts';
import type { AppContext } from '../context.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { updateAppSettings } from '../settings/settings.service.ts';
import { activateUserByAdmin, decidePayment, getAdminStats, listAdminPayments, listAdminUsers } from './admin.service.ts';

export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // requireAdmin here only narrows the type to the signed-in admin; the scope's hook did the check.
    const actor = (request: FastifyRequest) => ({ id: requireAdmin(request).id, ip: clientIp(request) });

    app.get('/stats', async () => getAdminStats(ctx.db));

    app.get('/users', async (request) => listAdminUsers(ctx.db, AdminUsersQuerySchema.parse(request.query)));

    app.put<{ Params: { id: string } }>('/users/:id/activate', { config: { idempotent: true } }, async (request) =>
      activateUserByAdmin(ctx, actor(request), request.params.id),
    );

    app.get('/manual-payments', async (request) => listAdminPayments(ctx.db, AdminPaymentsQuerySchema.parse(request.query)));

    app.put<{ Params: { id: string } }>('/manual-payments/:id', { config: { idempotent: true } }, async (request) =>
      decidePayment(ctx, actor(request), request.params.id, DecidePaymentRequestSchema.parse(request.body ?? {})),
    );

    app.put('/settings', async (request) => {
      const input = UpdateSettingsRequestSchema.parse(request.body ?? {});
      const { id, ip } = actor(request);
      return updateAppSettings(ctx, { id }, input, { ip });
    });
  };
}
