// Idempotency-Key for money-moving calls, as Stripe does it. The key's claim and its final answer
// are written in the SAME transaction as the money they belong to: either all of it commits (and a
// retry replays the answer) or none of it does (and a retry simply runs). A crash can therefore
// never leave a key that answers "still processing" for good, nor money moved with no answer.
//
// The fingerprint covers the whole request (method, route, ids, JSON body, or for multipart the
// text fields and the file's bytes): the same key with another request is a 422. Keys live 24 h.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { isTransactionConflict } from '../db/db-errors.ts';
import { AppError, badRequest, conflict, isUniqueViolation } from '../errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_CONSTRAINT = 'idempotency_keys_user_id_key_pk';

/** Tries of a money transaction the database ended to break a deadlock, before answering 503. */
const CONFLICT_TRIES = 4;

/**
 * Runs `work` (a whole transaction) again when the database ended it to break a deadlock or a
 * serialization conflict (two approvals and a webhook meeting on the same rows): nothing of it
 * committed, so trying again is safe. After a few tries the caller gets 503 with Retry-After.
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isTransactionConflict(err)) throw err;
      if (attempt >= CONFLICT_TRIES) {
        throw new AppError('DB_UNAVAILABLE', 'The service is busy. Please try again in a moment.', 503, undefined, { 'retry-after': '1' });
      }
      // A short random pause, so the transactions that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/**
 * Runs a unit of work in one transaction. Services that move money take one, so a caller can add
 * to it. `alone` is set when nobody adds anything: then work that is a single statement may run
 * on its own (see runStatement), as its own transaction.
 */
export type RunInTx = (<T>(work: (tx: Tx) => Promise<T>) => Promise<T>) & { readonly alone?: Db };

/** A plain transaction: what a service runs in when nobody asks for more. */
export const inTransaction = (db: Db): RunInTx =>
  Object.assign(<T>(work: (tx: Tx) => Promise<T>) => retryOnConflict(() => db.transaction(work)), { alone: db });

/**
 * Runs work that is ONE statement (a call of one of the money functions) atomically: alone when
 * nothing shares its transaction (a statement is its own transaction, and skipping BEGIN and
 * COMMIT saves two of three round trips), else inside the transaction it is given.
 */
export function runStatement<T>(run: RunInTx, statement: (db: DbOrTx) => Promise<T>): Promise<T> {
  const alone = run.alone;
  return alone ? retryOnConflict(() => statement(alone)) : run(statement);
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

/** sha256 over the method, the routed path, its ids and query, and the request's content. */
function fingerprintOf(request: FastifyRequest, content: (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const part of [request.method, request.routeOptions.url ?? '', JSON.stringify(request.params ?? {}), JSON.stringify(request.query ?? {}), ...content]) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    // Length-prefixed, so ("ab", "c") and ("a", "bc") differ.
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex');
}

async function findAnswer(db: DbOrTx, userId: string, key: string, now: Date) {
  const rows = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), gt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))))
    .limit(1);
  return rows[0] ?? null;
}

/** A form's content for the fingerprint: its fields in a stable order, then the file's bytes. */
export function formContent(fields: Record<string, unknown>, file: Buffer | null): (string | Buffer)[] {
  const ordered = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return [JSON.stringify(ordered), file ?? ''];
}

export interface IdempotentCall<T> {
  /** The success status (200, 201). */
  status: number;
  /** The response body for the result (the contract schema's parse). */
  respond: (result: T) => unknown;
  /** What the request carried, when it is not the JSON body (multipart: fields and file bytes). */
  content?: (string | Buffer)[];
}

/**
 * Answers a money-moving request. `call` gets the transaction runner to do its work in and must
 * return exactly what that run returned (checked): that value is the answer stored with the key.
 * Without an Idempotency-Key (or a session) it is a plain transaction.
 */
export async function answerIdempotently<T>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  spec: IdempotentCall<T>,
  call: (run: RunInTx) => Promise<T>,
): Promise<FastifyReply> {
  const key = readKey(request);
  const userId = request.auth?.user.id;
  if (key === null || !userId) return reply.status(spec.status).send(spec.respond(await call(inTransaction(ctx.db))));

  const fingerprint = fingerprintOf(request, spec.content ?? [JSON.stringify(request.body ?? null)]);
  const now = ctx.now();
  const replay = (row: typeof idempotencyKeys.$inferSelect): FastifyReply => {
    // A claim without an answer predates this scheme (its money may have moved with the answer
    // lost): it is never run again, and lapses with the other keys after 24 hours.
    if (row.completedAt === null || row.statusCode === null) throw conflict('A request with this Idempotency-Key is still being processed');
    if (row.requestHash !== fingerprint) {
      throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for a different request', 422);
    }
    void reply.header(REPLAYED_HEADER, 'true').status(row.statusCode ?? spec.status);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(row.responseBody));
  };

  const earlier = await findAnswer(ctx.db, userId, key, now);
  if (earlier) return replay(earlier);

  let stored: { value: unknown } | null = null;
  const run: RunInTx = (work) => {
    if (stored) throw new Error('an idempotent call may run one transaction only');
    return retryOnConflict(() => ctx.db.transaction(async (tx) => {
      // An expired answer under the same key makes way; then the claim, which a racing twin with
      // the same key waits on (primary key) until this transaction ends, and then fails.
      await tx
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), lte(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))));
      await tx.insert(idempotencyKeys).values({ userId, key, method: request.method, path: request.routeOptions.url ?? '', requestHash: fingerprint, createdAt: now });
      const value = await work(tx);
      const body = JSON.parse(JSON.stringify(spec.respond(value as unknown as T) ?? null)) as unknown;
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: spec.status, responseBody: body, completedAt: now })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      stored = { value };
      return value;
    }));
  };

  let result: T;
  try {
    result = await call(run);
  } catch (err) {
    // A twin with this key committed while we ran: its answer is the answer, and nothing of ours
    // committed. That shows as the key's unique violation, or as a business refusal the twin's
    // work caused (a pending proof now exists, the balance is spent...).
    if (!isUniqueViolation(err, KEY_CONSTRAINT) && !(err instanceof AppError)) throw err;
    const twin = await findAnswer(ctx.db, userId, key, now);
    if (twin) return replay(twin);
    if (err instanceof AppError) throw err;
    throw conflict('A request with this Idempotency-Key is still being processed');
  }
  if (!stored || (stored as { value: unknown }).value !== result) {
    throw new Error('an idempotent call must return the value of its transaction');
  }
  return reply.status(spec.status).send(spec.respond(result));
}

/** Deletes answers a day old or older (their keys may be used afresh). */
export async function pruneIdempotencyKeys(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)));
}
