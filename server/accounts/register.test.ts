import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { activateUser, createActivatedUser, createAdmin, nextPhone, registerUser, type SignedIn } from '../test/fixtures.ts';
import { ledgerAccounts, referrals, users } from '../db/schema.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

describe.each(drivers)('registration and SMS verification (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    username: 'Asha',
    phone: nextPhone(),
    password: 'secret123',
    referralCode: admin.user.referralCode,
    policyVersion: PRIVACY_POLICY_VERSION,
    ...overrides,
  });

  it('registers with an admin code: 201 {userId}, SMS sent, wallet and referral row made', async () => {
    const input = body({ email: 'Asha@Example.com' });
    const res = await s.api('POST', '/api/register', { body: input });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body)).toEqual(['userId']);
    const sms = (await s.outbox()).filter((m) => m.to === input.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.code).toMatch(/^\d{6}$/);
    expect(sms[0]!.text).toContain(sms[0]!.code!);

    const [row] = await s.ctx.db.select().from(users).where(eq(users.id, res.body.userId));
    expect(row!.email).toBe('asha@example.com');
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.referralCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    expect(row!.phoneVerifiedAt).toBeNull();
    const wallet = await s.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, res.body.userId));
    expect(wallet).toHaveLength(1);
    const ref = await s.ctx.db.select().from(referrals).where(eq(referrals.referredId, res.body.userId));
    expect(ref).toMatchObject([{ referrerId: admin.user.id, rewardedAt: null }]);
    await expectLedgerHolds(s);
  });

  it('verifies the code: {token, user}, the token works for GET /api/user', async () => {
    const u = await registerUser(s, admin.user.referralCode.toLowerCase(), { email: 'ravi@example.com' });
    expect(u.token).toBeTruthy();
    expect(u.user).toMatchObject({
      username: `user${u.phone.slice(-4)}`,
      phone: u.phone,
      email: 'ravi@example.com',
      walletBalance: '0.00',
      totalEarnings: '0.00',
      successfulReferrals: 0,
      spinsAvailable: 0,
      isActivated: false,
      isAdmin: false,
    });
    const me = await s.api('GET', '/api/user', { token: u.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(u.user);
    expect(Object.keys(me.body).sort()).toEqual(
      ['adminRole', 'consentRequired', 'createdAt', 'debt', 'email', 'heldBalance', 'id', 'isActivated', 'isAdmin', 'language', 'phone', 'referralCode', 'referralsToNextSpin', 'spinsAvailable', 'successfulReferrals', 'totalEarnings', 'username', 'walletBalance'],
    );
  });

  it.each([
    [{ username: '' }, 'Username is required'],
    [{ phone: '98765' }, 'Enter 10-digit mobile number'],
    [{ phone: 'abcdefghij' }, 'Enter 10-digit mobile number'],
    [{ phone: undefined }, 'Enter 10-digit mobile number'],
    [{ phone: '1234567890' }, 'Enter a valid Indian mobile number'],
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ password: '' }, 'Password is required'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
    [{ referralCode: '' }, 'Referral code is required to create an account'],
    [{ referralCode: undefined }, 'Referral code is required to create an account'],
  ])('refuses %o with %s', async (overrides, message) => {
    const res = await s.api('POST', '/api/register', { body: body(overrides) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('answers an empty body with 400, never 500', async () => {
    const res = await s.api('POST', '/api/register', {});
    expect(res.status).toBe(400);
  });

  it('refuses an unknown referral code', async () => {
    const res = await s.api('POST', '/api/register', { body: body({ referralCode: 'NOPE2345' }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_REFERRAL_CODE', message: 'Invalid referral code' });
  });

  it("refuses a non-activated user's code and accepts it once that user is activated", async () => {
    const referrer = await registerUser(s, admin.user.referralCode);
    const refused = await s.api('POST', '/api/register', { body: body({ referralCode: referrer.user.referralCode }) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'INVALID_REFERRAL_CODE', message: 'Invalid referral code' });

    await activateUser(s, admin.token, referrer);
    const accepted = await s.api('POST', '/api/register', { body: body({ referralCode: referrer.user.referralCode.toLowerCase() }) });
    expect(accepted.status).toBe(201);
    const ref = await s.ctx.db.select().from(referrals).where(eq(referrals.referredId, accepted.body.userId));
    expect(ref[0]!.referrerId).toBe(referrer.user.id);
  });

  it('refuses a verified phone (409 DUPLICATE_PHONE) and a taken email (409 DUPLICATE_EMAIL)', async () => {
    const u = await registerUser(s, admin.user.referralCode, { email: 'taken@example.com' });
    const phone = await s.api('POST', '/api/register', { body: body({ phone: u.phone }) });
    expect(phone.status).toBe(409);
    expect(phone.body).toMatchObject({ code: 'DUPLICATE_PHONE', message: 'This mobile number is already registered' });
    const email = await s.api('POST', '/api/register', { body: body({ email: 'TAKEN@example.com' }) });
    expect(email.status).toBe(409);
    expect(email.body).toMatchObject({ code: 'DUPLICATE_EMAIL', message: 'This email is already registered' });
    const adminPhone = await s.api('POST', '/api/register', { body: body({ phone: '9000000001' }) });
    expect(adminPhone.status).toBe(409);
  });

  it('parallel sign-ups with one e-mail: exactly one succeeds, the rest get 409 DUPLICATE_EMAIL', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => s.api('POST', '/api/register', { body: body({ email: 'race@example.com' }) })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.code).toBe('DUPLICATE_EMAIL');
  });

  it('parallel sign-ups with one phone: exactly one succeeds (the rest hit the pending code or the cooldown)', async () => {
    const phone = nextPhone();
    const results = await Promise.all(Array.from({ length: 5 }, () => s.api('POST', '/api/register', { body: body({ phone }) })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429 || r.status === 409)).toHaveLength(4);
    expect(await s.ctx.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it('lets an unverified sign-up be redone with the same password: same user id, new details, fresh code', async () => {
    const first = body({ username: 'First' });
    const a = await s.api('POST', '/api/register', { body: first });
    expect(a.status).toBe(201);
    const oldCode = await s.lastCode(first.phone);
    // Inside the 60 s cooldown the redo is refused and changes nothing.
    const tooSoon = await s.api('POST', '/api/register', { body: { ...first, username: 'Second' } });
    expect(tooSoon.status).toBe(429);
    s.clock.advance(61_000);
    const b = await s.api('POST', '/api/register', { body: { ...first, username: 'Second', email: 'second@example.com' } });
    expect(b.status).toBe(201);
    expect(b.body.userId).toBe(a.body.userId);
    const newCode = await s.lastCode(first.phone);
    if (newCode !== oldCode) {
      const stale = await s.api('POST', '/api/verify-otp', { body: { userId: a.body.userId, otpCode: oldCode } });
      expect(stale.status).toBe(400);
    }
    const ok = await s.api('POST', '/api/verify-otp', { body: { userId: a.body.userId, otpCode: newCode } });
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ username: 'Second', email: 'second@example.com' });
    expect(await s.ctx.db.select().from(users).where(eq(users.phone, first.phone))).toHaveLength(1);
  });

  it('a different password cannot take over a pending sign-up while its code is live, only after', async () => {
    const owner = body({ username: 'Owner' });
    const a = await s.api('POST', '/api/register', { body: owner });
    expect(a.status).toBe(201);
    s.clock.advance(61_000);
    const stranger = await s.api('POST', '/api/register', { body: { ...owner, username: 'Stranger', password: 'stranger1' } });
    expect(stranger.status).toBe(409);
    expect(stranger.body.code).toBe('DUPLICATE_PHONE');
    expect(stranger.body.message).toMatch(/^A verification code was already sent to this number\. Enter it, or try again in \d+ minutes?$/);
    // The owner's code still works... but let it lapse instead: then anyone may start over.
    s.clock.advance(10 * 60 * 1000);
    const later = await s.api('POST', '/api/register', { body: { ...owner, username: 'Later', password: 'later123' } });
    expect(later.status).toBe(201);
    expect(later.body.userId).toBe(a.body.userId);
    const ok = await s.api('POST', '/api/verify-otp', { body: { userId: a.body.userId, otpCode: await s.lastCode(owner.phone) } });
    expect(ok.status).toBe(200);
    const login = await s.api('POST', '/api/login', { body: { phone: owner.phone, password: 'later123' } });
    expect(login.status).toBe(200);
  });

  it('an account an admin activated before it was verified cannot be taken over by registering its phone again', async () => {
    const referrer = await registerUser(s, admin.user.referralCode);
    await s.api('PUT', `/api/admin/users/${referrer.user.id}/activate`, { token: admin.token });
    const owner = body({ username: 'Paid', referralCode: referrer.user.referralCode });
    const a = await s.api('POST', '/api/register', { body: owner });
    expect(a.status).toBe(201);
    const activated = await s.api('PUT', `/api/admin/users/${a.body.userId}/activate`, { token: admin.token });
    expect(activated.status).toBe(200);
    s.clock.advance(11 * 60 * 1000); // the owner's code has lapsed
    const other = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const stranger = await s.api('POST', '/api/register', {
      body: { ...owner, username: 'Stranger', password: 'stranger1', referralCode: other.user.referralCode },
    });
    expect(stranger.status).toBe(409);
    expect(stranger.body).toMatchObject({ code: 'DUPLICATE_PHONE', message: 'This mobile number is already registered' });
    const [row] = await s.ctx.db.select().from(referrals).where(eq(referrals.referredId, a.body.userId));
    expect(row?.referrerId).toBe(referrer.user.id);
    await expectLedgerHolds(s);
  });

  it('verify-otp: wrong code 400 INVALID_OTP, bad format, unknown user; the right code works once', async () => {
    const input = body();
    const reg = await s.api('POST', '/api/register', { body: input });
    const code = await s.lastCode(input.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: wrong } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'INVALID_OTP', message: 'That code is not correct. Check the SMS and try again.' });
    const short = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: '123' } });
    expect(short.body.message).toBe('Please enter the 6-digit OTP');
    const unknown = await s.api('POST', '/api/verify-otp', { body: { userId: 'x', otpCode: code } });
    expect(unknown.body).toMatchObject({ code: 'INVALID_OTP' });
    const ok = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: code } });
    expect(ok.status).toBe(200);
    const again = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: code } });
    expect(again.status).toBe(400);
  });

  it('kills a code after 5 tries, even if the 6th is right', async () => {
    const input = body();
    const reg = await s.api('POST', '/api/register', { body: input });
    const code = await s.lastCode(input.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: wrong } });
      expect(r.status).toBe(400);
    }
    const right = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: code } });
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('INVALID_OTP');
    expect(right.body.message).toBe('Too many wrong attempts. Please request a new OTP');
  });

  it('expires a code after 10 minutes (400 OTP_EXPIRED); a resent code works', async () => {
    const input = body();
    const reg = await s.api('POST', '/api/register', { body: input });
    const code = await s.lastCode(input.phone);
    s.clock.advance(10 * 60 * 1000 + 1000);
    const expired = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: code } });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('OTP_EXPIRED');
    const resend = await s.api('POST', '/api/resend-otp', { body: { userId: reg.body.userId } });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ ok: true });
    const ok = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: await s.lastCode(input.phone) } });
    expect(ok.status).toBe(200);
  });

  it('resend-otp: 429 with Retry-After inside 60 s, then at most 3 SMS per 10 minutes', async () => {
    const input = body();
    const reg = await s.api('POST', '/api/register', { body: input });
    const soon = await s.api('POST', '/api/resend-otp', { body: { userId: reg.body.userId } });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('RATE_LIMITED');
    expect(soon.body.message).toMatch(/^Please wait \d+ seconds before requesting a new code$/);
    const retryAfter = Number(soon.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    s.clock.advance(61_000);
    expect((await s.api('POST', '/api/resend-otp', { body: { userId: reg.body.userId } })).status).toBe(200);
    s.clock.advance(61_000);
    expect((await s.api('POST', '/api/resend-otp', { body: { userId: reg.body.userId } })).status).toBe(200);
    s.clock.advance(61_000);
    const limited = await s.api('POST', '/api/resend-otp', { body: { userId: reg.body.userId } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many codes requested\. Please try again in \d+ minutes?$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await s.outbox()).filter((m) => m.to === input.phone)).toHaveLength(3);

    s.clock.advance(10 * 60 * 1000);
    expect((await s.api('POST', '/api/resend-otp', { body: { userId: reg.body.userId } })).status).toBe(200);
  });

  it('resend-otp refuses unknown and already verified users', async () => {
    const unknown = await s.api('POST', '/api/resend-otp', { body: { userId: '00000000-0000-7000-8000-00000000ffff' } });
    expect(unknown.status).toBe(400);
    const missing = await s.api('POST', '/api/resend-otp', { body: {} });
    expect(missing.body.message).toBe('userId is required');
    const u = await registerUser(s, admin.user.referralCode);
    const verified = await s.api('POST', '/api/resend-otp', { body: { userId: u.user.id } });
    expect(verified.status).toBe(400);
    expect(verified.body.message).toBe('This mobile number is already verified. Please log in.');
  });

  it('logout revokes the session (204), then 401; GET /api/user without a session is 401', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const out = await s.api('POST', '/api/logout', { token: u.token });
    expect(out.status).toBe(204);
    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(401);
    expect((await s.api('POST', '/api/logout', { token: u.token })).status).toBe(401);
    expect((await s.api('POST', '/api/logout')).status).toBe(401);
    const anon = await s.api('GET', '/api/user');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('UNAUTHENTICATED');
  });
});
