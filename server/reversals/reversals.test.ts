// Reversing an approved activation payment through the API: the payment becomes 'reversed', the
// fee and the referral reward come back by new entries (never edits), what the referrer's wallet
// cannot cover becomes a debt the next credits repay first, the unused spin that referral granted
// is withdrawn, the payer is suspended and signed out, both are told, and the audit log names the
// admin and the reason. Only a Super Admin may do it, never on their own payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, inviteAdmin, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { expectHistoryAddsUp, withdraw } from '../test/money-fixtures.ts';

describe.each(drivers)('payment reversal (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;

  /** A payer referred by `referrer`, whose approved proof is returned. */
  async function paidReferral(referrer: RegisteredUser) {
    const payer = await registerUser(s, referrer.user.referralCode);
    const proof = await submitPaymentProof(s, payer.token);
    const approved = await s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return { payer, proof };
  }
  const me = async (u: { token: string }) => (await s.api('GET', '/api/user', { token: u.token })).body;
  const reverse = (paymentId: string, body: unknown = { reason: 'Screenshot was edited; no credit in the bank statement' }, token = admin.token) =>
    s.api('POST', `/api/admin/manual-payments/${paymentId}/reverse`, { token, body });

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('takes the whole reward back from a wallet that holds it, and suspends the payer', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const { payer, proof } = await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '400.00', successfulReferrals: 1, totalEarnings: '400.00' });

    expect((await reverse(proof.id, {})).status).toBe(400);
    expect((await reverse(proof.id, { reason: 'bad' })).body.fields).toHaveProperty('reason');
    const res = await reverse(proof.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ clawedBack: '400.00', recordedAsDebt: '0.00', payment: { status: 'reversed', reversalReason: expect.stringContaining('edited') } });
    expect((await reverse(proof.id)).body.code).toBe('NOT_APPROVED');

    expect(await me(referrer)).toMatchObject({ walletBalance: '0.00', successfulReferrals: 0, totalEarnings: '0.00' });
    // The payer is suspended and signed out; signing in again is refused.
    expect((await s.api('GET', '/api/user', { token: payer.token })).status).toBe(401);
    expect((await s.api('POST', '/api/login', { body: { phone: payer.phone, password: payer.password } })).status).not.toBe(200);

    const history = (await s.api('GET', '/api/transactions', { token: referrer.token })).body;
    expect(history[0]).toMatchObject({ type: 'reversal', direction: 'debit', amount: '400.00', balanceAfter: '0.00' });
    expect(history[0].description).toMatch(/^Referral bonus reversed: .+'s payment was reversed$/);
    await expectHistoryAddsUp(s, referrer.token);

    const notes = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items;
    expect(notes[0]).toMatchObject({ kind: 'referral_reward_reversed' });
    const activity = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items;
    expect(activity[0]).toMatchObject({ action: 'payment.reversed', actorId: admin.user.id, details: expect.objectContaining({ reason: expect.stringContaining('edited') }) });
    const payments = await s.api('GET', '/api/admin/manual-payments?status=reversed', { token: admin.token });
    expect(payments.body.items.map((p: { id: string }) => p.id)).toEqual([proof.id]);
    await expectLedgerHolds(s);
  });

  it('records what the wallet cannot cover as a debt, repaid first from the next reward', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const { proof } = await paidReferral(referrer);
    // ₹250 of the ₹400 is already on its way out: the reversal finds ₹150 in the wallet.
    const pending = await withdraw(s, referrer.token, { amount: '250' });
    expect(pending.status).toBe(201);
    const res = await reverse(proof.id);
    expect(res.body).toMatchObject({ clawedBack: '400.00', recordedAsDebt: '250.00' });
    // What they still owe is part of their account (the wallet and dashboard show it).
    expect(await me(referrer)).toMatchObject({ walletBalance: '0.00', successfulReferrals: 0, debt: '250.00' });
    // The operator's drill-down names the debt, its holder and the reversal it came from.
    const debts = (await s.api('GET', '/api/admin/ledger/clawback_debt/entries', { token: admin.token })).body.items;
    expect(debts[0]).toMatchObject({ kind: 'referral_reward_reversal', amount: '-250.00', reversesEntryId: expect.any(String) });
    expect(debts[0].lines).toEqual(
      expect.arrayContaining([
        { kind: 'debt', name: null, username: referrer.user.username, amount: '-250.00' },
        { kind: 'wallet', name: null, username: referrer.user.username, amount: '-150.00' },
        { kind: 'platform', name: 'referral_rewards', username: null, amount: '400.00' },
      ]),
    );
    await expectLedgerHolds(s);

    // The next reward repays the debt first: ₹400 in, ₹250 recovered, ₹150 left.
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ walletBalance: '150.00', successfulReferrals: 1, totalEarnings: '400.00', debt: '0.00' });
    const [recovery, bonus] = (await s.api('GET', '/api/transactions', { token: referrer.token })).body;
    expect(recovery).toMatchObject({ type: 'recovery', direction: 'debit', amount: '250.00', balanceAfter: '150.00', description: 'Recovered towards a reversed referral bonus' });
    expect(bonus).toMatchObject({ type: 'referral_bonus', direction: 'credit', amount: '400.00', balanceAfter: '400.00' });
    await expectHistoryAddsUp(s, referrer.token);

    // With the debt repaid, a rejected withdrawal's refund goes to the wallet whole.
    expect((await s.api('PUT', `/api/admin/withdrawals/${pending.body.id}`, { token: admin.token, body: { status: 'rejected' } })).status).toBe(200);
    expect((await me(referrer)).walletBalance).toBe('400.00');
    const ledger = (await s.api('GET', '/api/admin/ledger', { token: admin.token })).body;
    expect(ledger.accounts.find((a: { name: string }) => a.name === 'clawback_debt')).toMatchObject({ balance: '0.00', accounts: 0 });
    await expectLedgerHolds(s);
  });

  it('withdraws the unused spin the reversed referral granted, and gives back the progress of the others', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const paid = [];
    for (let i = 0; i < 5; i++) paid.push(await paidReferral(referrer));
    expect(await me(referrer)).toMatchObject({ spinsAvailable: 1, successfulReferrals: 5 });
    expect((await reverse(paid[4]!.proof.id)).status).toBe(200);
    expect(await me(referrer)).toMatchObject({ spinsAvailable: 0, successfulReferrals: 4, referralsToNextSpin: 1, walletBalance: '1600.00' });
    // The next referral completes the spin again.
    await paidReferral(referrer);
    expect(await me(referrer)).toMatchObject({ spinsAvailable: 1, successfulReferrals: 5 });
    await expectLedgerHolds(s);
  });

  it('is a Super Admin’s call, never on their own payment', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const { proof } = await paidReferral(referrer);
    const reviewer = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    expect((await reverse(proof.id, undefined, reviewer.token)).body.code).toBe('ROLE_FORBIDDEN');
    expect((await reverse('00000000-0000-7000-8000-00000000abcd')).status).toBe(404);
    expect((await reverse('not-an-id')).status).toBe(404);
    // A pending proof cannot be reversed: it is rejected instead.
    const other = await registerUser(s, referrer.user.referralCode);
    const pendingProof = await submitPaymentProof(s, other.token);
    expect((await reverse(pendingProof.id)).body.code).toBe('NOT_APPROVED');
    await expectLedgerHolds(s);
  });
});
