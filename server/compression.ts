// Compressed answers: JSON over 1 KB is compressed per request (brotli at a fast level, or gzip),
// static files are sent as the .br/.gz twins the build made (see web/vite.config.ts). Small answers
// are left alone: compressing them costs more than it saves.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (br before gzip), or null. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

export function compress(bytes: Buffer, encoding: Encoding): Promise<Buffer> {
  // Quality 4: most of brotli's gain for a fraction of the default (11) cost, as a web server should.
  return encoding === 'br' ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gz(bytes, { level: 6 });
}

/** A page sent many times (the app's index.html, a server-rendered page): compressed once, at best quality. */
export interface PrecompressedPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompress(body: Buffer): PrecompressedPage {
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** Compresses JSON answers of 1 KB or more for clients that accept it. */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    void reply.header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    void reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compress(Buffer.from(payload), encoding);
  });
}
