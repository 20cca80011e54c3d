// The whole money journey through the public API, as people would live it: an admin activates A;
// five friends sign up with A's code, pay the activation fee by UPI and are approved; A earns,
// spins, withdraws, is refunded once and paid once; the ledger holds at every step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from './test/harness.ts';
import { createActivatedUser, createAdmin, pngFile, registerUser, type RegisteredUser, type SignedIn } from './test/fixtures.ts';
import { expectHistoryAddsUp, withdraw } from './test/money-fixtures.ts';
import { buildLedgerReport } from './ledger/ledger-report.ts';

describe.each(drivers)('money journey (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let a: RegisteredUser;
  const friends: RegisteredUser[] = [];
  const me = async () => (await s.api('GET', '/api/user', { token: a.token })).body;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('the admin activates A; five friends register with A’s code, pay and are approved', async () => {
    a = await createActivatedUser(s, admin.token, admin.user.referralCode);
    expect(a.user).toMatchObject({ isActivated: true, walletBalance: '0.00', spinsAvailable: 0 });

    for (let i = 0; i < 5; i++) {
      const friend = await registerUser(s, a.user.referralCode);
      const form = new FormData();
      form.set('screenshot', pngFile());
      form.set('utrNumber', `40123456789${i}`);
      form.set('amount', '500');
      const paid = await s.upload('POST', '/api/submit-manual-payment', form, { token: friend.token });
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      const approved = await s.api('PUT', `/api/admin/manual-payments/${paid.body.id}`, { token: admin.token, body: { status: 'approved' } });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      friends.push(friend);
      await expectLedgerHolds(s);
    }

    expect(await me()).toMatchObject({ walletBalance: '2000.00', successfulReferrals: 5, spinsAvailable: 1, totalEarnings: '2000.00' });
    // The fee was paid by UPI, not from the wallet: it is in the friend's payments, not the wallet history.
    const friendTxs = await s.api('GET', '/api/transactions', { token: friends[0]!.token });
    expect(friendTxs.body).toEqual([]);
    const friendPayments = await s.api('GET', '/api/manual-payments', { token: friends[0]!.token });
    expect(friendPayments.body).toEqual([expect.objectContaining({ amount: '500.00', status: 'approved' })]);
  });

  it('A spins and wins the drawn prize', async () => {
    const spin = await s.api('POST', '/api/use-spin', { token: a.token, headers: { 'Idempotency-Key': 'journey-spin' } });
    expect(spin.status).toBe(200);
    expect(spin.body).toMatchObject({ newBalance: '2200.00', spinsRemaining: 0, prize: '200.00' });
    await expectLedgerHolds(s);
  });

  it('A withdraws, the admin rejects: the money comes back', async () => {
    const w = await withdraw(s, a.token, { amount: '1000', screenshot: pngFile('upi-qr.png') });
    expect(w.status).toBe(201);
    expect((await me()).walletBalance).toBe('1200.00');
    const pending = await s.api('GET', '/api/admin/withdrawals?status=pending', { token: admin.token });
    expect(pending.body.items.map((x: { id: string }) => x.id)).toEqual([w.body.id]);
    const rejected = await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'rejected', notes: 'Name does not match' } });
    expect(rejected.status).toBe(200);
    expect((await me()).walletBalance).toBe('2200.00');
    await expectLedgerHolds(s);
  });

  it('A withdraws everything, the admin approves: paid out', async () => {
    const w = await withdraw(s, a.token, { amount: '2200.00' });
    expect(w.status).toBe(201);
    expect((await me()).walletBalance).toBe('0.00');
    expect((await withdraw(s, a.token, { amount: '100' })).body.code).toBe('INSUFFICIENT_BALANCE');
    const approved = await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(approved.status).toBe(200);
    expect((await me()).walletBalance).toBe('0.00');

    const history = await s.api('GET', '/api/withdrawal-requests', { token: a.token });
    expect(history.body.map((x: { amount: string; status: string }) => [x.amount, x.status])).toEqual([
      ['2200.00', 'approved'],
      ['1000.00', 'rejected'],
    ]);
    const txs = await s.api('GET', '/api/transactions', { token: a.token });
    expect(txs.body.map((t: { type: string }) => t.type)).toEqual([
      'withdrawal',
      'refund',
      'withdrawal',
      'spin_reward',
      'referral_bonus',
      'referral_bonus',
      'referral_bonus',
      'referral_bonus',
      'referral_bonus',
    ]);

    await expectHistoryAddsUp(s, a.token);
    await expectLedgerHolds(s);
    const report = await buildLedgerReport(s.ctx.db, s.ctx.secretsKey);
    expect(report.ok).toBe(true);
    expect(report.lines.join('\n')).toMatch(/payouts_paid\s+2200\.00/);
  });
});
