// Idempotency-Key support for money-moving calls. A route opts in with `config: { idempotent: true }`;
// registerIdempotency installs the hooks once for the whole app. The first request with a key
// claims a row (primary key user+key, so two racing copies cannot both run); a retry gets the
// stored answer with `Idempotent-Replayed: true`; the same key on a different request is a 422.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError, badRequest, conflict } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Replays the first answer for a repeated Idempotency-Key instead of running the handler again. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request claimed an idempotency key and must store its answer. */
    idempotencyClaim: { userId: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** method + path + JSON body; multipart bodies are streamed by the handler, so only method + path. */
function hashRequest(request: FastifyRequest): string {
  const parts = [request.method, request.url];
  if (!request.isMultipart()) parts.push(JSON.stringify(request.body ?? null));
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

function readKey(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) {
    throw badRequest('Idempotency-Key must be 1 to 200 characters', 'VALIDATION_FAILED');
  }
  return key;
}

async function replayOrClaim(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (!request.routeOptions.config.idempotent) return undefined;
  const key = readKey(request);
  // Without a key, or without a session (the handler answers 401), nothing to remember.
  if (key === null || !request.auth) return undefined;
  const userId = request.auth.user.id;
  const requestHash = hashRequest(request);
  const now = ctx.now();

  const claimed = await ctx.db
    .insert(idempotencyKeys)
    .values({ userId, key, method: request.method, path: request.url, requestHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) {
    request.idempotencyClaim = { userId, key };
    return undefined;
  }

  const rows = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  const row = rows[0];
  if (!row) {
    // Gone between our insert and select: nothing deletes claims today, so this is only defensive.
    throw conflict('A request with this Idempotency-Key is still being processed');
  }
  if (row.requestHash !== requestHash || row.method !== request.method || row.path !== request.url) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for a different request', 422);
  }
  if (row.completedAt === null || row.statusCode === null) {
    // Never taken over, even if old: its money may have moved with the answer lost; a new key is the way on.
    throw conflict('A request with this Idempotency-Key is still being processed');
  }
  void reply.header(REPLAYED_HEADER, 'true').status(row.statusCode);
  if (row.responseBody === null || row.responseBody === undefined) return reply.send();
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(row.responseBody));
}

async function storeAnswer(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
  const claim = request.idempotencyClaim;
  if (!claim) return;
  request.idempotencyClaim = null;
  const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
  // Every answer is kept, a 5xx too (as Stripe does): a 5xx may come after the money transaction
  // committed, and running the retry again would then move the money twice. A client that wants
  // another attempt after an error answer sends a new key.
  let body: unknown = null;
  if (typeof payload === 'string' && payload !== '') {
    try {
      body = JSON.parse(payload);
    } catch {
      body = null;
    }
  }
  await ctx.db.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: body, completedAt: ctx.now() }).where(where);
}

export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotencyClaim', null);
  // preHandler: the session is known (onRequest) and a JSON body is parsed, before the handler runs.
  app.addHook('preHandler', async (request, reply) => {
    const replayed = await replayOrClaim(ctx, request, reply);
    if (replayed) return replayed;
    return undefined;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    await storeAnswer(ctx, request, reply, payload);
    return payload;
  });
}
