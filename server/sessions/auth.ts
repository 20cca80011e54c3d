// Who is calling: reads the bearer token once per request and offers the guards every route uses.
// requireAdmin is installed as a hook on the whole /api/admin scope (see app.ts), so no admin
// route can forget it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_RECENT_SIGN_IN_MS, PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';
import type { AppContext } from '../context.ts';
import { forbidden, unauthenticated } from '../errors.ts';
import { findSessionUser, type SessionLookup, type SessionUser } from './sessions.service.ts';
import { isApiRequest } from '../routing.ts';

/** The signed-in session of a request (see findSessionUser): session, user, balance, one setting. */
export type RequestAuth = SessionLookup;

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    const token = bearerToken(request);
    if (!token) return;
    request.auth = await findSessionUser(ctx.db, token, ctx.now());
  });
}

/**
 * What a person who has not accepted the current privacy policy may still call (DESIGN.md section
 * 18): read their account, sign out, export their data, accept, and delete their account.
 */
const WITHOUT_CONSENT = new Set(['GET /api/user', 'POST /api/logout', 'GET /api/me/export', 'POST /api/me/consent', 'DELETE /api/me']);

/** Whether this user must accept the current privacy policy before anything else (admins accept by their role). */
export function consentRequired(user: Pick<SessionUser, 'isAdmin' | 'policyVersion'>): boolean {
  return !user.isAdmin && user.policyVersion !== PRIVACY_POLICY_VERSION;
}

/** The signed-in user, or 401; 403 CONSENT_REQUIRED for a person on an old privacy policy, but on the calls above. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw unauthenticated();
  const user = request.auth.user;
  if (consentRequired(user) && !WITHOUT_CONSENT.has(`${request.method === 'HEAD' ? 'GET' : request.method} ${request.routeOptions.url ?? ''}`)) {
    throw forbidden('Accept the updated privacy notice to continue', 'CONSENT_REQUIRED');
  }
  return user;
}

/** The signed-in, activated user: 401 without a session, 403 before activation. */
export function requireActivatedUser(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isActivated && !user.isAdmin) throw forbidden('Please activate your account first', 'NOT_ACTIVATED');
  return user;
}

/** The signed-in admin: 401 without a session, 403 for anyone else. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('Admin access required', 'NOT_ADMIN');
  return user;
}

/**
 * The admin, signed in within the last 15 minutes: what it takes to change 2FA or add a passkey.
 * A stolen 12-hour admin session can then not plant its own second factor and keep access.
 */
export function requireRecentAdmin(request: FastifyRequest, now: Date): SessionUser {
  const user = requireAdmin(request);
  const signedInAt = request.auth!.sessionCreatedAt.getTime();
  if (now.getTime() - signedInAt > ADMIN_RECENT_SIGN_IN_MS) {
    throw forbidden('For your security, sign in again to change two-factor or passkey settings', 'REAUTH_REQUIRED');
  }
  return user;
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
