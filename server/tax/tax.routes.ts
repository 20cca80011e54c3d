// Tax withheld at source over HTTP (DESIGN.md section 15). A signed-in person: GET /api/me/tax and
// PUT /api/me/pan. A Super Admin (inside the guarded admin scope): GET /api/admin/tax?fy=&quarter=,
// GET /api/admin/tax/report?fy=&quarter= (CSV, Form 26Q's order) and POST /api/admin/tax/deposits.
import type { FastifyPluginAsync } from 'fastify';
import { CreateTaxDepositSchema, financialYearLabel, MyTaxSchema, SetPanRequestSchema, TaxQuarterQuerySchema, TaxQuarterSummarySchema } from '../../contract/tax.ts';
import type { AppContext } from '../context.ts';
import { clientIp, requireAdmin, requireUser } from '../sessions/auth.ts';
import { quarterReportCsv, readQuarterSummary, recordTaxDeposit } from './tax-admin.service.ts';
import { readMyTax, setPan } from './tax.service.ts';

export function taxRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/me/tax', async (request, reply) => {
      const user = requireUser(request);
      return reply.header('cache-control', 'no-store').send(MyTaxSchema.parse(await readMyTax(ctx, user.id)));
    });

    app.put('/me/pan', async (request, reply) => {
      const user = requireUser(request);
      const input = SetPanRequestSchema.parse(request.body ?? {});
      return reply.header('cache-control', 'no-store').send(MyTaxSchema.parse(await setPan(ctx, user.id, input, { ip: clientIp(request) })));
    });
  };
}

export function adminTaxRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/tax', async (request) => TaxQuarterSummarySchema.parse(await readQuarterSummary(ctx, TaxQuarterQuerySchema.parse(request.query))));

    app.get('/tax/report', async (request, reply) => {
      const q = TaxQuarterQuerySchema.parse(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="tds-26q-${financialYearLabel(q.fy)}-Q${q.quarter}.csv"`)
        .send(await quarterReportCsv(ctx, q));
    });

    app.post('/tax/deposits', async (request, reply) => {
      const admin = requireAdmin(request);
      const input = CreateTaxDepositSchema.parse(request.body ?? {});
      return reply.status(201).send(TaxQuarterSummarySchema.parse(await recordTaxDeposit(ctx, { id: admin.id, ip: clientIp(request) }, input)));
    });
  };
}
