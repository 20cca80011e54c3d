import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../db/schema.ts';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, registerUser, type SignedIn } from '../test/fixtures.ts';

describe.each(drivers)('app settings (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('serves the defaults publicly, money as rupee strings and the wheel odds', async () => {
    const res = await s.api('GET', '/api/app-settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      upiId: null,
      businessName: null,
      supportPhone: null,
      supportEmail: null,
      activationFee: '500.00',
      referralReward: '400.00',
      referralsPerSpin: 5,
      minWithdrawal: '100.00',
    });
    const segments = res.body.wheel.segments;
    expect(segments.map((x: { amount: string }) => x.amount)).toEqual(['20.00', '50.00', '100.00', '500.00', '250.00', '1000.00', '200.00', '50000.00']);
    expect(segments[6]).toEqual({ amount: '200.00', weight: 1, probability: 1 });
    expect(segments[0].probability).toBe(0);
  });

  it('lets an admin update fields partially and records the change in the audit log', async () => {
    const res = await s.api('PUT', '/api/admin/settings', {
      token: admin.token,
      body: { upiId: 'referralhub@okaxis', businessName: 'Referral Hub Pvt Ltd', supportEmail: 'Help@Example.com', supportPhone: '+91 98765 43210' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ upiId: 'referralhub@okaxis', businessName: 'Referral Hub Pvt Ltd', supportEmail: 'help@example.com', activationFee: '500.00' });
    const pub = await s.api('GET', '/api/app-settings');
    expect(pub.body.upiId).toBe('referralhub@okaxis');

    const audit = await s.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.updated'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.user.id);
    expect(Object.keys((audit[0]?.details as { changed: object }).changed).sort()).toEqual(['businessName', 'supportEmail', 'supportPhone', 'upiId']);
  });

  it('updates economics and wheel segments', async () => {
    const res = await s.api('PUT', '/api/admin/settings', {
      token: admin.token,
      body: {
        activationFee: '600',
        referralReward: 450.5,
        minWithdrawal: '150.00',
        wheel: { segments: [{ weight: 1 }, { weight: 1 }, {}, {}, {}, {}, { weight: 2, amount: '300' }, {}] },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ activationFee: '600.00', referralReward: '450.50', minWithdrawal: '150.00' });
    expect(res.body.wheel.segments[6]).toEqual({ amount: '300.00', weight: 2, probability: 0.5 });
    expect(res.body.wheel.segments[0]).toEqual({ amount: '20.00', weight: 1, probability: 0.25 });
    // back to the defaults for the other tests
    const back = await s.api('PUT', '/api/admin/settings', {
      token: admin.token,
      body: { activationFee: 500, referralReward: 400, minWithdrawal: 100, wheel: { segments: [{ weight: 0 }, { weight: 0 }, {}, {}, {}, {}, { weight: 1, amount: 200 }, {}] } },
    });
    expect(back.status).toBe(200);
    expect(back.body.wheel.segments[6]).toEqual({ amount: '200.00', weight: 1, probability: 1 });
  });

  it.each([
    [{ upiId: 'not-a-upi-id' }, 'UPI ID must look like name@bank'],
    [{ referralsPerSpin: 0 }, 'Referrals per spin must be a whole number from 1 to 100'],
    [{ referralsPerSpin: 101 }, 'Referrals per spin must be a whole number from 1 to 100'],
    [{ referralsPerSpin: 2.5 }, 'Referrals per spin must be a whole number from 1 to 100'],
    [{ activationFee: '0' }, 'Activation fee must be more than ₹0'],
    [{ activationFee: '12.345' }, 'Activation fee must be an amount in rupees, like 500 or 500.00'],
    [{ minWithdrawal: -5 }, 'Minimum withdrawal must be an amount in rupees, like 500 or 500.00'],
    [{ supportEmail: 'nope' }, 'Enter a valid support email address'],
    [{ wheel: { segments: [{ weight: 1 }] } }, 'The wheel needs 8 segments'],
    [{ wheel: { segments: Array.from({ length: 8 }, () => ({ weight: -1 })) } }, 'Wheel weights must be whole numbers of 0 or more'],
    [{ wheel: { segments: Array.from({ length: 8 }, () => ({ weight: 0 })) } }, 'At least one wheel segment needs a weight above 0'],
  ])('refuses %j with a clear 400', async (body, message) => {
    const res = await s.api('PUT', '/api/admin/settings', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  // Referrals-per-spin changes applying forward only: server/referrals/spin-grants.test.ts.

  it('is admin-only: 401 without a session, 403 for a user', async () => {
    expect((await s.api('PUT', '/api/admin/settings', { body: { businessName: 'x' } })).status).toBe(401);
    const user = await registerUser(s, admin.user.referralCode);
    const res = await s.api('PUT', '/api/admin/settings', { token: user.token, body: { businessName: 'x' } });
    expect(res.status).toBe(403);
  });
});
