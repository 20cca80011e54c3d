// Every route the app registered, read from Fastify's route tree print-out: tests that must cover
// every route (the admin guard walk, the bad-input sweep) take the list from here, so a route
// added later is covered without anyone remembering to add it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  path: string;
  methods: string[];
}

/**
 * Reads Fastify's route tree print-out. Each level indents by 4 characters and a child's text
 * continues its parent's path (the tree is a radix tree), e.g. "/api/withdraw" + "al-requests".
 */
export function parseRouteTree(tree: string): RouteEntry[] {
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + match[2]!;
    stack.push(path);
    if (match[3]) routes.push({ path, methods: match[3].split(',').map((m) => m.trim()) });
  }
  return routes;
}

export function concretePath(path: string): string {
  return path.replace(/:[A-Za-z_]+/g, randomUUID()).replace(/\*/g, 'x');
}

/** Every (method, path) under /api, without HEAD and OPTIONS. */
export function apiRoutes(app: FastifyInstance): { method: string; path: string }[] {
  return parseRouteTree(app.printRoutes({ commonPrefix: false }))
    .filter((r) => r.path.startsWith('/api/') && !r.path.includes('*'))
    .flatMap((r) => r.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((method) => ({ method, path: r.path })));
}
