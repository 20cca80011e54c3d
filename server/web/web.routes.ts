// Serves the built single-page app: hashed assets with long caching, each sent as the brotli or gzip
// twin the build made when the browser accepts it. The entry pages (and the 404 page, with status
// 404) go to a signed-out visitor rendered by the server (server-render.ts); every other non-API
// path gets index.html (likewise pre-compressed) and the client router renders it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isApiRequest } from '../routing.ts';
import { chooseEncoding, precompress, type PrecompressedPage } from '../compression.ts';
import type { AppSettings } from '../../contract/settings.ts';
import { createServerRenderer, type ServerRenderer } from './server-render.ts';
import { registerCrawlerFiles } from './crawlers.ts';

/** Where the web build's server module lives: beside the web app's folder (dist/web -> dist/web-ssr). */
export function serverModuleDir(webDist: string): string {
  return path.join(path.dirname(webDist), `${path.basename(webDist)}-ssr`);
}

export interface WebAppOptions {
  /** The built web app (dist/web), or null to serve the API alone. */
  webDist: string | null;
  /** The public settings the server-rendered pages show. */
  readSettings?: () => Promise<AppSettings>;
  /** The site's own address, for the sitemap. */
  appOrigin: string;
}

export async function registerWebApp(app: FastifyInstance, { webDist, readSettings, appOrigin }: WebAppOptions): Promise<void> {
  registerCrawlerFiles(app, appOrigin);
  const indexPath = webDist ? path.join(webDist, 'index.html') : null;
  const hasBuild = indexPath !== null && existsSync(indexPath);

  if (hasBuild && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      // One wildcard route rather than a route per built file (two per file, with the .br/.gz
      // twins listed too): registering hundreds of routes was a fifth of start-up. A path that is
      // not a file falls through to the not-found handler below, which answers index.html.
      wildcard: true,
      index: false,
      preCompressed: true,
      // Our cache headers (setHeaders below), not the plugin's default max-age=0.
      cacheControl: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasBuild && indexPath ? readFileSync(indexPath) : null;
  // index.html is answered for every app path: its compressed forms are made once, here.
  const index = indexHtml ? precompress(indexHtml) : null;

  /** An HTML page in the best encoding the browser takes. */
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, page: PrecompressedPage, vary: string) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding) return reply.header('content-encoding', encoding).send(page[encoding]);
    return reply.send(page.body);
  };

  const renderer: ServerRenderer | null =
    indexHtml && webDist && readSettings
      ? createServerRenderer({
          webDist,
          ssrDir: serverModuleDir(webDist),
          template: indexHtml.toString('utf8'),
          readSettings,
          log: (message, err) => app.log.error({ err }, message),
        })
      : null;

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const page = renderer ? ((await renderer.page(request)) ?? (await renderer.shell(request))) : null;
    if (!page) return sendIndex(request, reply);
    void reply.status(page.status);
    // The page depends on the reader's language, whether they are signed in, and their device.
    return sendHtml(request, reply, page, 'accept-encoding, accept-language, cookie, user-agent');
  };

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!index) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build:web` (npm start does it for you).');
    }
    return sendHtml(request, reply, index, 'accept-encoding');
  };

  // The site root is the app too: without this the static plugin takes "/" for a directory listing
  // it may not show, and a client asking for no compression (curl, an uptime monitor) got 403.
  if (hasBuild) app.get('/', sendPage);

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request)) {
      return reply.status(404).send({ message: 'API route not found', code: 'NOT_FOUND' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    return sendPage(request, reply);
  });
}
