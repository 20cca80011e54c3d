// No SMS pumping: sign-up and reset codes are limited per network address (default 20 an hour),
// sign-ups per referral code (30 an hour) and all SMS together (2,000 an hour), each answered with
// 429 + Retry-After, each a setting. The server sits behind one proxy here (TRUST_PROXY=1), so a
// test can speak from several addresses the way the proxy reports them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, createActivatedUser, nextPhone, type SignedIn } from '../test/fixtures.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe.each(drivers)('SMS budgets (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let address = 0;
  /** A fresh client address, as the proxy in front reports it (the last X-Forwarded-For hop). */
  const from = (ip = `203.0.113.${++address}`) => ({ 'x-forwarded-for': `198.51.100.9, ${ip}` });
  const register = (referralCode: string, headers: Record<string, string>, phone = nextPhone()) =>
    s.api('POST', '/api/register', { body: { username: `u${phone.slice(-4)}`, phone, password: 'secret123', referralCode, policyVersion: PRIVACY_POLICY_VERSION }, headers });
  const setLimits = (body: Record<string, unknown>) => s.api('PUT', '/api/admin/settings', { token: admin.token, body });

  beforeAll(async () => {
    s = await startTestServer({ driver, keepAbuseLimits: true, env: { TRUST_PROXY: '1' } });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('60 sign-ups to 60 numbers from one address at once: 20 SMS, 40 answers of 429 with Retry-After', async () => {
    const sentBefore = (await s.outbox()).length;
    const headers = from('203.0.113.200');
    const answers = await Promise.all(Array.from({ length: 60 }, () => register(admin.user.referralCode, headers)));
    expect(tally(answers.map((a) => a.status))).toEqual({ 201: 20, 429: 40 });
    expect((await s.outbox()).length - sentBefore).toBe(20);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.body.message).toMatch(/^Too many codes were requested from your network\. Please try again in \d+ minutes?$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    // The same address asking for a reset code is refused the same way, for known and unknown numbers alike.
    const reset = await s.api('POST', '/api/forgot-password', { body: { phone: nextPhone() }, headers });
    expect(reset.status).toBe(429);
    // Other addresses are not affected; an hour later this one may ask again.
    expect((await register(admin.user.referralCode, from())).status).toBe(201);
    s.clock.advance(60 * 60 * 1000 + 1000);
    expect((await register(admin.user.referralCode, headers)).status).toBe(201);
  });

  it('a referral code brings in at most 30 sign-ups an hour, from any number of addresses', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await register(referrer.user.referralCode, from())).status);
    expect(tally(statuses)).toEqual({ 201: 30, 429: 1 });
    const refused = await register(referrer.user.referralCode, from());
    expect(refused.body.message).toMatch(/^Too many sign-ups with this referral code in the last hour\. Please try again in \d+ minutes$/);
    // Another referrer's friends are welcome meanwhile; the setting raises the limit at once.
    expect((await register(admin.user.referralCode, from())).status).toBe(201);
    expect((await setLimits({ signupsPerReferrerPerHour: 40 })).status).toBe(200);
    expect((await register(referrer.user.referralCode, from())).status).toBe(201);
  });

  it('past the global hourly budget new codes wait (429) and the admin Overview says so', async () => {
    s.clock.advance(60 * 60 * 1000 + 1000);
    expect((await setLimits({ smsPerHour: 3 })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await register(admin.user.referralCode, from())).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await register(admin.user.referralCode, from());
    expect(refused.body.message).toMatch(/^We are sending too many codes right now\. Please try again in \d+ minutes?$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A reset for an unknown number answers exactly like one for a known number: 429 for both.
    expect((await s.api('POST', '/api/forgot-password', { body: { phone: nextPhone() }, headers: from() })).status).toBe(429);
    const stats = await s.api('GET', '/api/admin/stats', { token: admin.token });
    expect(stats.body.sms).toEqual({ sentLastHour: 3, perHour: 3, budgetReached: true });
    expect((await setLimits({ smsPerHour: 2000 })).status).toBe(200);
    expect((await register(admin.user.referralCode, from())).status).toBe(201);
    expect((await s.api('GET', '/api/admin/stats', { token: admin.token })).body.sms).toEqual({ sentLastHour: 4, perHour: 2000, budgetReached: false });
  });

  it('an IPv6 host counts by its /64: rotating addresses inside it gets no fresh budget', async () => {
    s.clock.advance(60 * 60 * 1000 + 1000);
    expect((await setLimits({ smsPerAddressPerHour: 3 })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) statuses.push((await register(admin.user.referralCode, from(`2001:db8:77:1::${i.toString(16)}`))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    // The next /64 is someone else.
    expect((await register(admin.user.referralCode, from('2001:db8:77:2::1'))).status).toBe(201);
    expect((await setLimits({ smsPerAddressPerHour: 20 })).status).toBe(200);
  });

  it('refuses limits that are not whole numbers from 1 to 1,000,000', async () => {
    for (const body of [{ smsPerHour: 0 }, { smsPerAddressPerHour: 1.5 }, { signupsPerReferrerPerHour: 2_000_000 }, { smsPerHour: '5' }]) {
      const res = await setLimits(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const view = await s.api('GET', '/api/admin/settings', { token: admin.token });
    expect(view.body).toMatchObject({ smsPerAddressPerHour: 20, signupsPerReferrerPerHour: 40, smsPerHour: 2000, rewardWaivedActivations: false });
    // The public settings do not show them.
    expect(Object.keys((await s.api('GET', '/api/app-settings')).body)).not.toContain('smsPerHour');
  });
});
