import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, nextPhone, registerUser, type SignedIn } from '../test/fixtures.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

describe.each(drivers)('password reset (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  const smsTo = async (phone: string) => (await s.outbox()).filter((m) => m.to === phone);

  it('resets the password with the SMS code and revokes every session', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const second = await s.api('POST', '/api/login', { body: { phone: u.phone, password: u.password } });
    expect(second.status).toBe(200);

    s.clock.advance(61_000);
    const forgot = await s.api('POST', '/api/forgot-password', { body: { phone: u.phone } });
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ ok: true });
    const otp = await s.lastCode(u.phone);
    expect((await smsTo(u.phone)).at(-1)!.text).toContain('password reset code');

    const check = await s.api('POST', '/api/verify-reset-otp', { body: { phone: u.phone, otp } });
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ valid: true });

    const reset = await s.api('POST', '/api/reset-password', { body: { phone: u.phone, otp, newPassword: 'newpass1' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });

    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(401);
    expect((await s.api('GET', '/api/user', { token: second.body.token })).status).toBe(401);
    expect((await s.api('POST', '/api/login', { body: { phone: u.phone, password: u.password } })).status).toBe(401);
    expect((await s.api('POST', '/api/login', { body: { phone: u.phone, password: 'newpass1' } })).status).toBe(200);

    // Single use.
    const again = await s.api('POST', '/api/reset-password', { body: { phone: u.phone, otp, newPassword: 'another1' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_OTP');
  });

  it('answers unknown and unverified numbers the same, and sends them nothing', async () => {
    const phone = nextPhone();
    const res = await s.api('POST', '/api/forgot-password', { body: { phone } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await smsTo(phone)).toHaveLength(0);
    const check = await s.api('POST', '/api/verify-reset-otp', { body: { phone, otp: '123456' } });
    expect(check.status).toBe(400);
    expect(check.body).toMatchObject({ code: 'INVALID_OTP', message: 'That code is not correct. Check the SMS and try again.' });

    const unverified = nextPhone();
    await s.api('POST', '/api/register', { body: { username: 'u', phone: unverified, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION } });
    s.clock.advance(61_000);
    const r2 = await s.api('POST', '/api/forgot-password', { body: { phone: unverified } });
    expect(r2.body).toEqual({ ok: true });
    expect(await smsTo(unverified)).toHaveLength(1);
  });

  it('sends a reset code right after sign-up (the sign-up code has its own cooldown)', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const before = (await smsTo(u.phone)).length;
    expect((await s.api('POST', '/api/forgot-password', { body: { phone: u.phone } })).status).toBe(200);
    expect((await smsTo(u.phone)).length).toBe(before + 1);
    const code = await s.lastCode(u.phone);
    expect((await s.api('POST', '/api/verify-reset-otp', { body: { phone: u.phone, otp: code } })).status).toBe(200);
  });

  it('inside the cooldown says when to try again, for known and unknown numbers alike, and never claims a code was sent', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const stranger = nextPhone();
    for (const phone of [u.phone, stranger]) {
      expect((await s.api('POST', '/api/forgot-password', { body: { phone } })).status).toBe(200);
      const before = (await smsTo(phone)).length;
      const again = await s.api('POST', '/api/forgot-password', { body: { phone } });
      expect(again.status).toBe(429);
      expect(again.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code$/);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await smsTo(phone)).length).toBe(before);
    }
    s.clock.advance(61_000);
    expect((await s.api('POST', '/api/forgot-password', { body: { phone: u.phone } })).status).toBe(200);
  });

  it('a registration code does not reset a password, and wrong codes count as tries', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const registrationCode = await s.lastCode(u.phone);
    const res = await s.api('POST', '/api/reset-password', { body: { phone: u.phone, otp: registrationCode, newPassword: 'newpass1' } });
    expect(res.status).toBe(400);

    s.clock.advance(61_000);
    await s.api('POST', '/api/forgot-password', { body: { phone: u.phone } });
    const otp = await s.lastCode(u.phone);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const r = await s.api('POST', '/api/verify-reset-otp', { body: { phone: u.phone, otp: wrong } });
      expect(r.body).toMatchObject({ code: 'INVALID_OTP', message: 'That code is not correct. Check the SMS and try again.' });
    }
    // The 5th try (a verify) succeeds; it still counts, so the code is now out of tries.
    expect((await s.api('POST', '/api/verify-reset-otp', { body: { phone: u.phone, otp } })).status).toBe(200);
    const dead = await s.api('POST', '/api/reset-password', { body: { phone: u.phone, otp, newPassword: 'newpass1' } });
    expect(dead.status).toBe(400);
    expect(dead.body.message).toBe('Too many wrong attempts. Please request a new OTP');
  });

  it('expires reset codes after 10 minutes', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    s.clock.advance(61_000);
    await s.api('POST', '/api/forgot-password', { body: { phone: u.phone } });
    const otp = await s.lastCode(u.phone);
    s.clock.advance(10 * 60 * 1000 + 1);
    const res = await s.api('POST', '/api/reset-password', { body: { phone: u.phone, otp, newPassword: 'newpass1' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('OTP_EXPIRED');
  });

  it.each([
    ['/api/forgot-password', {}, 'Please enter your mobile number'],
    ['/api/forgot-password', { phone: '' }, 'Please enter your mobile number'],
    ['/api/forgot-password', { phone: '12345' }, 'Enter 10-digit mobile number'],
    ['/api/verify-reset-otp', { phone: '9876543210', otp: '12' }, 'Please enter the 6-digit OTP'],
    ['/api/verify-reset-otp', { phone: '9876543210' }, 'Please enter the 6-digit OTP'],
    ['/api/reset-password', { phone: '9876543210', otp: '123456', newPassword: '12345' }, 'Password must be at least 6 characters'],
    ['/api/reset-password', { phone: '9876543210', otp: '123456' }, 'Password must be at least 6 characters'],
    ['/api/reset-password', { phone: '9876543210', otp: 'abcdef', newPassword: '123456' }, 'Please enter the 6-digit OTP'],
  ])('%s %o -> %s', async (url, body, message) => {
    const res = await s.api('POST', url, { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
