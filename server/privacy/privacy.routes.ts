// The person's own data, as the privacy policy promises: GET /api/me/export (a JSON file of
// everything kept about them, a few downloads an hour per person counted in the database),
// POST /api/me/consent (the policy accepted), PATCH /api/me and POST /api/me/phone[/verify]
// (corrections; the number only by a code sent to it), GET/POST /api/me/data-requests (requests to
// the Grievance Officer) and DELETE /api/me (erasure, after the password). Admins: the queue of
// requests, and a user's export or erasure on request.
import type { FastifyPluginAsync } from 'fastify';
import { ChangePhoneRequestSchema, UpdateProfileRequestSchema, VerifyPhoneChangeRequestSchema } from '../../contract/accounts.ts';
import {
  AdminDataActionSchema,
  AdminDataRequestListSchema,
  AdminDataRequestSchema,
  CloseDataRequestSchema,
  ConsentRequestSchema,
  CreateDataRequestSchema,
  DATA_EXPORTS_PER_HOUR,
  DataRequestListSchema,
  DataRequestSchema,
  EraseAccountRequestSchema,
  EraseAccountResponseSchema,
} from '../../contract/privacy.ts';
import type { AppContext } from '../context.ts';
import { tooManyRequests } from '../errors.ts';
import { clientIp, requireAdmin, requireUser } from '../sessions/auth.ts';
import { consumeBudget } from '../throttle/budget.ts';
import { acceptPolicy } from './consent.service.ts';
import { startPhoneChange, updateProfile, verifyPhoneChange } from './correction.service.ts';
import { closeDataRequest, createDataRequest, listDataRequests, listOwnDataRequests } from './data-requests.service.ts';
import { eraseAccount, eraseUserOnRequest } from './erasure.service.ts';
import { exportUserData, exportUserDataOnRequest } from './export.service.ts';

export function privacyRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/me/export', async (request, reply) => {
      const user = requireUser(request);
      const now = ctx.now();
      const answer = await consumeBudget(ctx.db, { scope: 'data_export', key: user.id, limit: DATA_EXPORTS_PER_HOUR, windowMs: 60 * 60_000 }, now);
      if (!answer.ok) {
        const minutes = Math.max(1, Math.ceil(answer.retryAfterS / 60));
        throw tooManyRequests(`You downloaded your data ${DATA_EXPORTS_PER_HOUR} times this hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, answer.retryAfterS);
      }
      const data = await exportUserData(ctx, user.id);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`)
        .send(data);
    });

    app.post('/me/consent', async (request) => {
      const user = requireUser(request);
      const input = ConsentRequestSchema.parse(request.body ?? {});
      return acceptPolicy(ctx, user.id, input.policyVersion);
    });

    app.patch('/me', async (request) => {
      const user = requireUser(request);
      return updateProfile(ctx, user.id, UpdateProfileRequestSchema.parse(request.body ?? {}));
    });

    app.post('/me/phone', async (request) => {
      const user = requireUser(request);
      const input = ChangePhoneRequestSchema.parse(request.body ?? {});
      return startPhoneChange(ctx, { id: user.id, phone: user.phone, language: user.language }, input.phone, clientIp(request));
    });

    app.post('/me/phone/verify', async (request) => {
      const user = requireUser(request);
      const input = VerifyPhoneChangeRequestSchema.parse(request.body ?? {});
      return verifyPhoneChange(ctx, user.id, input.otpCode, clientIp(request));
    });

    app.get('/me/data-requests', async (request) => {
      const user = requireUser(request);
      return DataRequestListSchema.parse({ items: await listOwnDataRequests(ctx, user.id) });
    });

    app.post('/me/data-requests', async (request, reply) => {
      const user = requireUser(request);
      const input = CreateDataRequestSchema.parse(request.body ?? {});
      return reply.status(201).send(DataRequestSchema.parse(await createDataRequest(ctx, user.id, input)));
    });

    app.delete('/me', async (request) => {
      const user = requireUser(request);
      const input = EraseAccountRequestSchema.parse(request.body ?? {});
      await eraseAccount(ctx, user.id, input.password, { ip: clientIp(request), forfeitBalance: input.forfeitBalance });
      return EraseAccountResponseSchema.parse({ deleted: true });
    });
  };
}

/** Admins' queue of data requests, and a user's export or erasure on request (Super Admins: the role guard keeps reviewers out). */
export function adminDataRequestRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Params: { id: string } }>('/users/:id/export', async (request, reply) => {
      const admin = requireAdmin(request);
      const input = AdminDataActionSchema.parse(request.body ?? {});
      const data = await exportUserDataOnRequest(ctx, { id: admin.id, ip: clientIp(request) }, request.params.id, input.reason);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="user-data-${request.params.id.slice(-8)}.json"`)
        .send(data);
    });

    app.post<{ Params: { id: string } }>('/users/:id/erase', async (request) => {
      const admin = requireAdmin(request);
      const input = AdminDataActionSchema.parse(request.body ?? {});
      const { pseudonym } = await eraseUserOnRequest(ctx, { id: admin.id, ip: clientIp(request) }, request.params.id, input.reason);
      return { erased: true, pseudonym };
    });

    app.get<{ Querystring: { status?: string } }>('/data-requests', async (request) => {
      requireAdmin(request);
      const status = request.query.status === 'closed' ? 'closed' : 'open';
      return AdminDataRequestListSchema.parse({ items: await listDataRequests(ctx, status) });
    });

    app.post<{ Params: { id: string } }>('/data-requests/:id/close', async (request) => {
      const admin = requireAdmin(request);
      const input = CloseDataRequestSchema.parse(request.body ?? {});
      return AdminDataRequestSchema.parse(await closeDataRequest(ctx, { id: admin.id, ip: clientIp(request) }, request.params.id, input.note));
    });
  };
}
