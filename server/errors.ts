// One error type for every service, and the one handler that turns any error into `{message, code}`.
// Services throw AppError; nothing else decides an HTTP status.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorCode } from '../contract/errors.ts';
import { isDatabaseUnavailable } from './db/db-errors.ts';
import { errorForLog } from './logging.ts';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: number,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', fields?: Record<string, string>) =>
  new AppError(code, message, 400, fields);
export const unauthenticated = (message = 'Please log in to continue', code: ErrorCode = 'UNAUTHENTICATED') =>
  new AppError(code, message, 401);
export const forbidden = (message = 'You are not allowed to do this', code: ErrorCode = 'FORBIDDEN') =>
  new AppError(code, message, 403);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message, 404);
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(code, message, 409);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', message, 429, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** An admin deciding on their own money: another admin must. */
export const selfDealing = (what: 'withdrawal' | 'payment' | 'activation' | 'held rewards') =>
  new AppError('SELF_DEALING', `You cannot decide on your own ${what}. Another admin must do it.`, 403);
/** The database cannot serve right now (gone, restarting, overloaded): the client may retry shortly. */
export const databaseUnavailable = () =>
  new AppError('DB_UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a moment.', 503, undefined, { 'retry-after': '5' });

/** Turns a ZodError into the first message plus a per-field map. */
export function validationError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? 'Invalid input';
  return new AppError('VALIDATION_FAILED', first, 400, fields);
}

/** Postgres unique-violation, for the few places that map a constraint to a 409. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** A wallet would have gone below zero: SQLSTATE RH001, raised by rh_post_entry (server/db/functions/rh_post_entry.sql). */
export function isInsufficientBalance(err: unknown): boolean {
  return findPgError(err)?.code === 'RH001';
}

export function isCheckViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return e?.code === '23514' && (constraint === undefined || e.constraint === constraint);
}

function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) {
      return { code: c.code, constraint: typeof c.constraint === 'string' ? c.constraint : undefined };
    }
    cur = c.cause;
  }
  return undefined;
}

/** The multipart parser (busboy) reports a broken form with plain Errors and no status: these are the client's fault. */
const MALFORMED_MULTIPART_RE = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data|The needle cannot .*)$/;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      // Codes, names and the route only: a database error's message carries the statement's values.
      const level = appError.code === 'DB_UNAVAILABLE' ? 'warn' : 'error';
      request.log[level]({ err: errorForLog(error), route: request.routeOptions.url, method: request.method, code: appError.code }, 'request failed');
    }
    if (appError.headers) void reply.headers(appError.headers);
    void reply.status(appError.status).send({
      message: appError.message,
      code: appError.code,
      ...(appError.fields ? { fields: appError.fields } : {}),
    });
  });
}

/** Any error, as the AppError the client is answered with. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return validationError(error);
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const fe = error as FastifyError;
  const status = fe.statusCode ?? 500;
  if (fe.statusCode === undefined && MALFORMED_MULTIPART_RE.test(fe.message ?? '')) {
    return new AppError('BAD_REQUEST', 'Malformed request body', 400);
  }
  if (fe.code === 'FST_PARTS_LIMIT' || fe.code === 'FST_FILES_LIMIT' || fe.code === 'FST_FIELDS_LIMIT') {
    // Not a size problem: "File too large" would send the user hunting for a smaller image.
    return new AppError('BAD_REQUEST', 'Send one image and the form fields only', 400);
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new AppError('PAYLOAD_TOO_LARGE', 'The request is too large. Send at most 1 MB of form data.', 413);
  }
  if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || status === 413) return new AppError('FILE_TOO_LARGE', 'File too large', 413);
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many requests. Please try again later.', 429);
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, empty body...
    const message =
      fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
        ? 'Unsupported content type'
        : fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'Request body is empty'
          : fe.message && status === 400
            ? 'Malformed request body'
            : fe.message;
    return new AppError('BAD_REQUEST', message, status);
  }
  return new AppError('INTERNAL', 'Something went wrong', 500);
}
