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
});
