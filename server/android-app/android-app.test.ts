// The Android app package: nothing is served at the fixed path until an admin uploads a real APK
// (a 404, not the web app's HTML with a 200); then it is served with the APK type, named by its
// version, and the public settings say which version is there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, pngFile, registerUser, type SignedIn } from '../test/fixtures.ts';

/** The first bytes of a ZIP whose first entry is AndroidManifest.xml, padded: what the check reads. */
function fakeApk(size = 4096): Buffer {
  const header = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), Buffer.from('AndroidManifest.xml')]);
  return Buffer.concat([header, Buffer.alloc(size - header.length, 7)]);
}

function apkForm(bytes: Buffer | null, version?: string, name = 'app.apk'): FormData {
  const form = new FormData();
  if (version !== undefined) form.set('version', version);
  if (bytes) form.set('apk', new File([new Uint8Array(bytes)], name, { type: 'application/vnd.android.package-archive' }));
  return form;
}

describe.each(drivers)('Android app package (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver, webDist: null });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('answers 404 at the fixed path until an APK is uploaded', async () => {
    const res = await fetch(`${s.url}/downloads/referral-hub.apk`);
    expect(res.status).toBe(404);
    expect((await s.api('GET', '/api/app-settings')).body.androidApp).toBeNull();
  });

  it('refuses what is not an APK, a missing version and a file over the limit', async () => {
    const png = await s.upload('PUT', '/api/admin/android-app', apkForm(Buffer.from(await pngFile().arrayBuffer()), '1.0.0'), { token: admin.token });
    expect([png.status, png.body.code, png.body.message]).toEqual([400, 'INVALID_FILE', 'This file is not an Android app (APK)']);
    const noVersion = await s.upload('PUT', '/api/admin/android-app', apkForm(fakeApk(), ''), { token: admin.token });
    expect([noVersion.status, noVersion.body.message]).toEqual([400, 'Enter the version, like 1.0.0']);
    const huge = await s.upload('PUT', '/api/admin/android-app', apkForm(fakeApk(51 * 1024 * 1024), '1.0.0'), { token: admin.token });
    expect([huge.status, huge.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
    const user = await registerUser(s, admin.user.referralCode);
    expect((await s.upload('PUT', '/api/admin/android-app', apkForm(fakeApk(), '1.0.0'), { token: user.token })).status).toBe(403);
  });

  it('serves the uploaded APK with its type and version, and stops serving it when removed', async () => {
    const apk = fakeApk(20_000);
    const up = await s.upload('PUT', '/api/admin/android-app', apkForm(apk, '1.2.0'), { token: admin.token });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.androidApp).toMatchObject({ version: '1.2.0', sizeBytes: 20_000 });
    expect((await s.api('GET', '/api/app-settings')).body.androidApp).toMatchObject({ version: '1.2.0', sizeBytes: 20_000 });

    const res = await fetch(`${s.url}/downloads/referral-hub.apk`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.android.package-archive');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="referral-hub-1.2.0.apk"');
    expect(Buffer.from(await res.arrayBuffer()).equals(apk)).toBe(true);

    const removed = await s.api('DELETE', '/api/admin/android-app', { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await fetch(`${s.url}/downloads/referral-hub.apk`)).status).toBe(404);
  });
});
