// HTTP side of the Android app package: the public download at the fixed path, and the admin's
// upload (multipart: apk file + version) and removal under the guarded /api/admin scope.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ANDROID_APP_MAX_BYTES, ANDROID_APP_PATH } from '../../contract/settings.ts';
import type { AppContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { readAndroidApp, removeAndroidApp, saveAndroidApp } from './android-app.service.ts';

async function readApkForm(request: FastifyRequest): Promise<{ bytes: Buffer | null; version: string | undefined; tooLarge: boolean }> {
  if (!request.isMultipart()) throw badRequest('Send the APK file as a form upload', 'VALIDATION_FAILED');
  let bytes: Buffer | null = null;
  let version: string | undefined;
  let tooLarge = false;
  // Our own bound above the app-wide 10 MB: busboy stops at it and marks the file truncated.
  for await (const part of request.parts({ limits: { fileSize: ANDROID_APP_MAX_BYTES }, throwFileSizeLimit: false } as Parameters<typeof request.parts>[0])) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.fieldname !== 'apk') continue;
      if (part.file.truncated) tooLarge = true;
      else bytes = Buffer.concat(chunks);
    } else if (part.fieldname === 'version' && typeof part.value === 'string') {
      version = part.value;
    }
  }
  return { bytes, version, tooLarge };
}

/** GET /downloads/referral-hub.apk (public). */
export function androidAppDownloadRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get(ANDROID_APP_PATH, async (_request, reply) => {
      const apk = await readAndroidApp(ctx);
      return reply
        .header('content-type', 'application/vnd.android.package-archive')
        .header('content-disposition', `attachment; filename="referral-hub-${apk.version}.apk"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-cache')
        .send(apk.bytes);
    });
  };
}

/** PUT and DELETE /api/admin/android-app (inside the guarded admin scope). */
export function androidAppAdminRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const actor = (request: FastifyRequest) => ({ id: requireAdmin(request).id, ip: clientIp(request) });
    app.put('/android-app', async (request) => saveAndroidApp(ctx, actor(request), await readApkForm(request)));
    app.delete('/android-app', async (request) => removeAndroidApp(ctx, actor(request)));
  };
}
