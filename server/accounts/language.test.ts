// The account's language: chosen at sign-up (the language the form was shown in) or later, kept on
// the account, and the language of its SMS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, nextPhone, registerUser, type SignedIn } from '../test/fixtures.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

describe.each(drivers)('account language (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('a sign-up in Hindi gets its code by SMS in Hindi, and the account remembers the language', async () => {
    const phone = nextPhone();
    const res = await s.api('POST', '/api/register', { body: { username: 'Meena', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION, language: 'hi' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [sms] = (await s.outbox()).filter((m) => m.to === phone);
    expect(sms!.text).toBe(`${sms!.code} आपका ${s.ctx.config.appName} सत्यापन कोड है। यह 10 मिनट में समाप्त हो जाएगा।`);
    const verified = await s.api('POST', '/api/verify-otp', { body: { userId: res.body.userId, otpCode: sms!.code } });
    expect(verified.body.user.language).toBe('hi');
  });

  it('a sign-up without a language gets English SMS and no language on the account', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const [sms] = (await s.outbox()).filter((m) => m.to === u.phone);
    expect(sms!.text).toMatch(/^\d{6} is your .+ verification code\. It expires in 10 minutes\.$/);
    expect((await s.api('GET', '/api/user', { token: u.token })).body.language).toBeNull();
  });

  it('PUT /api/user/language saves a choice; the next reset code comes in it', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const res = await s.api('PUT', '/api/user/language', { token: u.token, body: { language: 'hi' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: 'hi' });
    expect((await s.api('GET', '/api/user', { token: u.token })).body.language).toBe('hi');
    const reset = await s.api('POST', '/api/forgot-password', { body: { phone: u.phone } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const codes = (await s.outbox()).filter((m) => m.to === u.phone);
    expect(codes.at(-1)!.text).toContain('पासवर्ड रीसेट कोड');
  });

  it('refuses a language it has no texts for, and bad input, with a 400 that names the field', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    for (const body of [{ language: 'fr' }, { language: 'HINDI!' }, { language: 7 }, {}]) {
      const res = await s.api('PUT', '/api/user/language', { token: u.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.fields).toMatchObject({ language: 'Choose a language' });
    }
    const reg = await s.api('POST', '/api/register', { body: { username: 'X', phone: nextPhone(), password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION, language: 'xx!' } });
    expect(reg.status).toBe(400);
    expect(reg.body.fields).toMatchObject({ language: 'Choose a language' });
  });

  it('needs a session', async () => {
    expect((await s.api('PUT', '/api/user/language', { body: { language: 'hi' } })).status).toBe(401);
  });
});
