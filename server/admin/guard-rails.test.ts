// Guard rails need two keys (DESIGN.md section 11): while two or more Super Admins are active, a
// change of the fee, the reward, the wheel, the two-person rule or the fraud holds is a proposal
// that takes effect only when a different Super Admin confirms it; the proposer cannot confirm it
// alone, the other settings of the same save apply at once, and every step is in the audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, inviteAdmin, type SignedIn } from '../test/fixtures.ts';

describe.each(drivers)('guard rails need two Super Admins (%s)', (driver) => {
  let s: TestServer;
  let first: SignedIn;
  let other: SignedIn;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    first = await createAdmin(s);
  });
  afterAll(() => s.close());

  const settings = async (token: string) => (await s.api('GET', '/api/admin/settings', { token })).body;

  it('with one Super Admin (a reviewer besides) a guard rail changes at once', async () => {
    const reviewer = await inviteAdmin(s, first.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    const res = await s.api('PUT', '/api/admin/settings', { token: first.token, body: { secondApprovalAbove: '5000' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ secondApprovalAbove: '5000.00', proposed: null, proposals: [] });
    expect((await s.api('PUT', '/api/admin/settings', { token: reviewer.token, body: { secondApprovalAbove: '' } })).body.code).toBe('ROLE_FORBIDDEN');
  });

  it('with two, switching the two-person rule off alone does nothing until the other confirms', async () => {
    other = await inviteAdmin(s, first.token, 'super_admin');
    const proposed = await s.api('PUT', '/api/admin/settings', {
      token: first.token,
      body: { secondApprovalAbove: '', referralReward: '1000', businessName: 'Asha Traders' },
    });
    expect(proposed.status).toBe(200);
    // The business name is no guard rail: it applies. The other two wait.
    expect(proposed.body).toMatchObject({ businessName: 'Asha Traders', secondApprovalAbove: '5000.00', referralReward: '400.00' });
    expect(proposed.body.proposed).toMatchObject({
      status: 'pending',
      proposedBy: { id: first.user.id },
      changes: { secondApprovalAbove: { from: '5000.00', to: null }, referralReward: { from: '400.00', to: '1000.00' } },
    });
    const id = proposed.body.proposed.id as string;
    expect((await settings(other.token)).proposals.map((p: { id: string }) => p.id)).toEqual([id]);

    // The proposer cannot confirm their own proposal.
    const self = await s.api('POST', `/api/admin/settings/proposals/${id}/confirm`, { token: first.token });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe('SECOND_APPROVER_REQUIRED');
    expect(await settings(first.token)).toMatchObject({ secondApprovalAbove: '5000.00', referralReward: '400.00' });

    const confirmed = await s.api('POST', `/api/admin/settings/proposals/${id}/confirm`, { token: other.token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ secondApprovalAbove: null, referralReward: '1000.00', proposals: [] });
    expect((await s.api('POST', `/api/admin/settings/proposals/${id}/confirm`, { token: other.token })).body.code).toBe('ALREADY_PROCESSED');

    const actions = (await s.api('GET', '/api/admin/activity', { token: first.token })).body.items.map((a: { action: string; actorId: string }) => [a.action, a.actorId]);
    expect(actions.slice(0, 3)).toEqual([
      ['settings.proposal_confirmed', other.user.id],
      ['settings.updated', first.user.id],
      ['settings.proposed', first.user.id],
    ]);
  });

  it('a proposal can be turned down or withdrawn, and one gone stale since cannot be confirmed', async () => {
    const otherToken = other.token;

    const wheel = { segments: Array.from({ length: 8 }, (_, i) => ({ weight: i === 7 ? 1 : 0 })) };
    const jackpot = (await s.api('PUT', '/api/admin/settings', { token: first.token, body: { wheel } })).body.proposed;
    expect((await s.api('POST', `/api/admin/settings/proposals/${jackpot.id}/reject`, { token: otherToken })).body.proposals).toEqual([]);
    expect((await settings(first.token)).wheel.segments[7].weight).toBe(0);

    const fee = (await s.api('PUT', '/api/admin/settings', { token: first.token, body: { activationFee: '1' } })).body.proposed;
    expect((await s.api('POST', `/api/admin/settings/proposals/${fee.id}/reject`, { token: first.token })).status).toBe(200);
    const withdrawn = (await s.api('GET', '/api/admin/activity', { token: first.token })).body.items[0];
    expect(withdrawn).toMatchObject({ action: 'settings.proposal_withdrawn', actorId: first.user.id });

    // Two proposals on the same setting: once one is confirmed, the other no longer holds.
    const a = (await s.api('PUT', '/api/admin/settings', { token: first.token, body: { minWithdrawal: '200', referralsPerSpin: 3 } })).body.proposed;
    const b = (await s.api('PUT', '/api/admin/settings', { token: otherToken, body: { referralsPerSpin: 4 } })).body.proposed;
    expect((await s.api('POST', `/api/admin/settings/proposals/${b.id}/confirm`, { token: first.token })).status).toBe(200);
    const stale = await s.api('POST', `/api/admin/settings/proposals/${a.id}/confirm`, { token: otherToken });
    expect(stale.status).toBe(409);
    expect((await settings(first.token)).referralsPerSpin).toBe(4);
  });
});
