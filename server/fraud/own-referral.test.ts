// No admin pays themselves (DESIGN.md section 11): when an admin's own decision (a payment
// approval, a direct activation) would credit that admin's wallet because they referred the
// person, the person is activated at once but the reward is held and the admin flagged
// (own_referral_approved) until a different Super Admin releases it; the admin's spendable balance
// does not move, they cannot release it themselves, and with one admin it stays held. A reward paid
// on another admin's decision is not held. Every money test ends with the ledger invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { activateDirectly, activateUser, createAdmin, inviteAdmin, registerUser, type SignedIn } from '../test/fixtures.ts';
import { withdraw } from '../test/money-fixtures.ts';

describe.each(drivers)('an admin approving their own referrals (%s)', (driver) => {
  let s: TestServer;
  let boss: SignedIn;
  const me = async (u: { token: string }) => (await s.api('GET', '/api/user', { token: u.token })).body;
  const flagsOf = async (userId: string, token: string) => (await s.api('GET', `/api/admin/users/${userId}/risk-flags`, { token })).body.items;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    boss = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('the referred person is active at once; the reward waits, and with one admin it keeps waiting', async () => {
    const friend = await registerUser(s, boss.user.referralCode);
    await activateUser(s, boss.token, friend);
    expect((await me(friend)).isActivated).toBe(true);
    expect(await me(boss)).toMatchObject({ walletBalance: '0.00', heldBalance: '400.00', successfulReferrals: 1 });
    const [flag] = await flagsOf(boss.user.id, boss.token);
    expect(flag).toMatchObject({ code: 'own_referral_approved', holds: true, users: [{ id: friend.user.id }] });
    const note = (await s.api('GET', '/api/notifications', { token: boss.token })).body.items.find((n: { kind: string }) => n.kind === 'referral_reward_held');
    expect(note.body).toBe(`₹400.00 for ${friend.user.username} joining is on hold until another admin confirms it, because you approved it yourself`);
    // Not spendable, and not releasable by the admin it would pay.
    expect((await withdraw(s, boss.token, { amount: '100' })).status).toBe(400);
    const self = await s.api('POST', `/api/admin/users/${boss.user.id}/holds/release`, { token: boss.token, body: {} });
    expect(self.status).toBe(403);
    expect(self.body.code).toBe('SELF_DEALING');
    await expectLedgerHolds(s);
  });

  it('a direct activation by the referring admin is held the same way', async () => {
    await s.api('PUT', '/api/admin/settings', { token: boss.token, body: { rewardWaivedActivations: true } });
    const friend = await registerUser(s, boss.user.referralCode);
    await activateDirectly(s, boss.token, friend.user.id, 'Paid in cash at the office');
    expect(await me(boss)).toMatchObject({ walletBalance: '0.00', heldBalance: '800.00', successfulReferrals: 2 });
    expect((await flagsOf(boss.user.id, boss.token))[0].users.map((u: { id: string }) => u.id)).toContain(friend.user.id);
    await expectLedgerHolds(s);
  });

  it('a second Super Admin confirms it (the held rewards reach the wallet), and their approvals pay at once', async () => {
    const second = await inviteAdmin(s, boss.token, 'super_admin');
    const released = await s.api('POST', `/api/admin/users/${boss.user.id}/holds/release`, { token: second.token, body: { note: 'Fees seen on the bank statement' } });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body).toMatchObject({ released: '800.00' });
    expect(await me(boss)).toMatchObject({ walletBalance: '800.00', heldBalance: '0.00' });
    expect(await flagsOf(boss.user.id, second.token)).toEqual([]);

    // Another admin approving someone the first admin referred: nothing to hold.
    const friend = await registerUser(s, boss.user.referralCode);
    await activateUser(s, second.token, friend);
    expect(await me(boss)).toMatchObject({ walletBalance: '1200.00', heldBalance: '0.00' });
    await expectLedgerHolds(s);
  });
});
