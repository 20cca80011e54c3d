// Admin sign-in hardening: TOTP 2FA, backup codes, passkeys, security status, the audit log.
// adminSecurityPublicRoutes: the sign-in steps (no session yet). adminSecurityRoutes: mounted in
// the guarded /api/admin scope (app.ts), so every route there already requires an admin.
// Answers are parsed with their contract schema, so no internal field can leak.
import type { FastifyPluginAsync } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AppContext } from '../context.ts';
import { clientIp, requireAdmin, requireRecentAdmin } from '../sessions/auth.ts';
import {
  ActivityPageSchema,
  ActivityQuerySchema,
  AdminAuthResponseSchema,
  PasskeyAuthFinishResponseSchema,
  PasskeyRegisterFinishResponseSchema,
  SecurityStatusSchema,
  TwoFactorSetupResponseSchema,
  TwoFactorVerifyResponseSchema,
  PasskeyAuthBeginRequestSchema,
  PasskeyAuthFinishRequestSchema,
  PasskeyRegisterBeginRequestSchema,
  PasskeyRegisterFinishRequestSchema,
  TwoFactorLoginRequestSchema,
  TwoFactorVerifyRequestSchema,
} from '../../contract/admin-security.ts';
import { getSecurityStatus, setupTwoFactor, signInWithTwoFactor, verifyTwoFactor } from './two-factor.service.ts';
import {
  beginPasskeyAuthentication,
  beginPasskeyRegistration,
  finishPasskeyAuthentication,
  finishPasskeyRegistration,
} from './passkeys.service.ts';
import { listActivity } from '../audit/activity.service.ts';

export function adminSecurityPublicRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/2fa/login', async (request) => {
      const input = TwoFactorLoginRequestSchema.parse(request.body);
      return AdminAuthResponseSchema.parse(await signInWithTwoFactor(ctx, input, { ip: clientIp(request), userAgent: request.headers['user-agent'] }));
    });

    app.post('/passkey/auth/begin', async (request) => {
      const { email } = PasskeyAuthBeginRequestSchema.parse(request.body);
      return beginPasskeyAuthentication(ctx, email);
    });

    app.post('/passkey/auth/finish', async (request) => {
      const { email, credential } = PasskeyAuthFinishRequestSchema.parse(request.body);
      // The schema checked the envelope; the verifier checks every inner field.
      const result = await finishPasskeyAuthentication(ctx, email, credential as unknown as AuthenticationResponseJSON, {
        ip: clientIp(request),
        userAgent: request.headers['user-agent'],
      });
      return PasskeyAuthFinishResponseSchema.parse(result);
    });
  };
}

export function adminSecurityRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/2fa/setup', async (request) => TwoFactorSetupResponseSchema.parse(await setupTwoFactor(ctx, requireRecentAdmin(request, ctx.now()))));

    app.post('/2fa/verify', async (request) => {
      const admin = requireRecentAdmin(request, ctx.now());
      const { token } = TwoFactorVerifyRequestSchema.parse(request.body);
      return TwoFactorVerifyResponseSchema.parse(await verifyTwoFactor(ctx, admin, token, clientIp(request)));
    });

    app.get('/security/status', async (request) => SecurityStatusSchema.parse(await getSecurityStatus(ctx.db, requireAdmin(request).id)));

    app.post('/passkey/register/begin', async (request) => {
      const admin = requireRecentAdmin(request, ctx.now());
      PasskeyRegisterBeginRequestSchema.parse(request.body ?? {});
      return beginPasskeyRegistration(ctx, admin);
    });

    app.post('/passkey/register/finish', async (request) => {
      const admin = requireRecentAdmin(request, ctx.now());
      const { credential, deviceName } = PasskeyRegisterFinishRequestSchema.parse(request.body);
      // The schema checked the envelope; the verifier checks every inner field.
      const result = await finishPasskeyRegistration(ctx, admin, credential as unknown as RegistrationResponseJSON, deviceName, clientIp(request));
      return PasskeyRegisterFinishResponseSchema.parse(result);
    });

    app.get('/activity', async (request) => ActivityPageSchema.parse(await listActivity(ctx.db, ActivityQuerySchema.parse(request.query))));
  };
}
