// HTTP routes of the spins feature (thin: parse with the contract, call the service, shape the answer).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';

export function spinsRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}
