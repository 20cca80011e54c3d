import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, registerUser, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser } from '../test/money-fixtures.ts';

describe.each(drivers)('prize wheel (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('refuses visitors (401) and users who are not activated (403)', async () => {
    expect((await s.api('POST', '/api/use-spin')).status).toBe(401);
    const inactive = await registerUser(s, admin.user.referralCode);
    const res = await s.api('POST', '/api/use-spin', { token: inactive.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_ACTIVATED');
  });

  it("answers 'No Spins Available' without a spin", async () => {
    const u = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const res = await s.api('POST', '/api/use-spin', { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'No Spins Available', code: 'NO_SPINS' });
    await expectLedgerHolds(s);
  });

  it('spends the spin, credits the drawn prize and counts the spin down', async () => {
    const a = await createFundedUser(s, admin.token, admin.user.referralCode);
    expect(a.user).toMatchObject({ walletBalance: '2000.00', successfulReferrals: 5, spinsAvailable: 1 });

    const res = await s.api('POST', '/api/use-spin', { token: a.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Default weights put everything on the 200 segment (index 6).
    expect(res.body).toEqual({ newBalance: '2200.00', spinsRemaining: 0, prize: '200.00', segmentIndex: 6 });

    const me = await s.api('GET', '/api/user', { token: a.token });
    expect(me.body).toMatchObject({ walletBalance: '2200.00', spinsAvailable: 0, totalEarnings: '2200.00' });

    const again = await s.api('POST', '/api/use-spin', { token: a.token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('No Spins Available');

    const notes = await s.api('GET', '/api/notifications', { token: a.token });
    expect(notes.body.items[0]).toMatchObject({ kind: 'spin_prize', title: 'You won ₹200!', read: false });

    const txs = await s.api('GET', '/api/transactions', { token: a.token });
    expect(txs.body[0]).toMatchObject({ type: 'spin_reward', amount: '200.00', direction: 'credit', status: 'completed', description: 'Spin wheel prize' });
    await expectLedgerHolds(s);
  });
});
