// Admin management (Super Admin only: the guarded scope's role guard refuses reviewers): invite,
// list invitations and admins, suspend or bring back an admin, see one admin's actions. The
// invitation page's two calls (look the link up, accept it) are public: adminInvitationPublicRoutes.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  AcceptInvitationRequestSchema,
  AdminAccountListSchema,
  AdminAccountSchema,
  CreatedInvitationSchema,
  CreateInvitationRequestSchema,
  InvitationListSchema,
  InvitationLookupSchema,
  UpdateAdminRequestSchema,
} from '../../contract/admins.ts';
import { ActivityPageSchema, ActivityQuerySchema } from '../../contract/admin-security.ts';
import { text } from '../../contract/text.ts';
import type { AppContext } from '../context.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { listActivity } from '../audit/activity.service.ts';
import { acceptInvitation, createInvitation, listInvitations, lookupInvitation } from './invitations.service.ts';
import { listAdmins, setAdminStatus } from './admins.service.ts';

const IdParamsSchema = z.object({ id: text() });
const TokenQuerySchema = z.object({ token: text({ error: 'This invitation link is not valid' }).trim().min(1, { error: 'This invitation link is not valid' }).max(200) });

export function adminsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/invitations', async (request, reply) => {
      const admin = requireAdmin(request);
      const input = CreateInvitationRequestSchema.parse(request.body ?? {});
      const created = await createInvitation(ctx, { id: admin.id, username: admin.username, ip: clientIp(request) }, input);
      return reply.status(201).send(CreatedInvitationSchema.parse(created));
    });

    app.get('/invitations', async () => InvitationListSchema.parse(await listInvitations(ctx)));

    app.get('/admins', async () => AdminAccountListSchema.parse(await listAdmins(ctx)));

    app.put('/admins/:id', async (request) => {
      const admin = requireAdmin(request);
      const { id } = IdParamsSchema.parse(request.params);
      const input = UpdateAdminRequestSchema.parse(request.body ?? {});
      return AdminAccountSchema.parse(await setAdminStatus(ctx, { id: admin.id, ip: clientIp(request) }, id, input));
    });

    app.get('/admins/:id/activity', async (request) => {
      const { id } = IdParamsSchema.parse(request.params);
      return ActivityPageSchema.parse(await listActivity(ctx.db, { ...ActivityQuerySchema.parse(request.query), actorId: id }));
    });
  };
}

export function adminInvitationPublicRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/invitations/lookup', async (request) => {
      const { token } = TokenQuerySchema.parse(request.query);
      return InvitationLookupSchema.parse(await lookupInvitation(ctx, token));
    });

    app.post('/invitations/accept', async (request, reply) => {
      const input = AcceptInvitationRequestSchema.parse(request.body ?? {});
      const created = await acceptInvitation(ctx, input, { ip: clientIp(request) });
      return reply.status(201).send({ userId: created.userId, email: created.email });
    });
  };
}
