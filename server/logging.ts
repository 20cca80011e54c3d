// What the server writes to its log, and what it must never write: SQL parameters, tokens, OTPs,
// passwords, hashes, phone or bank numbers. Requests are logged by method, path (no query string:
// admin searches carry phone numbers) and status; errors by name, code and stack frames.
import type { FastifyServerOptions } from 'fastify';
import { dbErrorFacts, isDatabaseError } from './db/db-errors.ts';

/**
 * Masks what could be a secret or a person's number in free text: runs of 6+ digits (phones,
 * account numbers, OTPs, UTRs), argon2 hashes, and long hex or base64url runs (tokens, digests).
 */
export function redactText(text: string): string {
  return text
    .replace(/\$argon2[a-z]*\$[^\s"']+/g, '[hash]')
    .replace(/[A-Za-z0-9_-]{32,}/g, '[token]')
    .replace(/\d{6,}/g, '[number]');
}

/** Stack frames only: the first line of a stack repeats the message. */
function frames(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 12)
    .join('\n');
}

/** An error as a log field: database errors by their codes only, others by name, masked message and frames. */
export function errorForLog(err: unknown): Record<string, unknown> {
  if (isDatabaseError(err)) {
    return { ...dbErrorFacts(err), stack: frames((err as Error).stack) };
  }
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return {
      name: err.name,
      ...(typeof code === 'string' ? { code } : {}),
      message: redactText(err.message).slice(0, 300),
      stack: frames(err.stack),
    };
  }
  return { name: typeof err };
}

/** The path of a request URL without its query string. */
function pathOnly(url: string | undefined): string {
  if (!url) return '';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Development: one short readable line per log record ("12:03:04 GET /api/user 200 3 ms") instead
 * of JSON, so the SMS codes the console provider prints are not buried. Production keeps JSON.
 */
export function readableLine(record: Record<string, unknown>): string {
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now()).toTimeString().slice(0, 8);
  const level = typeof record.level === 'number' && record.level >= 50 ? 'ERROR ' : typeof record.level === 'number' && record.level >= 40 ? 'WARN ' : '';
  if (record.msg === 'request done') {
    return `${time} ${level}${String(record.method)} ${String(record.url)} ${String(record.statusCode)} ${String(record.ms)} ms`;
  }
  const err = record.err && typeof record.err === 'object' ? (record.err as Record<string, unknown>) : null;
  const extra = [record.route && `route=${String(record.route)}`, record.code && `code=${String(record.code)}`, err && `${String(err.name ?? '')} ${String(err.code ?? '')} ${String(err.message ?? '')}`.trim()];
  return `${time} ${level}${String(record.msg ?? '')} ${extra.filter(Boolean).join(' ')}`.trimEnd();
}

function readableStream(): { write(line: string): void } {
  return {
    write(line: string) {
      try {
        process.stdout.write(`${readableLine(JSON.parse(line) as Record<string, unknown>)}\n`);
      } catch {
        process.stdout.write(line);
      }
    },
  };
}

/**
 * pino options for Fastify: requests without query strings, addresses or headers; errors through
 * errorForLog; readable lines instead of JSON when `readable` (development).
 */
export function loggerOptions(level: string, opts: { readable?: boolean } = {}): Exclude<NonNullable<FastifyServerOptions['logger']>, boolean> {
  return {
    level,
    ...(opts.readable ? { stream: readableStream() } : {}),
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, url: pathOnly(req.url) }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      // Errors Fastify or a plugin logs directly are made safe here; a field that is already the
      // safe form (callers pass errorForLog's result) is not an Error and passes through.
      err: (err: Error) => {
        if (!(err instanceof Error)) return err;
        const safe = errorForLog(err);
        return { ...safe, type: String(safe.name), message: String(safe.message ?? ''), stack: String(safe.stack ?? '') };
      },
    },
  };
}
