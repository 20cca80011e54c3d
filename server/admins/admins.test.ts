// Several admins with roles, through the API: a Super Admin invites by a one-time link (24 hours,
// used once), the invited admin signs in like every admin, a reviewer must set up 2FA before
// reviewing and may never touch settings, admins, reversals or the ledger; a Super Admin sees every
// admin's actions and suspends one (their sessions end at once), but never the last Super Admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, inviteAdmin, nextPhone, registerUser, type SignedIn } from '../test/fixtures.ts';
import { concretePath, parseRouteTree } from '../test/route-tree.ts';
import { PUBLIC_ADMIN_PATHS } from '../app.ts';
import { isReviewerRoute } from './role-guard.ts';
import { INVITATION_TTL_MS } from './invitations.service.ts';

describe.each(drivers)('admins and invitations (%s)', (driver) => {
  let s: TestServer;
  let boss: SignedIn;
  const now = () => s.clock.now().getTime();

  beforeAll(async () => {
    s = await startTestServer({ driver });
    boss = await createAdmin(s);
  });
  afterAll(() => s.close());

  const invite = (email: string, role = 'reviewer', token = boss.token) => s.api('POST', '/api/admin/invitations', { token, body: { email, role } });
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
  const accept = (token: string, over: Record<string, string> = {}) =>
    s.api('POST', '/api/admin/invitations/accept', { body: { token, username: 'New Reviewer', password: 'Reviewer@123', phone: nextPhone(), ...over } });

  it('invites by a link shown once; the invitee signs in with the invited email and the role', async () => {
    expect((await invite('not-an-email')).status).toBe(400);
    expect((await invite('x@example.com', 'owner')).status).toBe(400);
    expect((await invite(boss.user.email!)).body.code).toBe('DUPLICATE_EMAIL');
    const created = await invite('Priya.Reviewer@Example.com');
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: 'priya.reviewer@example.com', role: 'reviewer', status: 'pending', link: expect.stringContaining('/admin-invite?token=') });
    const token = tokenOf(created.body.link);

    const listed = await s.api('GET', '/api/admin/invitations', { token: boss.token });
    expect(listed.body.items[0]).toMatchObject({ email: 'priya.reviewer@example.com', status: 'pending' });
    expect(JSON.stringify(listed.body)).not.toContain(token);

    expect((await s.api('GET', `/api/admin/invitations/lookup?token=${token}`)).body).toMatchObject({ email: 'priya.reviewer@example.com', role: 'reviewer' });
    expect((await s.api('GET', '/api/admin/invitations/lookup?token=nope-nope-nope-nope-nope')).status).toBe(404);
    expect((await accept(token, { password: 'short' })).status).toBe(400);
    expect((await accept(token)).status).toBe(201);
    // Used once: the same link again is refused.
    expect((await accept(token, { username: 'Again' })).body.code).toBe('INVITATION_USED');
    expect((await s.api('GET', `/api/admin/invitations/lookup?token=${token}`)).body.code).toBe('INVITATION_USED');

    const login = await s.api('POST', '/api/login', { body: { email: 'priya.reviewer@example.com', password: 'Reviewer@123' } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ isAdmin: true, adminRole: 'reviewer' });
    expect((await s.api('GET', '/api/user', { token: boss.token })).body.adminRole).toBe('super_admin');
  });

  it("an invited admin cannot take a username someone already goes by (409), in any case", async () => {
    const user = await registerUser(s, boss.user.referralCode, { username: 'Meera Nair' });
    const created = await invite('meera.admin@example.com');
    const token = tokenOf(created.body.link);
    for (const username of [user.user.username, 'meera nair', boss.user.username]) {
      const refused = await accept(token, { username });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'DUPLICATE_USERNAME', message: 'This username is already taken. Choose another.' });
    }
    // The invitation is still there to use with a name of one's own.
    expect((await accept(token, { username: 'Meera (Support)' })).status).toBe(201);
  });

  it('an invitation lapses after 24 hours', async () => {
    const created = await invite('late@example.com');
    s.clock.advance(INVITATION_TTL_MS + 1000);
    expect((await accept(tokenOf(created.body.link))).body.code).toBe('INVITATION_EXPIRED');
    // A day later the Super Admin's 12-hour session has ended too: sign in again.
    boss = await createAdmin(s);
    expect((await s.api('GET', '/api/admin/invitations', { token: boss.token })).body.items[0]).toMatchObject({ email: 'late@example.com', status: 'expired' });
  });

  it('a reviewer sets up 2FA before reviewing, and is refused every Super Admin route', async () => {
    const reviewer = await inviteAdmin(s, boss.token, 'reviewer');
    const stats = await s.api('GET', '/api/admin/stats', { token: reviewer.token });
    expect(stats.status).toBe(403);
    expect(stats.body.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await s.api('GET', '/api/admin/security/status', { token: reviewer.token })).status).toBe(200);

    const ready = await inviteAdmin(s, boss.token, 'reviewer', { withTwoFactor: true, now });
    const guarded = parseRouteTree(s.app.printRoutes({ commonPrefix: false }))
      .filter((r) => r.path.startsWith('/api/admin/') && !PUBLIC_ADMIN_PATHS.has(r.path))
      .flatMap((r) => r.methods.filter((m) => m !== 'HEAD').map((method) => ({ method, path: r.path })));
    const wrong: string[] = [];
    for (const { method, path } of guarded) {
      const res = await s.api(method, concretePath(path), { token: ready.token, body: method === 'GET' ? undefined : {} });
      if (isReviewerRoute(method, path)) {
        if (res.body?.code === 'ROLE_FORBIDDEN' || res.body?.code === 'TWO_FACTOR_SETUP_REQUIRED') wrong.push(`${method} ${path} refused a reviewer`);
      } else if (res.status !== 403 || res.body?.code !== 'ROLE_FORBIDDEN') {
        wrong.push(`${method} ${path} answered a reviewer ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    for (const path of ['/api/admin/settings', '/api/admin/admins', '/api/admin/ledger', '/api/admin/invitations']) {
      expect(guarded.some((r) => r.path === path && !isReviewerRoute(r.method, r.path)), path).toBe(true);
    }
  });

  it('a Super Admin sees each admin and their actions, suspends one, and cannot suspend the last Super Admin', async () => {
    const reviewer = await inviteAdmin(s, boss.token, 'reviewer', { withTwoFactor: true, now });
    const admins = await s.api('GET', '/api/admin/admins', { token: boss.token });
    const row = admins.body.items.find((a: { id: string }) => a.id === reviewer.user.id);
    expect(row).toMatchObject({ role: 'reviewer', status: 'active', twoFactorEnabled: true });
    const actions = await s.api('GET', `/api/admin/admins/${reviewer.user.id}/activity`, { token: boss.token });
    expect(actions.body.items.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(['admin.joined', 'admin.2fa_enabled']));
    expect(actions.body.items.every((a: { actorId: string }) => a.actorId === reviewer.user.id)).toBe(true);

    const suspended = await s.api('PUT', `/api/admin/admins/${reviewer.user.id}`, { token: boss.token, body: { status: 'suspended' } });
    expect(suspended.body).toMatchObject({ status: 'suspended' });
    expect((await s.api('GET', '/api/admin/stats', { token: reviewer.token })).status).toBe(401);
    expect((await s.api('PUT', `/api/admin/admins/${boss.user.id}`, { token: boss.token, body: { status: 'suspended' } })).status).toBe(403);
    const other = await inviteAdmin(s, boss.token, 'super_admin');
    expect((await s.api('PUT', `/api/admin/admins/${boss.user.id}`, { token: other.token, body: { status: 'suspended' } })).status).toBe(200);
    // boss is now suspended; `other` is the last active Super Admin.
    const last = await s.api('PUT', `/api/admin/admins/${other.user.id}`, { token: other.token, body: { status: 'suspended' } });
    expect(last.status).toBe(403);
    const back = await s.api('PUT', `/api/admin/admins/${boss.user.id}`, { token: other.token, body: { status: 'active' } });
    expect(back.body).toMatchObject({ status: 'active' });
    boss = { ...boss, ...(await s.api('POST', '/api/login', { body: { email: boss.user.email, password: 'Admin@12345' } })).body };
    const refused = await s.api('PUT', `/api/admin/admins/${other.user.id}`, { token: boss.token, body: { status: 'suspended' } });
    expect(refused.status).toBe(200);
    const lastOne = await s.api('PUT', `/api/admin/admins/${boss.user.id}`, { token: other.token, body: { status: 'suspended' } });
    expect(lastOne.status).toBe(401);
  });
});
