// HTTP route of the transaction history: GET /api/transactions (own, newest first, ?limit&before).
import type { FastifyPluginAsync } from 'fastify';
import { UserListQuerySchema } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../sessions/auth.ts';
import { listTransactions } from './transactions.service.ts';

export function transactionsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/transactions', async (request) => {
      const user = requireUser(request);
      const query = UserListQuerySchema.parse(request.query);
      // Built by our own code to the contract's type: no need to validate the answer again.
      return listTransactions(ctx, user.id, query);
    });
  };
}
