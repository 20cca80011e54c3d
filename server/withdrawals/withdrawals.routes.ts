// HTTP routes of withdrawals, user side: POST /api/withdraw (multipart, Idempotency-Key aware),
// GET /api/withdrawal-requests, and PUT /api/withdrawal-requests/:id/payout (correcting where a
// pending one is paid).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UserListQuerySchema, WithdrawalSchema } from '../../contract/wallet.ts';
import type { AppContext } from '../context.ts';
import { requireActivatedUser, requireUser } from '../sessions/auth.ts';
import { correctWithdrawalPayout, listOwnWithdrawals, requestWithdrawal, type WithdrawInput } from './withdrawals.service.ts';
import { answerIdempotently, formContent } from '../idempotency/idempotency.ts';

/** Reads the multipart form (or a JSON body): text fields plus the optional `screenshot` file. */
async function readWithdrawForm(request: FastifyRequest): Promise<WithdrawInput> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, screenshot: null };
  }
  const fields: Record<string, unknown> = {};
  let screenshot: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Reading enforces the multipart fileSize limit (10 MB): past it this throws a 413.
      const bytes = await part.toBuffer();
      if (part.fieldname === 'screenshot' && bytes.length > 0) screenshot = bytes;
    } else {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, screenshot };
}

export function withdrawalsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/withdraw', async (request, reply) => {
      const user = requireActivatedUser(request);
      const input = await readWithdrawForm(request);
      return answerIdempotently(
        ctx,
        request,
        reply,
        { status: 201, respond: (w) => WithdrawalSchema.parse(w), content: formContent(input.fields, input.screenshot) },
        (run) => requestWithdrawal(ctx, { userId: user.id, minWithdrawalPaise: request.auth!.minWithdrawalPaise }, input, run),
      );
    });

    app.put<{ Params: { id: string } }>('/withdrawal-requests/:id/payout', async (request) => {
      const user = requireUser(request);
      const body = request.body;
      const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      return WithdrawalSchema.parse(await correctWithdrawalPayout(ctx, user.id, request.params.id, fields));
    });

    app.get('/withdrawal-requests', async (request) => {
      const user = requireUser(request);
      const query = UserListQuerySchema.parse(request.query);
      return WithdrawalSchema.array().parse(await listOwnWithdrawals(ctx, user.id, query));
    });
  };
}
