// HTTP routes of notifications: the signed-in user's list with the unread count, mark one or all read.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { NotificationListSchema, UserListQuerySchema } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../sessions/auth.ts';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications.service.ts';

const IdParamsSchema = z.object({ id: z.string() });

export function notificationsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/notifications', async (request) => {
      const user = requireUser(request);
      const { limit } = UserListQuerySchema.parse(request.query);
      return NotificationListSchema.parse(await listNotifications(ctx.db, user.id, limit));
    });

    app.post('/notifications/read-all', async (request, reply) => {
      const user = requireUser(request);
      await markAllNotificationsRead(ctx.db, user.id, ctx.now());
      return reply.status(204).send();
    });

    app.post('/notifications/:id/read', async (request, reply) => {
      const user = requireUser(request);
      const { id } = IdParamsSchema.parse(request.params);
      await markNotificationRead(ctx.db, user.id, id, ctx.now());
      return reply.status(204).send();
    });
  };
}
