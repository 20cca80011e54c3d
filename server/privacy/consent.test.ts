// Consent to the privacy policy: the sign-up form's accepted version is stored with its time; an
// account without the current version (never asked, or the policy changed since) is told to ask
// (consentRequired) until the person accepts; a stale version is refused with a clear message.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_CHANGED_MESSAGE, POLICY_REQUIRED_MESSAGE, PRIVACY_POLICY_VERSION } from '../../contract/privacy.ts';
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

  it('refuses a sign-up without the notice accepted (a client that sends no version): 400, no account', async () => {
    const phone = nextPhone();
    const res = await s.api('POST', '/api/register', { body: { username: 'No Notice', phone, password: 'secret123', referralCode: admin.user.referralCode } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { policyVersion: POLICY_REQUIRED_MESSAGE } });
    expect(await s.ctx.db.execute(sql`select 1 from users where phone = ${phone}`)).toMatchObject({ rows: [] });
  });

  it('asks an account on an older version until the person accepts it, and refuses everything else meanwhile', async () => {
    const phone = nextPhone();
    const reg = await s.api('POST', '/api/register', {
      body: { username: 'No Notice', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION },
    });
    expect(reg.status).toBe(201);
    // An account from before this version of the policy.
    await s.ctx.db.execute(sql`update users set policy_version = '2026-01-01' where id = ${reg.body.userId}::uuid`);
    const verified = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: await s.lastCode(phone) } });
    const token = verified.body.token as string;
    expect(verified.body.user.consentRequired).toBe(true);

    // Until they accept: their account, signing out, their data and deleting it; nothing else.
    expect((await s.api('GET', '/api/user', { token })).status).toBe(200);
    expect((await s.api('GET', '/api/me/export', { token })).status).toBe(200);
    for (const [method, path] of [['GET', '/api/transactions'], ['GET', '/api/referrals'], ['GET', '/api/withdrawal-requests'], ['POST', '/api/use-spin'], ['GET', '/api/notifications']] as const) {
      const refused = await s.api(method, path, { token });
      expect(refused.status, path).toBe(403);
      expect(refused.body.code, path).toBe('CONSENT_REQUIRED');
    }
    const form = new FormData();
    form.set('amount', '100');
    form.set('bankDetails', JSON.stringify({ accountHolderName: 'A', accountNumber: '123456789012', ifscCode: 'HDFC0001234' }));
    const withdraw = await s.upload('POST', '/api/withdraw', form, { token });
    expect(withdraw.status).toBe(403);
    expect(withdraw.body.code).toBe('CONSENT_REQUIRED');

    const stale = await s.api('POST', '/api/me/consent', { token, body: { policyVersion: '2020-01-01' } });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(POLICY_CHANGED_MESSAGE);
    expect((await s.api('POST', '/api/me/consent', { body: { policyVersion: PRIVACY_POLICY_VERSION } })).status).toBe(401);
    const accepted = await s.api('POST', '/api/me/consent', { token, body: { policyVersion: PRIVACY_POLICY_VERSION } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ consentRequired: false, username: 'No Notice' });
    expect((await me(token)).consentRequired).toBe(false);
    expect((await s.api('GET', '/api/transactions', { token })).status).toBe(200);

    // The policy changes (the version this account accepted is now an old one): asked again.
    await s.ctx.db.execute(sql`update users set policy_version = '2026-01-01' where id = ${reg.body.userId}::uuid`);
    expect((await me(token)).consentRequired).toBe(true);
    expect((await s.api('POST', '/api/me/consent', { token, body: { policyVersion: PRIVACY_POLICY_VERSION } })).body.consentRequired).toBe(false);
  });
});
