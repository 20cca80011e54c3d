// Serves the built single-page app: hashed assets with long caching, every other non-API path
// gets index.html so the client router decides (and shows its own 404 screen).
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isApiRequest } from '../routing.ts';

export async function registerWebApp(app: FastifyInstance, webDist: string | null): Promise<void> {
  const indexPath = webDist ? path.join(webDist, 'index.html') : null;
  const hasBuild = indexPath !== null && existsSync(indexPath);

  if (hasBuild && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasBuild && indexPath ? readFileSync(indexPath, 'utf8') : null;

  app.setNotFoundHandler((request, reply) => {
    if (isApiRequest(request)) {
      return reply.status(404).send({ message: 'API route not found', code: 'NOT_FOUND' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm run build:web` (npm start does it for you).');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}
