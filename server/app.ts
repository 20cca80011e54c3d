// buildApp: the whole HTTP surface on one Fastify instance. The JSON API lives under /api; every
// other path serves the built single-page app. Tests build it with their own context.
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import type { AppContext } from './context.ts';
import { registerErrorHandler, notFound } from './errors.ts';
import { registerAuth, requireAdmin } from './sessions/auth.ts';
import { healthRoutes } from './health/health.routes.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { adminDataRequestRoutes, privacyRoutes } from './privacy/privacy.routes.ts';
import { adminSetupRoutes } from './accounts/admin-setup.routes.ts';
import { publicSettings, settingsRoutes } from './settings/settings.routes.ts';
import { activationRoutes } from './activation/activation.routes.ts';
import { referralsRoutes } from './referrals/referrals.routes.ts';
import { spinsRoutes } from './spins/spins.routes.ts';
import { withdrawalsRoutes } from './withdrawals/withdrawals.routes.ts';
import { transactionsRoutes } from './ledger/transactions.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { adminSecurityPublicRoutes, adminSecurityRoutes } from './admin-security/admin-security.routes.ts';
import { registerWebApp } from './web/web.routes.ts';
import { adminWithdrawalsRoutes } from './withdrawals/admin-withdrawals.routes.ts';
import { androidAppAdminRoutes, androidAppDownloadRoutes } from './android-app/android-app.routes.ts';
import { WITHDRAWAL_SCREENSHOT_MAX_BYTES } from '../contract/constants.ts';
import { isApiRequest } from './routing.ts';
import { securityHeaders } from './security-headers.ts';
import { registerJsonCompression } from './compression.ts';
import { addressKey } from './throttle/address-key.ts';
import { enforceAdminRole } from './admins/role-guard.ts';
import { reversalsRoutes } from './reversals/reversals.routes.ts';
import { statementsRoutes } from './statements/statements.routes.ts';
import { reconciliationRoutes } from './reconciliation/reconciliation.routes.ts';
import { riskRoutes } from './fraud/risk.routes.ts';
import { gatewayRoutes } from './gateway/gateway.routes.ts';
import { adminPayoutsRoutes, payoutWebhookRoutes } from './payouts/payouts.routes.ts';
import { ledgerViewRoutes } from './ledger/ledger-view.routes.ts';
import { adminInvitationPublicRoutes, adminsRoutes } from './admins/admins.routes.ts';
import { adminTaxRoutes, taxRoutes } from './tax/tax.routes.ts';
import { API_RATE_WINDOW_MS, createSharedRateLimitStore } from './throttle/shared-rate-limit-store.ts';
import { errorForLog } from './logging.ts';

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Requests per minute per IP before 429, across the whole API (default: the config's). */
  rateLimitPerMinute?: number;
  /** Folder of the built web app; absent = API only. */
  webDist?: string | null;
}

/** Admin paths reachable without an admin session: first-admin setup and the sign-in steps. */
export const PUBLIC_ADMIN_PATHS = new Set([
  '/api/admin/setup',
  '/api/admin/invitations/lookup',
  '/api/admin/invitations/accept',
  '/api/admin/2fa/login',
  '/api/admin/passkey/auth/begin',
  '/api/admin/passkey/auth/finish',
]);

/** A hop count becomes "trust the first n hops" (what Fastify does with a number; its types lack it). */
function trustProxyOption(setting: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** The compiler for a route schema, which no route has: declaring one fails the start, loudly. */
function noRouteSchemas(): () => never {
  return () => {
    throw new Error('Fastify route schemas are not used here: check the request with the contract (zod) in the handler');
  };
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // One line per request (the onResponse hook below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Ids and codes never need long URLs; this also bounds work per request.
    routerOptions: { maxParamLength: 200 },
    // Requests are checked with the contract's zod schemas in the handlers and answers are plain
    // JSON, so no route declares a Fastify schema: Fastify's own compilers (ajv and
    // fast-json-stringify, a fifth of the server's code) are never loaded (bench row start.pglite).
    schemaController: { compilersFactory: { buildValidator: noRouteSchemas, buildSerializer: noRouteSchemas } },
  });

  registerErrorHandler(app);
  app.addHook('onResponse', async (request, reply) => {
    ctx.metrics.observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    request.log.info({ method: request.method, url: request.url.split('?')[0], statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request done');
  });

  registerJsonCompression(app);
  const headers = securityHeaders(ctx.config);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(headers);
  });

  // On PostgreSQL several processes may serve one site: their counts are shared through the
  // database (server/throttle/shared-rate-limit-store.ts). The embedded database has one process.
  const sharedCounts =
    ctx.dbKind === 'postgres' ? createSharedRateLimitStore(ctx.db, { onError: (err) => app.log.warn({ err: errorForLog(err) }, 'rate limit counts not synced') }) : null;
  if (sharedCounts) app.addHook('onClose', () => sharedCounts.close());
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimitPerMinute ?? ctx.config.rateLimitPerMinute,
    timeWindow: API_RATE_WINDOW_MS,
    ...(sharedCounts ? { store: sharedCounts.Store } : {}),
    allowList: (request) => !isApiRequest(request),
    keyGenerator: (request) => addressKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: 'Too many requests. Please try again later.',
      code: 'RATE_LIMITED',
      retryAfter: Math.ceil(context.ttl / 1000),
    }),
  });

  await app.register(multipart, {
    limits: { fileSize: WITHDRAWAL_SCREENSHOT_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });

  // API answers are personal and change with every action: no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  });

  registerAuth(app, ctx);

  await app.register(healthRoutes(ctx));
  await app.register(androidAppDownloadRoutes(ctx));

  await app.register(
    async (api) => {
      await api.register(accountsRoutes(ctx));
      await api.register(settingsRoutes(ctx));
      await api.register(activationRoutes(ctx));
      await api.register(referralsRoutes(ctx));
      await api.register(spinsRoutes(ctx));
      await api.register(withdrawalsRoutes(ctx));
      await api.register(transactionsRoutes(ctx));
      await api.register(notificationsRoutes(ctx));
      await api.register(statementsRoutes(ctx));
      await api.register(gatewayRoutes(ctx));
      await api.register(payoutWebhookRoutes(ctx));
      await api.register(privacyRoutes(ctx));
      await api.register(taxRoutes(ctx));

      // Admin scope, public part: only the paths in PUBLIC_ADMIN_PATHS.
      await api.register(
        async (publicAdmin) => {
          await publicAdmin.register(adminSetupRoutes(ctx));
          await publicAdmin.register(adminSecurityPublicRoutes(ctx));
          await publicAdmin.register(adminInvitationPublicRoutes(ctx));
        },
        { prefix: '/admin' },
      );

      // Admin scope, guarded: one hook in front of every route registered inside.
      await api.register(
        async (admin) => {
          admin.addHook('onRequest', async (request) => {
            await enforceAdminRole(ctx, request, requireAdmin(request));
          });
          await admin.register(adminRoutes(ctx));
          await admin.register(adminWithdrawalsRoutes(ctx));
          await admin.register(adminSecurityRoutes(ctx));
          await admin.register(androidAppAdminRoutes(ctx));
          await admin.register(reversalsRoutes(ctx));
          await admin.register(adminsRoutes(ctx));
          await admin.register(ledgerViewRoutes(ctx));
          await admin.register(reconciliationRoutes(ctx));
          await admin.register(riskRoutes(ctx));
          await admin.register(adminDataRequestRoutes(ctx));
          await admin.register(adminPayoutsRoutes(ctx));
          await admin.register(adminTaxRoutes(ctx));
        },
        { prefix: '/admin' },
      );

      api.all('/*', async () => {
        throw notFound('API route not found');
      });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, { webDist: options.webDist ?? null, readSettings: () => publicSettings(ctx), appOrigin: ctx.config.appOrigin });

  return app;
}
