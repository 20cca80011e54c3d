// What each admin role may call, decided once in the guarded /api/admin scope (app.ts) so no route
// can forget it. A Super Admin may call everything. A reviewer may call only the routes listed here
// (users, payment proofs, withdrawals, the Overview and their own sign-in security): a route added
// later is Super-Admin-only until it is listed. A reviewer who has not set up two-factor sign-in
// may call only the routes that set it up.
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { adminTwoFactor } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { SessionUser } from '../sessions/sessions.service.ts';

const route = (method: string, url: string) => `${method} ${url}`;

/** Their own sign-in security: reachable by every admin, a reviewer without 2FA included. */
const SECURITY_ROUTES = new Set([
  route('POST', '/api/admin/2fa/setup'),
  route('POST', '/api/admin/2fa/verify'),
  route('GET', '/api/admin/security/status'),
  route('POST', '/api/admin/passkey/register/begin'),
  route('POST', '/api/admin/passkey/register/finish'),
]);

/** A reviewer's work: the Overview, users (and their risk flags), payment proofs (and reconciling them with the bank statement) and withdrawals. */
const REVIEWER_ROUTES = new Set([
  ...SECURITY_ROUTES,
  route('GET', '/api/admin/stats'),
  route('GET', '/api/admin/activity'),
  route('GET', '/api/admin/sms-jobs'),
  route('DELETE', '/api/admin/sms-jobs/:id'),
  route('GET', '/api/admin/users'),
  route('PUT', '/api/admin/users/:id/activate'),
  route('PUT', '/api/admin/users/:id/status'),
  route('GET', '/api/admin/manual-payments'),
  route('PUT', '/api/admin/manual-payments/:id'),
  route('GET', '/api/admin/withdrawals'),
  route('PUT', '/api/admin/withdrawals/:id'),
  route('GET', '/api/admin/withdrawal-screenshot/:id'),
  route('GET', '/api/admin/reconciliation'),
  route('POST', '/api/admin/reconciliation'),
  route('GET', '/api/admin/reconciliation/:id'),
  route('POST', '/api/admin/reconciliation/:id/approve-matched'),
  route('GET', '/api/admin/users/:id/risk-flags'),
  // Withdrawals paid through the payout provider: its alert and the refused payouts (try again, or return the money).
  route('GET', '/api/admin/payouts'),
  route('POST', '/api/admin/payouts/:id/retry'),
  route('POST', '/api/admin/payouts/:id/return'),
]);

export function isReviewerRoute(method: string, url: string): boolean {
  return REVIEWER_ROUTES.has(route(method, url));
}

export const roleForbidden = () => new AppError('ROLE_FORBIDDEN', 'Only a Super Admin can do this', 403);

/** Refuses a reviewer on a Super-Admin route, and a reviewer without 2FA on anything but setting it up. */
export async function enforceAdminRole(ctx: AppContext, request: FastifyRequest, admin: SessionUser): Promise<void> {
  if (admin.adminRole === 'super_admin') return;
  const called = route(request.method === 'HEAD' ? 'GET' : request.method, request.routeOptions.url ?? '');
  if (!REVIEWER_ROUTES.has(called)) throw roleForbidden();
  if (SECURITY_ROUTES.has(called)) return;
  const [twoFactor] = await ctx.db.select({ enabledAt: adminTwoFactor.enabledAt }).from(adminTwoFactor).where(eq(adminTwoFactor.userId, admin.id)).limit(1);
  if (!twoFactor?.enabledAt) {
    throw new AppError('TWO_FACTOR_SETUP_REQUIRED', 'Set up two-factor sign-in before you review payments and withdrawals', 403);
  }
}
