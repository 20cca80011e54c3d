import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser, expectHistoryAddsUp, withdraw } from '../test/money-fixtures.ts';

describe.each(drivers)('transactions and notifications (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let a: RegisteredUser;
  let other: RegisteredUser;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
    a = await createFundedUser(s, admin.token, admin.user.referralCode);
    other = await createActivatedUser(s, admin.token, admin.user.referralCode);
    expect((await s.api('POST', '/api/use-spin', { token: a.token })).status).toBe(200);
    const w1 = await withdraw(s, a.token, { amount: '300' });
    await s.api('PUT', `/api/admin/withdrawals/${w1.body.id}`, { token: admin.token, body: { status: 'rejected' } });
    const w2 = await withdraw(s, a.token, { amount: '1000' });
    await s.api('PUT', `/api/admin/withdrawals/${w2.body.id}`, { token: admin.token, body: { status: 'approved' } });
    await withdraw(s, a.token, { amount: '100' });
  });
  afterAll(() => s.close());

  it('shows every wallet movement from the ledger, newest first, in words a person understands', async () => {
    expect((await s.api('GET', '/api/transactions')).status).toBe(401);
    const res = await s.api('GET', '/api/transactions', { token: a.token });
    expect(res.status).toBe(200);
    const rows = res.body.map((t: Record<string, string>) => [t.type, t.direction, t.amount, t.status, t.balanceAfter]);
    // One word per state (a paid withdrawal is "completed" here as in the withdrawal history), a
    // refund is a refund, and every row shows the balance after it.
    expect(rows).toEqual([
      ['withdrawal', 'debit', '100.00', 'pending', '1100.00'],
      ['withdrawal', 'debit', '1000.00', 'completed', '1200.00'],
      ['refund', 'credit', '300.00', 'completed', '2200.00'],
      ['withdrawal', 'debit', '300.00', 'rejected', '1900.00'],
      ['spin_reward', 'credit', '200.00', 'completed', '2200.00'],
      ['referral_bonus', 'credit', '400.00', 'completed', '2000.00'],
      ['referral_bonus', 'credit', '400.00', 'completed', '1600.00'],
      ['referral_bonus', 'credit', '400.00', 'completed', '1200.00'],
      ['referral_bonus', 'credit', '400.00', 'completed', '800.00'],
      ['referral_bonus', 'credit', '400.00', 'completed', '400.00'],
    ]);
    expect(res.body[0].description).toBe('Withdrawal to bank account ending 9012');
    expect(res.body[2].description).toBe('Refund of a rejected withdrawal to bank account ending 9012');
    expect(res.body[9].description).toMatch(/^Referral bonus: .+ activated their account$/);
    // The history adds up to the balance.
    const sum = res.body.reduce((acc: number, t: Record<string, string>) => acc + (t.direction === 'credit' ? 1 : -1) * Math.round(Number(t.amount) * 100), 0);
    const me = await s.api('GET', '/api/user', { token: a.token });
    expect(me.body.walletBalance).toBe('1100.00');
    expect(sum).toBe(1100_00);

    const page = await s.api('GET', `/api/transactions?limit=2&before=${res.body[1].id}`, { token: a.token });
    expect(page.body.map((t: { id: string }) => t.id)).toEqual([res.body[2].id, res.body[3].id]);
    expect((await s.api('GET', '/api/transactions?limit=0', { token: a.token })).status).toBe(400);
    expect((await s.api('GET', '/api/transactions', { token: other.token })).body).toEqual([]);
    await expectHistoryAddsUp(s, a.token);
    await expectLedgerHolds(s);
  });

  it('lists notifications with the unread count and marks them read', async () => {
    const res = await s.api('GET', '/api/notifications', { token: a.token });
    expect(res.status).toBe(200);
    const kinds = res.body.items.map((n: { kind: string }) => n.kind);
    expect(kinds.slice(0, 6)).toEqual([
      'withdrawal_requested',
      'withdrawal_approved',
      'withdrawal_requested',
      'withdrawal_rejected',
      'withdrawal_requested',
      'spin_prize',
    ]);
    expect(kinds).toContain('spin_granted');
    expect(res.body.unreadCount).toBe(res.body.items.length);

    const id = res.body.items[0].id;
    expect((await s.api('POST', `/api/notifications/${id}/read`, { token: other.token })).status).toBe(404);
    expect((await s.api('POST', '/api/notifications/nope/read', { token: a.token })).status).toBe(404);
    const read = await s.api('POST', `/api/notifications/${id}/read`, { token: a.token });
    expect(read.status).toBe(204);
    const after = await s.api('GET', '/api/notifications', { token: a.token });
    expect(after.body.unreadCount).toBe(res.body.unreadCount - 1);
    expect(after.body.items[0].read).toBe(true);

    expect((await s.api('POST', '/api/notifications/read-all', { token: a.token })).status).toBe(204);
    expect((await s.api('GET', '/api/notifications', { token: a.token })).body.unreadCount).toBe(0);
    expect((await s.api('GET', '/api/notifications')).status).toBe(401);
  });
});
