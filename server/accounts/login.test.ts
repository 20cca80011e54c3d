import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { ADMIN, createAdmin, nextPhone, registerUser, type SignedIn } from '../test/fixtures.ts';
import { adminTwoFactor, auditLog, users } from '../db/schema.ts';
import { PHONE_EMAIL_DOMAIN } from '../../contract/constants.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

describe.each(drivers)('login (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('signs in by phone, by the synthetic e-mail form and by a real e-mail', async () => {
    const u = await registerUser(s, admin.user.referralCode, { email: 'meera@example.com' });
    for (const body of [
      { phone: u.phone, password: u.password },
      { email: `${u.phone}@${PHONE_EMAIL_DOMAIN}`, password: u.password },
      { email: 'MEERA@example.com', password: u.password },
    ]) {
      const res = await s.api('POST', '/api/login', { body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.user).toMatchObject({ id: u.user.id, phone: u.phone });
      const me = await s.api('GET', '/api/user', { token: res.body.token });
      expect(me.body.id).toBe(u.user.id);
    }
  });

  it('answers a wrong password and an unknown user the same way (401 INVALID_CREDENTIALS)', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const wrong = await s.api('POST', '/api/login', { body: { phone: u.phone, password: 'wrong-password' } });
    const unknown = await s.api('POST', '/api/login', { body: { phone: nextPhone(), password: 'wrong-password' } });
    const unknownEmail = await s.api('POST', '/api/login', { body: { email: 'nobody@example.com', password: 'x' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid mobile number or password' });
    }
    // Signing in by e-mail (admins do) names the e-mail.
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.body).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('validates input', async () => {
    const noPassword = await s.api('POST', '/api/login', { body: { phone: nextPhone() } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe('Password is required');
    const noPhone = await s.api('POST', '/api/login', { body: { password: 'secret123' } });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toBe('Enter your mobile number');
  });

  it('refuses an unverified phone with 403 PHONE_NOT_VERIFIED', async () => {
    const phone = nextPhone();
    const reg = await s.api('POST', '/api/register', { body: { username: 'u', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION } });
    expect(reg.status).toBe(201);
    const res = await s.api('POST', '/api/login', { body: { phone, password: 'secret123' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('PHONE_NOT_VERIFIED');
    expect(res.body.message).toMatch(/not verified/);
    expect(res.body.token).toBeUndefined();
  });

  it('refuses a suspended user, and their live sessions stop working', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    await s.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.user.id));
    const res = await s.api('POST', '/api/login', { body: { phone: u.phone, password: u.password } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Your account has been suspended. Please contact support.');
    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(401);
  });

  it('throttles: 10 failures in 15 minutes give 429 with Retry-After, even with the right password', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    for (let i = 0; i < 10; i++) {
      const r = await s.api('POST', '/api/login', { body: { phone: u.phone, password: `wrong${i}` } });
      expect(r.status).toBe(401);
    }
    const blocked = await s.api('POST', '/api/login', { body: { phone: u.phone, password: u.password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');
    expect(blocked.body.message).toMatch(/^Too many failed login attempts\. Please try again in \d+ minutes?$/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The synthetic e-mail form names the same phone, so it is throttled too.
    const viaEmail = await s.api('POST', '/api/login', { body: { email: `${u.phone}@${PHONE_EMAIL_DOMAIN}`, password: u.password } });
    expect(viaEmail.status).toBe(429);

    s.clock.advance(15 * 60 * 1000 + 1000);
    const ok = await s.api('POST', '/api/login', { body: { phone: u.phone, password: u.password } });
    expect(ok.status).toBe(200);
  });

  it('unknown numbers are throttled the same way (no enumeration by 429)', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 10; i++) await s.api('POST', '/api/login', { body: { phone, password: 'nope' } });
    expect((await s.api('POST', '/api/login', { body: { phone, password: 'nope' } })).status).toBe(429);
  });

  it('an admin with two-factor enabled gets 401 TWO_FACTOR_REQUIRED and no token', async () => {
    const audits = await s.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'admin.login'), eq(auditLog.actorId, admin.user.id)));
    expect(audits.length).toBeGreaterThan(0);
    await s.ctx.db.insert(adminTwoFactor).values({ userId: admin.user.id, secretEnc: 'x', enabledAt: s.clock.now() });
    try {
      const res = await s.api('POST', '/api/login', { body: { email: ADMIN.email, password: ADMIN.password } });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'TWO_FACTOR_REQUIRED', message: 'Two-factor authentication required' });
    } finally {
      await s.ctx.db.delete(adminTwoFactor).where(eq(adminTwoFactor.userId, admin.user.id));
    }
    const ok = await s.api('POST', '/api/login', { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.user.isAdmin).toBe(true);
  });
});
