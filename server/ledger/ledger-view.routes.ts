// The admin's ledger view (Super Admin only: the role guard refuses reviewers): GET /api/admin/ledger
// (accounts and the chain) and GET /api/admin/ledger/:account/entries (newest first, keyset pages).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { LedgerAccountNameSchema, LedgerEntriesPageSchema, LedgerOverviewSchema } from '../../contract/ledger.ts';
import { ActivityQuerySchema } from '../../contract/admin-security.ts';
import type { AppContext } from '../context.ts';
import { listLedgerEntries, readLedgerOverview } from './ledger-view.service.ts';

const AccountParamsSchema = z.object({ account: LedgerAccountNameSchema });

export function ledgerViewRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/ledger', async () => LedgerOverviewSchema.parse(await readLedgerOverview(ctx.db)));

    app.get('/ledger/:account/entries', async (request) => {
      const { account } = AccountParamsSchema.parse(request.params);
      return LedgerEntriesPageSchema.parse(await listLedgerEntries(ctx.db, account, ActivityQuerySchema.parse(request.query)));
    });
  };
}
