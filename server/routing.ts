// Which requests are API calls, decided on the path the router matched (percent-decoded), never on
// the raw URL: `/%61pi/app-settings` is routed to /api/app-settings and must be limited like it.
import type { FastifyRequest } from 'fastify';

export function isApiRequest(request: FastifyRequest): boolean {
  const routed = request.routeOptions.url;
  if (routed !== undefined) return routed === '/api' || routed.startsWith('/api/');
  // No route matched (the not-found handler): fall back to the decoded path.
  let decoded = request.url;
  try {
    decoded = decodeURIComponent(request.url.split('?')[0] ?? '');
  } catch {
    // Malformed escapes: the raw text decides.
  }
  return decoded === '/api' || decoded.startsWith('/api/');
}
