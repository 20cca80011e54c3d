// Consent to the privacy policy: the sign-up form's accepted version is stored with its time; an
// account without the current version (never asked, or the policy changed since) is told to ask
// (consentRequired) until the person accepts; a stale version is refused with a clear message.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_CHANGED_MESSAGE, PRIVACY_POLICY_VERSION } from '../../contract/privacy.ts';
import { queryRows } from '../db/rows.ts';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, nextPhone, registerUser, type SignedIn } from '../test/fixtures.ts';

describe.each(drivers)('privacy consent (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  const me = async (token: string) => (await s.api('GET', '/api/user', { token })).body;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('stores the version accepted at sign-up, with its time, and asks nothing more', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    expect(await me(u.token)).toMatchObject({ consentRequired: false });
    const [row] = await queryRows<{ policy_version: string; accepted: boolean }>(s.ctx.db, sql`select policy_version, policy_accepted_at is not null as accepted from users where id = ${u.user.id}::uuid`);
    expect(row).toEqual({ policy_version: PRIVACY_POLICY_VERSION, accepted: true });
    expect((await s.api('GET', '/api/me/export', { token: u.token })).body.profile).toMatchObject({ policyVersion: PRIVACY_POLICY_VERSION, policyAcceptedAt: expect.any(String) });
    expect((await me(admin.token)).consentRequired).toBe(false);
  });

  it('refuses a sign-up form that showed another version of the notice', async () => {
    const res = await s.api('POST', '/api/register', {
      body: { username: 'Old Tab', phone: nextPhone(), password: 'secret123', referralCode: admin.user.referralCode, policyVersion: '2020-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { policyVersion: POLICY_CHANGED_MESSAGE } });
  });

  it('asks an account without the current version until the person accepts it, and again when the policy changes', async () => {
    const phone = nextPhone();
    const reg = await s.api('POST', '/api/register', { body: { username: 'No Notice', phone, password: 'secret123', referralCode: admin.user.referralCode } });
    expect(reg.status).toBe(201);
    const verified = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: await s.lastCode(phone) } });
    const token = verified.body.token as string;
    expect(verified.body.user.consentRequired).toBe(true);

    const stale = await s.api('POST', '/api/me/consent', { token, body: { policyVersion: '2020-01-01' } });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(POLICY_CHANGED_MESSAGE);
    expect((await s.api('POST', '/api/me/consent', { body: { policyVersion: PRIVACY_POLICY_VERSION } })).status).toBe(401);
    const accepted = await s.api('POST', '/api/me/consent', { token, body: { policyVersion: PRIVACY_POLICY_VERSION } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ consentRequired: false, username: 'No Notice' });
    expect((await me(token)).consentRequired).toBe(false);

    // The policy changes (the version this account accepted is now an old one): asked again.
    await s.ctx.db.execute(sql`update users set policy_version = '2026-01-01' where id = ${reg.body.userId}::uuid`);
    expect((await me(token)).consentRequired).toBe(true);
    expect((await s.api('POST', '/api/me/consent', { token, body: { policyVersion: PRIVACY_POLICY_VERSION } })).body.consentRequired).toBe(false);
  });
});
