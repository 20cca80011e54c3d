// HTTP routes of the accounts feature (thin: parse with the contract, call the service, shape the answer).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  ResendOtpRequestSchema,
  ResetPasswordRequestSchema,
  SetLanguageRequestSchema,
  VerifyOtpRequestSchema,
  VerifyResetOtpRequestSchema,
} from '../../contract/accounts.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { ACCOUNT_LANGUAGES } from '../i18n/sms-texts.ts';
import { clientIp, requireUser } from '../sessions/auth.ts';
import type { SessionMeta } from '../sessions/sessions.service.ts';
import { warmDummyHash } from './password.ts';
import { toUserResponse } from './user-response.ts';
import { deviceIdOf, noteSignIn, noteSignUp } from '../fraud/risk-signals.ts';
import {
  login,
  logout,
  registerAccount,
  requestPasswordReset,
  resendRegistrationOtp,
  resetPassword,
  setAccountLanguage,
  verifyRegistration,
  verifyResetOtp,
} from './accounts.service.ts';

function sessionMeta(request: FastifyRequest): SessionMeta {
  return { ip: clientIp(request), userAgent: request.headers['user-agent'] };
}

/** A missing body parses as an empty object, so each field gets its own message. */
const bodyOf = (request: FastifyRequest): unknown => request.body ?? {};

export function accountsRoutes(ctx: AppContext): FastifyPluginAsync {
  warmDummyHash();
  return async (app) => {
    app.post('/register', async (request, reply) => {
      const input = RegisterRequestSchema.parse(bodyOf(request));
      const registered = await registerAccount(ctx, input, { ip: clientIp(request) });
      await noteSignUp(ctx, { userId: registered.userId, deviceId: deviceIdOf(request), ip: clientIp(request) });
      return reply.status(201).send(registered);
    });

    app.post('/verify-otp', async (request) => {
      const input = VerifyOtpRequestSchema.parse(bodyOf(request));
      const signedIn = await verifyRegistration(ctx, input, sessionMeta(request));
      await noteSignIn(ctx, { userId: signedIn.user.id, deviceId: deviceIdOf(request), ip: clientIp(request) });
      return signedIn;
    });

    app.post('/resend-otp', async (request) => {
      const input = ResendOtpRequestSchema.parse(bodyOf(request));
      return resendRegistrationOtp(ctx, input.userId, { ip: clientIp(request) });
    });

    app.post('/login', async (request) => {
      const input = LoginRequestSchema.parse(bodyOf(request));
      const signedIn = await login(ctx, input, sessionMeta(request));
      if (!signedIn.user.isAdmin) await noteSignIn(ctx, { userId: signedIn.user.id, deviceId: deviceIdOf(request), ip: clientIp(request) });
      return signedIn;
    });

    app.post('/logout', async (request, reply) => {
      requireUser(request);
      await logout(ctx, request.auth!.sessionId);
      return reply.status(204).send();
    });

    // Answered from the session lookup the request already made: no second query.
    app.get('/user', async (request) => {
      const user = requireUser(request);
      const auth = request.auth!;
      return toUserResponse(user, { walletPaise: auth.walletBalancePaise, heldPaise: auth.heldBalancePaise, debtPaise: auth.debtBalancePaise }, auth.referralsPerSpin);
    });

    app.put('/user/language', async (request) => {
      const user = requireUser(request);
      const input = SetLanguageRequestSchema.parse(bodyOf(request));
      if (!ACCOUNT_LANGUAGES.includes(input.language)) throw badRequest('Choose a language', 'VALIDATION_FAILED', { language: 'Choose a language' });
      return setAccountLanguage(ctx, user.id, input.language);
    });

    app.post('/forgot-password', async (request) => {
      const input = ForgotPasswordRequestSchema.parse(bodyOf(request));
      return requestPasswordReset(ctx, input.phone, { ip: clientIp(request) });
    });

    app.post('/verify-reset-otp', async (request) => {
      const input = VerifyResetOtpRequestSchema.parse(bodyOf(request));
      return verifyResetOtp(ctx, input);
    });

    app.post('/reset-password', async (request) => {
      const input = ResetPasswordRequestSchema.parse(bodyOf(request));
      return resetPassword(ctx, input);
    });
  };
}
