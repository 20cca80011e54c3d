import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, registerUser, type SignedIn } from '../test/fixtures.ts';
import { sessions } from '../db/schema.ts';
import { hashToken } from './session-token.ts';

describe.each(drivers)('sessions (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('stores only the SHA-256 of the token, with the kind and lifetime of the user', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const [row] = await s.ctx.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(u.token)));
    expect(row).toBeDefined();
    expect(row!.kind).toBe('user');
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    const all = await s.ctx.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.tokenHash === u.token)).toBe(false);

    const [adminRow] = await s.ctx.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(admin.token)));
    expect(adminRow!.kind).toBe('admin');
    expect(adminRow!.expiresAt.getTime() - adminRow!.createdAt.getTime()).toBe(12 * 60 * 60 * 1000);
  });

  it('refuses malformed, unknown and oversized bearer tokens with 401', async () => {
    for (const headers of [{ authorization: 'Bearer nope' }, { authorization: 'Basic abc' }, { authorization: `Bearer ${'x'.repeat(500)}` }]) {
      const res = await s.api('GET', '/api/user', { headers });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('ends admin sessions after 12 hours and user sessions after 30 days', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const a = await s.api('POST', '/api/login', { body: { email: 'admin@example.com', password: 'Admin@12345' } });
    s.clock.advance(12 * 60 * 60 * 1000 + 1000);
    expect((await s.api('GET', '/api/user', { token: a.body.token })).status).toBe(401);
    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(200);
    s.clock.advance(30 * 24 * 60 * 60 * 1000);
    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(401);
  });

  it('ends a user session after 7 days without use; use keeps it going until its 30 days are up', async () => {
    const day = 24 * 60 * 60 * 1000;
    const idle = await registerUser(s, admin.user.referralCode);
    const busy = await registerUser(s, admin.user.referralCode);
    for (let i = 0; i < 4; i++) {
      s.clock.advance(6 * day);
      expect((await s.api('GET', '/api/user', { token: busy.token })).status, `day ${6 * (i + 1)}`).toBe(200);
    }
    // 24 days in: the unused session ended at day 7, the used one lives until day 30.
    expect((await s.api('GET', '/api/user', { token: idle.token })).status).toBe(401);
    s.clock.advance(6 * day + 1000);
    expect((await s.api('GET', '/api/user', { token: busy.token })).status).toBe(401);
  });

  it('marks API answers Cache-Control: no-store, errors too', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const answers = [
      await s.api('GET', '/api/user', { token: u.token }),
      await s.api('GET', '/api/app-settings'),
      await s.api('GET', '/api/user'),
      await s.api('GET', '/api/nothing-here'),
      await s.api('POST', '/api/login', { body: { phone: u.phone, password: 'wrong-password' } }),
    ];
    expect(answers.map((a) => [a.status, a.headers.get('cache-control')])).toEqual([
      [200, 'no-store'],
      [200, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
      [401, 'no-store'],
    ]);
  });
});
