// HTTP route of the transaction history: GET /api/transactions (own, newest first, ?limit&before).
import type { FastifyPluginAsync } from 'fastify';
import { UserListQuerySchema } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../sessions/auth.ts';
import { listTransactionsJson } from './transactions.service.ts';

export function transactionsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/transactions', async (request, reply) => {
      const user = requireUser(request);
      const query = UserListQuerySchema.parse(request.query);
      // The database answers the page as contract JSON (rh_wallet_history): sent as it is.
      return reply.type('application/json; charset=utf-8').send(await listTransactionsJson(ctx, user.id, query));
    });
  };
}
