// Idempotency-Key support for money-moving calls. A route opts in with `config: { idempotent: true }`;
// registerIdempotency installs the hooks once for the whole app.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Replays the first answer for a repeated Idempotency-Key instead of running the handler again. */
    idempotent?: boolean;
  }
}

export function registerIdempotency(_app: FastifyInstance, _ctx: AppContext): void {
  // Implemented by the money-core work; a no-op until then.
}
