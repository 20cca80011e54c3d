// Walks every registered /api/admin route and method: without a session each answers 401, with a
// normal user's session 403. Only app.ts's PUBLIC_ADMIN_PATHS are exempt. A new admin route that
// slips outside the guarded scope fails here without anyone writing a test for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ADMIN_PATHS } from './app.ts';
import { drivers, startTestServer, type TestServer } from './test/harness.ts';
import { createAdmin, registerUser } from './test/fixtures.ts';
import { concretePath, parseRouteTree } from './test/route-tree.ts';

describe.each(drivers)('admin route walk (%s)', (driver) => {
  let s: TestServer;
  let adminToken: string;
  let userToken: string;
  let guarded: { method: string; path: string }[];
  let publicOnes: { method: string; path: string }[];

  beforeAll(async () => {
    s = await startTestServer({ driver });
    const admin = await createAdmin(s);
    adminToken = admin.token;
    userToken = (await registerUser(s, admin.user.referralCode)).token;
    const all = parseRouteTree(s.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.path === '/api/admin' || r.path.startsWith('/api/admin/'))
      .flatMap((r) => r.methods.map((method) => ({ method, path: r.path })));
    guarded = all.filter((r) => !PUBLIC_ADMIN_PATHS.has(r.path));
    publicOnes = all.filter((r) => PUBLIC_ADMIN_PATHS.has(r.path));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('finds the admin routes', () => {
    const paths = new Set(guarded.map((r) => r.path));
    for (const p of ['/api/admin/activity', '/api/admin/2fa/setup', '/api/admin/security/status', '/api/admin/passkey/register/begin']) {
      expect(paths).toContain(p);
    }
    // Nested tree lines were joined to their parents (e.g. /api/admin/users/:id/activate).
    expect([...paths].some((p) => /^\/api\/admin\/[a-z-]+\/:id/.test(p))).toBe(true);
    expect(publicOnes.map((r) => r.path)).toContain('/api/admin/2fa/login');
  });

  it('answers 401 without a session and 403 to a normal user on every guarded route and method', async () => {
    const failures: string[] = [];
    for (const { method, path } of guarded) {
      const url = concretePath(path);
      const anonymous = await s.api(method, url);
      if (anonymous.status !== 401) failures.push(`${method} ${path} without a session: ${anonymous.status}`);
      const garbage = await s.api(method, url, { token: 'not-a-real-token' });
      if (garbage.status !== 401) failures.push(`${method} ${path} with a bad token: ${garbage.status}`);
      const user = await s.api(method, url, { token: userToken });
      if (user.status !== 403) failures.push(`${method} ${path} as a normal user: ${user.status}`);
      if (method === 'GET') {
        const admin = await s.api(method, url, { token: adminToken });
        if (admin.status === 401 || admin.status === 403) failures.push(`${method} ${path} as admin: ${admin.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps the public admin paths reachable without a session', async () => {
    for (const { method, path } of publicOnes) {
      const res = await s.api(method, path);
      expect([401, 403], `${method} ${path}`).not.toContain(res.status);
    }
  });
});
