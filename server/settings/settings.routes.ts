// GET /api/app-settings: the public settings (UPI details, support contact, economics, wheel odds,
// and the payment gateway when one is configured).
// The admin's update lives in the guarded admin scope (server/admin/admin.routes.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { AppSettings } from '../../contract/settings.ts';
import type { AppContext } from '../context.ts';
import { readAppSettings } from './settings.service.ts';

/** What GET /api/app-settings answers; the server-rendered pages are rendered with the same. */
export async function publicSettings(ctx: AppContext): Promise<AppSettings> {
  return { ...(await readAppSettings(ctx.db)), paymentGateway: ctx.gateway ? { name: ctx.gateway.name } : null };
}

export function settingsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/app-settings', () => publicSettings(ctx));
  };
}
