// A signed-in user's wallet statement: GET /api/wallet/statement?from&to (JSON), .csv and .pdf.
// Dates are calendar days in India, both included. The CSV and the PDF end with the yearly summary
// of tax withheld at source for the financial years the period touches (server/tax/tax-summary.ts).
import type { FastifyPluginAsync } from 'fastify';
import { StatementQuerySchema, WalletStatementSchema } from '../../contract/ledger.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../sessions/auth.ts';
import { badRequest } from '../errors.ts';
import { getAppSettings } from '../settings/settings.service.ts';
import { readStatementTax } from '../tax/tax-summary.ts';
import { readStatement, taxNote, toWalletStatement } from './statement.service.ts';
import { statementCsv } from './statement-csv.ts';

/** A PDF is drawn on the request's thread (about 0.4 ms a line): longer periods come as CSV. */
export const STATEMENT_PDF_MAX_LINES = 1_000;

const maskPhone = (phone: string | null) => (phone ? `${'X'.repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}` : '');

export function statementsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/wallet/statement', async (request) => {
      const user = requireUser(request);
      return WalletStatementSchema.parse(toWalletStatement(await readStatement(ctx, user.id, StatementQuerySchema.parse(request.query))));
    });

    app.get('/wallet/statement.csv', async (request, reply) => {
      const user = requireUser(request);
      const period = StatementQuerySchema.parse(request.query);
      const data = await readStatement(ctx, user.id, period);
      const settings = await getAppSettings(ctx.db);
      const tax = await readStatementTax(ctx, user.id, period, { name: settings.legalName ?? ctx.config.brand, tan: settings.tdsTan });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="wallet-statement-${period.from}-to-${period.to}.csv"`)
        .send(statementCsv(data, tax));
    });

    app.get('/wallet/statement.pdf', async (request, reply) => {
      const user = requireUser(request);
      const period = StatementQuerySchema.parse(request.query);
      const data = await readStatement(ctx, user.id, period);
      if (data.lines.length > STATEMENT_PDF_MAX_LINES) {
        throw badRequest(`A PDF statement holds at most ${STATEMENT_PDF_MAX_LINES} lines. Choose a shorter period, or download it as CSV.`, 'VALIDATION_FAILED', {
          to: 'Choose a shorter period',
        });
      }
      const settings = await getAppSettings(ctx.db);
      const tax = await readStatementTax(ctx, user.id, period, { name: settings.legalName ?? ctx.config.brand, tan: settings.tdsTan });
      // Loaded on first use: pdfkit and its fonts stay out of the server's start.
      const { renderStatementPdf } = await import('./statement-pdf.ts');
      const pdf = await renderStatementPdf({
        appName: ctx.config.appName,
        legalName: settings.legalName ?? ctx.config.brand,
        holderName: user.username,
        maskedPhone: maskPhone(user.phone),
        period: { from: period.from, to: period.to },
        generatedAt: ctx.now(),
        openingPaise: data.openingPaise,
        closingPaise: data.closingPaise,
        lines: data.lines.map((l) => (l.tax ? { ...l, description: l.description + taxNote(l.tax) } : l)),
        ...(tax ? { tax } : {}),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="wallet-statement-${period.from}-to-${period.to}.pdf"`)
        .send(pdf);
    });
  };
}
