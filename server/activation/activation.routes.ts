// HTTP routes of activation: the UPI QR, submitting a payment proof, the user's own proofs and
// their screenshots (owner or admin only).
import type { FastifyPluginAsync } from 'fastify';
import { GenerateUpiQrRequestSchema, ManualPaymentSchema, OwnListQuerySchema } from '../../contract/activation.ts';
import { answerIdempotently, formContent } from '../idempotency/idempotency.ts';
import type { AppContext } from '../context.ts';
import { clientIp, requireUser } from '../sessions/auth.ts';
import { deviceIdOf } from '../fraud/risk-signals.ts';
import { generateUpiQr, listOwnPayments, readPaymentScreenshot, submitManualPayment } from './activation.service.ts';
import { readPaymentForm } from './payment-form.ts';

export function activationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/generate-upi-qr', async (request) => {
      const user = requireUser(request);
      const input = GenerateUpiQrRequestSchema.parse(request.body ?? undefined);
      return generateUpiQr(ctx, user, input);
    });

    app.post('/submit-manual-payment', async (request, reply) => {
      const user = requireUser(request);
      const submission = { ...(await readPaymentForm(request)), deviceId: deviceIdOf(request), ip: clientIp(request) };
      return answerIdempotently(
        ctx,
        request,
        reply,
        { status: 201, respond: (p) => ManualPaymentSchema.parse(p), content: formContent(submission.fields, submission.screenshot) },
        (run) => submitManualPayment(ctx, user.id, submission, run),
      );
    });

    app.get('/manual-payments', async (request) => {
      const user = requireUser(request);
      return listOwnPayments(ctx.db, user.id, OwnListQuerySchema.parse(request.query));
    });

    app.get<{ Params: { id: string } }>('/manual-payments/:id/screenshot', async (request, reply) => {
      const user = requireUser(request);
      const file = await readPaymentScreenshot(ctx, user, request.params.id);
      return reply
        .header('content-type', file.mime)
        .header('content-disposition', `inline; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    });
  };
}
