// HTTP routes of the payment gateway: the user's checkout for the activation fee (open it, poll it,
// its QR image) and the gateway's webhook, which alone in the API reads its body as raw bytes (the
// signature covers them exactly).
import type { FastifyPluginAsync } from 'fastify';
import { CheckoutSchema } from '../../contract/gateway.ts';
import type { AppContext } from '../context.ts';
import { requireUser } from '../sessions/auth.ts';
import { openCheckout, readCheckout, readCheckoutQr, receiveWebhook } from './gateway-payments.service.ts';

/** A webhook body is a small JSON event; anything this large is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function gatewayRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/payments/checkout', async (request, reply) => {
      const user = requireUser(request);
      return reply.status(201).send(CheckoutSchema.parse(await openCheckout(ctx, user.id)));
    });

    app.get<{ Params: { id: string } }>('/payments/checkout/:id', async (request) => {
      const user = requireUser(request);
      return CheckoutSchema.parse(await readCheckout(ctx, user.id, request.params.id));
    });

    app.get<{ Params: { id: string } }>('/payments/checkout/:id/qr', async (request, reply) => {
      const user = requireUser(request);
      const image = await readCheckoutQr(ctx, user.id, request.params.id);
      return reply.header('content-type', image.mime).header('cache-control', 'private, max-age=300').header('x-content-type-options', 'nosniff').send(image.bytes);
    });

    await app.register(async (webhooks) => {
      // Only here: the body stays the bytes the gateway signed, whatever its content type says.
      webhooks.removeAllContentTypeParsers();
      webhooks.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
      webhooks.post<{ Params: { gateway: string } }>('/payments/webhook/:gateway', async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await receiveWebhook(ctx, request.params.gateway, body, request.headers);
        return reply.status(answer.status).send(answer.body);
      });
    });
  };
}
