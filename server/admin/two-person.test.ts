// The two-person rule through the API: with two or more active admins and the settings on, a
// withdrawal above the threshold and a direct activation need two different admins. The first
// approval moves no money and the owner still sees "pending"; the same admin cannot give the
// second; either admin may reject; with one admin left the rule cannot apply and one approval does.
// Splitting does not get under it (a user's withdrawals of 24 hours count together), the ledger
// check holds while one waits, and an approval pays only the payout details the admin was shown.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, inviteAdmin, registerUser, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';
import { buildLedgerReport } from '../ledger/ledger-report.ts';

describe.each(drivers)('two-person rule (%s)', (driver) => {
  let s: TestServer;
  let boss: SignedIn;
  let second: SignedIn;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    boss = await createAdmin(s);
    second = await inviteAdmin(s, boss.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    const set = await s.api('PUT', '/api/admin/settings', { token: boss.token, body: { secondApprovalAbove: '1000', secondApprovalForActivation: true } });
    expect(set.body).toMatchObject({ secondApprovalAbove: '1000.00', secondApprovalForActivation: true });
  });
  afterAll(() => s.close());

  const decide = (id: string, token: string, status = 'approved') => s.api('PUT', `/api/admin/withdrawals/${id}`, { token, body: { status } });

  it('a withdrawal above the threshold waits for a second, different admin', async () => {
    const user = await createFundedUser(s, boss.token, boss.user.referralCode);
    const w = await withdraw(s, user.token, { amount: '1500' });
    const first = await decide(w.body.id, boss.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'awaiting_second_approval', firstApproval: { byAdminId: boss.user.id } });
    // No money moved: it is still reserved, and its owner still reads "pending".
    expect((await s.api('GET', '/api/withdrawal-requests', { token: user.token })).body[0]).toMatchObject({ status: 'pending' });
    expect((await s.api('GET', '/api/transactions', { token: user.token })).body[0]).toMatchObject({ type: 'withdrawal', status: 'pending' });
    const again = await decide(w.body.id, boss.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SECOND_APPROVER_REQUIRED');
    const waiting = await s.api('GET', '/api/admin/withdrawals?status=awaiting_second_approval', { token: second.token });
    expect(waiting.body.items.map((x: { id: string }) => x.id)).toEqual([w.body.id]);
    const done = await decide(w.body.id, second.token);
    expect(done.body).toMatchObject({ status: 'approved' });
    expect((await s.api('GET', '/api/withdrawal-requests', { token: user.token })).body[0]).toMatchObject({ status: 'approved' });
    const activity = (await s.api('GET', '/api/admin/activity', { token: boss.token })).body.items;
    expect(activity.slice(0, 2).map((a: { action: string }) => a.action)).toEqual(['withdrawal.approved', 'withdrawal.first_approval']);
    expect(activity[0].details).toMatchObject({ firstApprovedBy: boss.user.id });
    await expectLedgerHolds(s);
  });

  it('at or below the threshold one approval pays; the first approver may still reject', async () => {
    const user = await createFundedUser(s, boss.token, boss.user.referralCode);
    const atThreshold = await withdraw(s, user.token, { amount: '1000' });
    expect((await decide(atThreshold.body.id, boss.token)).body).toMatchObject({ status: 'approved' });
    const above = await withdraw(s, user.token, { amount: '500' });
    expect(above.status).toBe(201);
    await s.api('PUT', '/api/admin/settings', { token: boss.token, body: { secondApprovalAbove: '499.99' } });
    expect((await decide(above.body.id, second.token)).body.status).toBe('awaiting_second_approval');
    expect((await decide(above.body.id, second.token, 'rejected')).body.status).toBe('rejected');
    await s.api('PUT', '/api/admin/settings', { token: boss.token, body: { secondApprovalAbove: '1000' } });
    expect((await s.api('GET', '/api/user', { token: user.token })).body.walletBalance).toBe('1000.00');
    await expectLedgerHolds(s);
  });

  it('a direct activation needs two admins, and not the same one twice', async () => {
    const user = await registerUser(s, boss.user.referralCode);
    const activate = (token: string) => s.api('PUT', `/api/admin/users/${user.user.id}/activate`, { token, body: { reason: 'Paid in cash at the office' } });
    const first = await activate(boss.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isActivated: false, pendingActivation: { byAdminId: boss.user.id, reason: 'Paid in cash at the office' } });
    expect((await activate(boss.token)).body.code).toBe('SECOND_APPROVER_REQUIRED');
    const done = await activate(second.token);
    expect(done.body).toMatchObject({ isActivated: true, pendingActivation: null });
    expect((await activate(second.token)).body.code).toBe('ALREADY_ACTIVATED');
    const activity = (await s.api('GET', '/api/admin/activity', { token: boss.token })).body.items;
    expect(activity[0]).toMatchObject({ action: 'user.activated', actorId: second.user.id, details: expect.objectContaining({ firstApprovedBy: boss.user.id }) });
    await expectLedgerHolds(s);
  });

  it('three withdrawals at the threshold requested within a day count together: none is paid on one approval', async () => {
    const user = await createFundedUser(s, boss.token, boss.user.referralCode, 10);
    const parts = [];
    for (let i = 0; i < 3; i++) {
      parts.push((await withdraw(s, user.token, { amount: '1000' })).body.id as string);
      s.clock.advance(60 * 60 * 1000);
    }
    for (const id of parts) expect((await decide(id, boss.token)).body.status).toBe('awaiting_second_approval');
    // ledger:check holds while they wait (the pending-withdrawals counter counts them too).
    const report = await buildLedgerReport(s.ctx.db, s.ctx.secretsKey);
    expect(report.ok, report.lines.join('\n')).toBe(true);
    for (const id of parts) expect((await decide(id, second.token)).body.status).toBe('approved');
    // A day later (the three moved two days back) a single withdrawal at the threshold is one approval again.
    await s.ctx.db.execute(sql`update withdrawals set created_at = created_at - interval '2 days' where id in (${parts[0]}::uuid, ${parts[1]}::uuid, ${parts[2]}::uuid)`);
    const later = await withdraw(s, user.token, { amount: '1000' });
    expect((await decide(later.body.id, boss.token)).body.status).toBe('approved');
    await expectLedgerHolds(s);
  });

  it('an approval names the payout details it showed: changed since, 409 PAYOUT_CHANGED and nothing moves', async () => {
    const user = await createFundedUser(s, boss.token, boss.user.referralCode);
    const w = await withdraw(s, user.token, { amount: '500' });
    const listed = (await s.api('GET', '/api/admin/withdrawals?status=pending', { token: boss.token })).body.items.find((x: { id: string }) => x.id === w.body.id);
    expect(listed).toMatchObject({ version: 1, accountNumber: '123456789012' });
    // The owner moves the payout to a UPI ID after the admin opened the list.
    const moved = await s.api('PUT', `/api/withdrawal-requests/${w.body.id}/payout`, { token: user.token, body: { method: 'upi', upiId: 'someone.else@okaxis', accountHolderName: 'Someone Else' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const stale = await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: boss.token, body: { status: 'approved', version: listed.version } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('PAYOUT_CHANGED');
    expect((await s.api('GET', '/api/withdrawal-requests', { token: user.token })).body[0]).toMatchObject({ status: 'pending' });
    const relisted = (await s.api('GET', '/api/admin/withdrawals?status=pending', { token: boss.token })).body.items.find((x: { id: string }) => x.id === w.body.id);
    expect(relisted).toMatchObject({ version: 2, method: 'upi', upiId: 'someone.else@okaxis' });
    const ok = await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: boss.token, body: { status: 'approved', version: relisted.version } });
    expect(ok.body.status).toBe('approved');
    await expectLedgerHolds(s);
  });

  it('with one active admin the rule cannot apply: one approval does', async () => {
    expect((await s.api('PUT', `/api/admin/admins/${second.user.id}`, { token: boss.token, body: { status: 'suspended' } })).status).toBe(200);
    const user = await createFundedUser(s, boss.token, boss.user.referralCode);
    const w = await withdraw(s, user.token, { amount: '1500' });
    expect((await decide(w.body.id, boss.token)).body.status).toBe('approved');
    const pending = await registerUser(s, boss.user.referralCode);
    expect((await s.api('PUT', `/api/admin/users/${pending.user.id}/activate`, { token: boss.token, body: {} })).body).toMatchObject({ isActivated: true });
    await expectLedgerHolds(s);
  });
});
