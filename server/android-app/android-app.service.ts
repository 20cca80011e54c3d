// The Android app package an admin uploads in Settings: checked to be an APK (a ZIP holding an
// AndroidManifest.xml), size-limited, kept in the upload store, recorded with its version in the
// settings row, and served at the spec's fixed path. Until one exists the path answers 404, so the
// download page can say the app is coming instead of offering a button that always fails.
import { eq } from 'drizzle-orm';
import { ANDROID_APP_MAX_BYTES, APP_VERSION_RE, type AdminSettings } from '../../contract/settings.ts';
import type { AppContext } from '../context.ts';
import { appSettings } from '../db/schema.ts';
import { AppError, badRequest, notFound } from '../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getAppSettings, listPendingProposals, toAdminSettings } from '../settings/settings.service.ts';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const MANIFEST = Buffer.from('AndroidManifest.xml');

/** An APK is a ZIP whose entries include AndroidManifest.xml (named in its headers). */
export function looksLikeApk(bytes: Buffer): boolean {
  return bytes.length > 64 && bytes.subarray(0, 4).equals(ZIP_MAGIC) && bytes.includes(MANIFEST);
}

export async function saveAndroidApp(
  ctx: AppContext,
  actor: { id: string; ip: string | null },
  input: { bytes: Buffer | null; version: string | undefined; tooLarge: boolean },
): Promise<AdminSettings> {
  if (input.tooLarge) throw new AppError('FILE_TOO_LARGE', `The app file is too large (at most ${ANDROID_APP_MAX_BYTES / 1024 / 1024} MB)`, 413);
  if (!input.bytes || input.bytes.length === 0) throw badRequest('Choose the APK file to upload', 'VALIDATION_FAILED', { apk: 'Choose the APK file to upload' });
  if (!looksLikeApk(input.bytes)) throw badRequest('This file is not an Android app (APK)', 'INVALID_FILE', { apk: 'This file is not an Android app (APK)' });
  const version = input.version?.trim() ?? '';
  if (!APP_VERSION_RE.test(version)) throw badRequest('Enter the version, like 1.0.0', 'VALIDATION_FAILED', { version: 'Enter the version, like 1.0.0' });

  const previous = (await getAppSettings(ctx.db)).apkKey;
  const key = await ctx.uploads.put(input.bytes, 'apk');
  const now = ctx.now();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(appSettings)
        .set({ apkKey: key, apkVersion: version, apkSizeBytes: input.bytes!.length, apkUploadedAt: now, updatedAt: now, updatedById: actor.id })
        .where(eq(appSettings.id, 1))
        .returning();
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'android_app.uploaded',
        targetType: 'app_settings',
        targetId: '1',
        ip: actor.ip,
        details: { version, sizeBytes: input.bytes!.length },
        at: now,
      });
      return updated!;
    });
    if (previous) await ctx.uploads.delete(previous).catch(() => undefined);
    return { ...toAdminSettings(row), proposals: await listPendingProposals(ctx.db) };
  } catch (err) {
    await ctx.uploads.delete(key).catch(() => undefined);
    throw err;
  }
}

export async function removeAndroidApp(ctx: AppContext, actor: { id: string; ip: string | null }): Promise<AdminSettings> {
  const now = ctx.now();
  const previous = (await getAppSettings(ctx.db)).apkKey;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(appSettings)
      .set({ apkKey: null, apkVersion: null, apkSizeBytes: null, apkUploadedAt: null, updatedAt: now, updatedById: actor.id })
      .where(eq(appSettings.id, 1))
      .returning();
    await recordAudit(tx, { actorId: actor.id, action: 'android_app.removed', targetType: 'app_settings', targetId: '1', ip: actor.ip, at: now });
    return updated!;
  });
  if (previous) await ctx.uploads.delete(previous).catch(() => undefined);
  return { ...toAdminSettings(row), proposals: await listPendingProposals(ctx.db) };
}

/** The package to serve, or 404 while there is none. */
export async function readAndroidApp(ctx: AppContext): Promise<{ bytes: Buffer; version: string }> {
  const settings = await getAppSettings(ctx.db);
  const bytes = settings.apkKey ? await ctx.uploads.get(settings.apkKey) : null;
  if (!bytes || !settings.apkVersion) throw notFound('The Android app is not available yet');
  return { bytes, version: settings.apkVersion };
}
