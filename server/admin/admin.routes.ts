// Admin routes for stats, users, payment proofs and settings. Mounted inside the guarded /api/admin
// scope (app.ts), whose hook already refuses anyone but an admin: no per-route checks here.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ActivateUserRequestSchema,
  AdminPaymentSchema,
  AdminPaymentsQuerySchema,
  AdminUserSchema,
  AdminUsersQuerySchema,
  DecidePaymentRequestSchema,
  SetUserStatusRequestSchema,
} from '../../contract/admin.ts';
import { answerIdempotently } from '../idempotency/idempotency.ts';
import { UpdateSettingsRequestSchema } from '../../contract/settings.ts';
import type { AppContext } from '../context.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { confirmSettingsProposal, readAdminSettings, rejectSettingsProposal, updateAppSettings } from '../settings/settings.service.ts';
import { activateUserByAdmin, decidePayment, getAdminStats, listAdminPayments, listAdminUsers } from './admin.service.ts';
import { dismissDeadSmsJob, listDeadSmsJobs } from '../sms/sms-queue.ts';
import { notFound } from '../errors.ts';
import { setUserStatus } from './user-status.service.ts';

export function adminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // requireAdmin here only narrows the type to the signed-in admin; the scope's hook did the check.
    const actor = (request: FastifyRequest) => {
      const admin = requireAdmin(request);
      return { id: admin.id, username: admin.username, ip: clientIp(request) };
    };

    app.get('/stats', async () => getAdminStats(ctx.db, ctx.now()));

    // SMS the queue gave up on, newest first: what to look into when people say no code came.
    app.get('/sms-jobs', async () => listDeadSmsJobs(ctx.db));
    // Looked into (the person asks for a new code in the app): off the Overview's list.
    app.delete<{ Params: { id: string } }>('/sms-jobs/:id', async (request, reply) => {
      requireAdmin(request);
      if (!(await dismissDeadSmsJob(ctx.db, request.params.id))) throw notFound('Undelivered SMS not found');
      return reply.status(204).send();
    });

    app.get('/users', async (request) => listAdminUsers(ctx.db, AdminUsersQuerySchema.parse(request.query)));

    app.put<{ Params: { id: string } }>('/users/:id/status', async (request) => {
      const input = SetUserStatusRequestSchema.parse(request.body ?? {});
      const { id, ip } = actor(request);
      return AdminUserSchema.parse(await setUserStatus(ctx, { id, ip }, request.params.id, input));
    });

    app.put<{ Params: { id: string } }>('/users/:id/activate', async (request, reply) => {
      const input = ActivateUserRequestSchema.parse(request.body ?? {});
      return answerIdempotently(ctx, request, reply, { status: 200, respond: (u) => AdminUserSchema.parse(u) }, (run) =>
        activateUserByAdmin(ctx, actor(request), request.params.id, input, run),
      );
    });

    app.get('/manual-payments', async (request) => listAdminPayments(ctx.db, AdminPaymentsQuerySchema.parse(request.query)));

    app.put<{ Params: { id: string } }>('/manual-payments/:id', async (request, reply) => {
      const input = DecidePaymentRequestSchema.parse(request.body ?? {});
      return answerIdempotently(ctx, request, reply, { status: 200, respond: (p) => AdminPaymentSchema.parse(p) }, (run) =>
        decidePayment(ctx, actor(request), request.params.id, input, run),
      );
    });

    app.get('/settings', async () => readAdminSettings(ctx.db));

    app.put('/settings', async (request) => {
      const input = UpdateSettingsRequestSchema.parse(request.body ?? {});
      const { id, ip, username } = actor(request);
      return updateAppSettings(ctx, { id, username }, input, { ip });
    });

    // A guard-rail change proposed by one Super Admin, confirmed or turned down by another.
    app.post<{ Params: { id: string } }>('/settings/proposals/:id/confirm', async (request) => {
      const { id, ip } = actor(request);
      return confirmSettingsProposal(ctx, { id }, request.params.id, { ip });
    });
    app.post<{ Params: { id: string } }>('/settings/proposals/:id/reject', async (request) => {
      const { id, ip } = actor(request);
      return rejectSettingsProposal(ctx, { id }, request.params.id, { ip });
    });
  };
}
