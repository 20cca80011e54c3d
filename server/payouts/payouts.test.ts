// Payouts through RazorpayX, against a fake RazorpayX over HTTP: an approval queues a payout and the
// worker makes it with the composite request (UPI to a VPA, IMPS to a bank account), Basic auth and
// the withdrawal's fixed idempotency key; the user reads "pending" until the provider confirms. A
// processed webhook completes the withdrawal with the UTR; a reversal, a failure or a rejection
// returns the money to the wallet once however often it is delivered; a bad signature is 400. A 500
// (or a lost answer) is tried again with the same key and body and makes one payout; a refusal waits
// for an admin, who tries again (a new key) or returns the money; a payout queued for the business
// account's balance raises the alert; the daily sweep settles a payout whose webhook never came.
// Every test ends with the ledger check, on PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, inviteAdmin, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';
import { startFakeRazorpayX, type FakeRazorpayX } from '../test/fake-razorpayx.ts';
import { queryRows } from '../db/rows.ts';
import { runMaintenance } from '../maintenance/maintenance.ts';
import { PAYOUT_MAX_ATTEMPTS } from './payout-queue.ts';

const WEBHOOK_SECRET = 'whsec-payouts-test-0123456789';

describe.each(drivers)('payouts through RazorpayX (%s)', (driver) => {
  let s: TestServer;
  let fake: FakeRazorpayX;
  let admin: SignedIn;
  let webhookUrl: string;

  beforeAll(async () => {
    fake = await startFakeRazorpayX();
    s = await startTestServer({
      driver,
      env: {
        PAYOUT_PROVIDER: 'razorpayx',
        RAZORPAYX_KEY_ID: fake.keyId,
        RAZORPAYX_KEY_SECRET: fake.keySecret,
        RAZORPAYX_ACCOUNT_NUMBER: fake.accountNumber,
        RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAYX_BASE_URL: fake.url,
      },
    });
    admin = await createAdmin(s);
    webhookUrl = `${s.origin.replace('localhost', '127.0.0.1')}/api/payouts/webhook/razorpayx`;
  });
  afterAll(async () => {
    await s?.ctx.payouts?.queue.stop();
    await s?.close();
    await fake?.close();
  });

  const queue = () => s.ctx.payouts!.queue;
  const approve = (id: string, token = admin.token) => s.api('PUT', `/api/admin/withdrawals/${id}`, { token, body: { status: 'approved' } });

  /** A funded user's withdrawal, approved; the worker has tried it once. */
  async function approvedWithdrawal(fields: Parameters<typeof withdraw>[2] = { amount: '500', method: 'upi', upiId: 'asha.verma@okaxis' }) {
    const user = await createFundedUser(s, admin.token, admin.user.referralCode);
    const w = await withdraw(s, user.token, fields);
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    const decided = await approve(w.body.id);
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.status).toBe('paying');
    await queue().drain();
    return { user, id: w.body.id as string };
  }

  const ownWithdrawal = async (user: RegisteredUser, id: string) =>
    (await s.api('GET', '/api/withdrawal-requests', { token: user.token })).body.find((w: { id: string }) => w.id === id);
  const adminRow = async (id: string) =>
    (await s.api('GET', `/api/admin/withdrawals?status=all&q=${id}`, { token: admin.token })).body.items.find((w: { id: string }) => w.id === id);
  const payoutOf = (id: string) => fake.payouts.find((p) => p.reference_id === id)!;
  const wallet = async (user: RegisteredUser) => (await s.api('GET', '/api/user', { token: user.token })).body.walletBalance as string;
  const entries = async (kind: string, refId: string) =>
    (await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from ledger_entries where kind = ${kind} and ref_id = ${refId}::uuid`))[0]!.n;

  it('pays a UPI ID with the composite request, Basic auth and the withdrawal as its key; the owner reads pending', async () => {
    const before = fake.createRequests().length;
    const { user, id } = await approvedWithdrawal();
    const calls = fake.createRequests().slice(before);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ authorized: true, idempotencyKey: id });
    expect(calls[0]!.body).toEqual({
      account_number: fake.accountNumber,
      amount: 50_000,
      currency: 'INR',
      mode: 'UPI',
      purpose: 'payout',
      fund_account: {
        account_type: 'vpa',
        vpa: { address: 'asha.verma@okaxis' },
        contact: { name: 'Asha Verma', contact: user.phone, type: 'customer', reference_id: user.user.id },
      },
      queue_if_low_balance: true,
      reference_id: id,
      narration: 'Referral Hub withdrawal',
    });
    // The provider has it; nothing is paid yet, so the owner still reads "pending".
    expect(await ownWithdrawal(user, id)).toMatchObject({ status: 'pending', payoutReference: null });
    expect((await s.api('GET', '/api/transactions', { token: user.token })).body[0]).toMatchObject({ type: 'withdrawal', status: 'pending' });
    expect(await adminRow(id)).toMatchObject({
      status: 'paying',
      payout: { provider: 'razorpayx', job: 'sent', status: 'processing', payoutId: payoutOf(id).id, mode: 'UPI', utr: null, waitingForBalance: false },
    });
    expect(await entries('withdrawal_payout', id)).toBe(0);
    await expectLedgerHolds(s);
  });

  it('pays a bank account by IMPS with the holder, IFSC and account number', async () => {
    const before = fake.createRequests().length;
    const { user, id } = await approvedWithdrawal({ amount: '1500', accountHolderName: 'Ravi Kumar', accountNumber: '001234567890', ifscCode: 'ICIC0001234' });
    const [call] = fake.createRequests().slice(before);
    expect(call!.body).toMatchObject({
      amount: 150_000,
      mode: 'IMPS',
      fund_account: {
        account_type: 'bank_account',
        bank_account: { name: 'Ravi Kumar', ifsc: 'ICIC0001234', account_number: '001234567890' },
        contact: { name: 'Ravi Kumar', contact: user.phone, type: 'customer', reference_id: user.user.id },
      },
      reference_id: id,
      queue_if_low_balance: true,
    });
    await expectLedgerHolds(s);
  });

  it('processed: the withdrawal completes with the payout UTR as its reference, and its owner is told', async () => {
    const { user, id } = await approvedWithdrawal();
    const processed = fake.settle(payoutOf(id).id, 'processed');
    const sent = await fake.sendWebhook(webhookUrl, 'payout.processed', processed, { secret: WEBHOOK_SECRET });
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({ outcome: 'completed' });
    expect(await ownWithdrawal(user, id)).toMatchObject({ status: 'approved', payoutReference: processed.utr });
    expect((await s.api('GET', '/api/transactions', { token: user.token })).body[0]).toMatchObject({ type: 'withdrawal', status: 'completed' });
    const note = (await s.api('GET', '/api/notifications', { token: user.token })).body.items[0];
    expect(note).toMatchObject({ title: 'Withdrawal completed', body: `Your withdrawal of ₹500.00 has been sent to your UPI asha.verma@okaxis. Transfer reference: ${processed.utr}.` });
    expect(await adminRow(id)).toMatchObject({ status: 'approved', payoutReference: processed.utr, payout: { job: 'settled', status: 'processed', utr: processed.utr } });
    expect(await entries('withdrawal_payout', id)).toBe(1);
    // A late "payout.initiated" changes nothing.
    await fake.sendWebhook(webhookUrl, 'payout.initiated', { ...processed, status: 'processing' }, { secret: WEBHOOK_SECRET });
    expect((await adminRow(id)).payout).toMatchObject({ status: 'processed' });
    await expectLedgerHolds(s);
  });

  it('reversed: the money is back in the wallet once, however often the webhook comes, with the reason for both', async () => {
    const { user, id } = await approvedWithdrawal();
    expect(await wallet(user)).toBe('1500.00');
    const reversed = fake.settle(payoutOf(id).id, 'reversed');
    const first = await fake.sendWebhook(webhookUrl, 'payout.reversed', reversed, { secret: WEBHOOK_SECRET });
    const again = await fake.sendWebhook(webhookUrl, 'payout.reversed', reversed, { secret: WEBHOOK_SECRET, eventId: first.eventId });
    const third = await fake.sendWebhook(webhookUrl, 'payout.reversed', reversed, { secret: WEBHOOK_SECRET, eventId: first.eventId });
    expect([first, again, third].map((r) => [r.status, JSON.parse(r.body).outcome])).toEqual([
      [200, 'refunded'],
      [200, 'redelivery'],
      [200, 'redelivery'],
    ]);
    // The same news under another event id (RazorpayX may send a payout's webhook twice) moves nothing either.
    expect(JSON.parse((await fake.sendWebhook(webhookUrl, 'payout.reversed', reversed, { secret: WEBHOOK_SECRET })).body).outcome).toBe('unchanged');
    expect(await wallet(user)).toBe('2000.00');
    expect(await entries('withdrawal_refund', id)).toBe(1);
    const reason = reversed.status_details!.description;
    expect(await ownWithdrawal(user, id)).toMatchObject({ status: 'rejected', adminNotes: reason });
    const note = (await s.api('GET', '/api/notifications', { token: user.token })).body.items[0];
    expect(note).toMatchObject({
      title: 'Withdrawal returned',
      body: `Your withdrawal of ₹500.00 to your UPI asha.verma@okaxis could not be paid, and the amount is back in your wallet. Reason: ${reason}`,
    });
    expect(await adminRow(id)).toMatchObject({ status: 'rejected', adminNotes: reason, payout: { job: 'settled', status: 'reversed', description: reason } });
    // A "processed" arriving after the reversal is older news delivered late: nothing moves, nobody is alarmed.
    const late = await fake.sendWebhook(webhookUrl, 'payout.processed', { ...reversed, status: 'processed' }, { secret: WEBHOOK_SECRET });
    expect(JSON.parse(late.body).outcome).toBe('unchanged');
    expect(await entries('withdrawal_payout', id)).toBe(0);
    await expectLedgerHolds(s);
  });

  it('a payout reversed after it was processed takes the money back from payouts_paid to the wallet', async () => {
    const { user, id } = await approvedWithdrawal();
    const payoutId = payoutOf(id).id;
    await fake.sendWebhook(webhookUrl, 'payout.processed', fake.settle(payoutId, 'processed'), { secret: WEBHOOK_SECRET });
    expect(await wallet(user)).toBe('1500.00');
    await fake.sendWebhook(webhookUrl, 'payout.reversed', fake.settle(payoutId, 'reversed'), { secret: WEBHOOK_SECRET });
    expect(await wallet(user)).toBe('2000.00');
    const [returned] = await queryRows<{ from: string }>(s.ctx.db, sql`select details->>'from' as from from audit_log where action = 'payout.returned' and target_id = ${id}`);
    expect(returned).toEqual({ from: 'payouts_paid' });
    // A failure told after completion and reversal moves nothing more.
    await fake.sendWebhook(webhookUrl, 'payout.failed', { ...fake.payout(payoutId), status: 'failed' }, { secret: WEBHOOK_SECRET });
    expect(await entries('withdrawal_refund', id)).toBe(1);
    expect(await wallet(user)).toBe('2000.00');
    await expectLedgerHolds(s);
  });

  it('failed and rejected payouts return the money from payouts_pending', async () => {
    for (const status of ['failed', 'rejected'] as const) {
      const { user, id } = await approvedWithdrawal();
      await fake.sendWebhook(webhookUrl, `payout.${status}`, fake.settle(payoutOf(id).id, status), { secret: WEBHOOK_SECRET });
      expect(await wallet(user)).toBe('2000.00');
      expect((await ownWithdrawal(user, id)).status).toBe('rejected');
    }
    await expectLedgerHolds(s);
  });

  it('a webhook with a wrong or missing signature, or a body changed after signing, is refused with 400 and moves nothing', async () => {
    const { user, id } = await approvedWithdrawal();
    const payout = fake.settle(payoutOf(id).id, 'processed');
    const wrong = await fake.sendWebhook(webhookUrl, 'payout.processed', payout, { secret: WEBHOOK_SECRET, wrongSecret: true });
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.body)).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const tampered = await fake.sendWebhook(webhookUrl, 'payout.processed', payout, { secret: WEBHOOK_SECRET, tamper: true });
    expect(tampered.status).toBe(400);
    const unsigned = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_unsigned0000001' }, body: '{}' });
    expect(unsigned.status).toBe(400);
    expect(await ownWithdrawal(user, id)).toMatchObject({ status: 'pending' });
    expect(await wallet(user)).toBe('1500.00');
    // Another provider's path is not ours.
    expect((await fetch(webhookUrl.replace('razorpayx', 'cashfree'), { method: 'POST', body: '{}' })).status).toBe(404);
    await expectLedgerHolds(s);
  });

  it('a 500 from the provider is tried again later with the same key and body: exactly one payout', async () => {
    const before = fake.createRequests().length;
    const payoutsBefore = fake.payouts.length;
    fake.failNext(1, 'error');
    const { id } = await approvedWithdrawal();
    const [job] = await queryRows<{ status: string; attempts: number; last_error: string }>(s.ctx.db, sql`select status, attempts, last_error from payout_jobs where withdrawal_id = ${id}::uuid`);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.last_error).toContain('HTTP 500');
    expect((await adminRow(id)).payout).toMatchObject({ job: 'queued', attempts: 1 });
    s.clock.advance(2_000);
    await queue().drain();
    const calls = fake.createRequests().slice(before);
    expect(calls).toHaveLength(2);
    expect(new Set(calls.map((c) => c.idempotencyKey))).toEqual(new Set([id]));
    expect(JSON.stringify(calls[1]!.body)).toBe(JSON.stringify(calls[0]!.body));
    expect(fake.payouts.length - payoutsBefore).toBe(1);
    expect((await adminRow(id)).payout).toMatchObject({ job: 'sent', payoutId: payoutOf(id).id, lastError: null });
    await expectLedgerHolds(s);
  });

  it('an answer lost after the payout was made: the retry gets the same payout back, never a second one', async () => {
    const payoutsBefore = fake.payouts.length;
    fake.failNext(1, 'error_after_create');
    const { id } = await approvedWithdrawal();
    expect(fake.payouts.length - payoutsBefore).toBe(1);
    s.clock.advance(2_000);
    await queue().drain();
    expect(fake.payouts.length - payoutsBefore).toBe(1);
    expect((await adminRow(id)).payout).toMatchObject({ job: 'sent', payoutId: payoutOf(id).id });
    await expectLedgerHolds(s);
  });

  it('a webhook that overtakes the answer to the create call settles the withdrawal; the late answer changes nothing', async () => {
    const user = await createFundedUser(s, admin.token, admin.user.referralCode);
    const w = await withdraw(s, user.token, { amount: '500', method: 'upi', upiId: 'early.bird@okaxis' });
    let early: { status: number; body: string } | null = null;
    fake.onNextCreate(async (payout) => {
      early = await fake.sendWebhook(webhookUrl, 'payout.processed', fake.settle(payout.id, 'processed'), { secret: WEBHOOK_SECRET });
    });
    expect((await approve(w.body.id)).body.status).toBe('paying');
    await queue().drain();
    expect(early).toMatchObject({ status: 200 });
    expect(await ownWithdrawal(user, w.body.id)).toMatchObject({ status: 'approved', payoutReference: payoutOf(w.body.id).utr });
    expect((await adminRow(w.body.id)).payout).toMatchObject({ job: 'settled', status: 'processed', payoutId: payoutOf(w.body.id).id });
    expect(await entries('withdrawal_payout', w.body.id)).toBe(1);
    await expectLedgerHolds(s);
  });

  it('a refusal waits in the admins list; trying again uses a new key, and the payout goes out', async () => {
    fake.refuseNext(1, 'Invalid VPA. Please enter a valid Virtual Payment Address');
    const { user, id } = await approvedWithdrawal();
    const overview = await s.api('GET', '/api/admin/payouts', { token: admin.token });
    expect(overview.body.provider).toBe('razorpayx');
    expect(overview.body.failed).toContainEqual(
      expect.objectContaining({ withdrawalId: id, username: user.user.username, amount: '500.00', destination: 'UPI asha.verma@okaxis', attempts: 1 }),
    );
    expect(overview.body.failed.find((f: { withdrawalId: string }) => f.withdrawalId === id).lastError).toContain('Invalid VPA');
    expect((await adminRow(id)).payout).toMatchObject({ job: 'failed' });
    const before = fake.createRequests().length;
    const retried = await s.api('POST', `/api/admin/payouts/${id}/retry`, { token: admin.token });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    await queue().drain();
    const [call] = fake.createRequests().slice(before);
    expect(call!.idempotencyKey).not.toBe(id);
    expect((await adminRow(id)).payout).toMatchObject({ job: 'sent', payoutId: payoutOf(id).id });
    expect((await s.api('GET', '/api/admin/payouts', { token: admin.token })).body.failed.map((f: { withdrawalId: string }) => f.withdrawalId)).not.toContain(id);
    // Only a refused payout can be tried again.
    expect((await s.api('POST', `/api/admin/payouts/${id}/retry`, { token: admin.token })).body.code).toBe('PAYOUT_NOT_FAILED');
    await expectLedgerHolds(s);
  });

  it('a refused payout returned by an admin: the money is back in the wallet with the reason the person reads', async () => {
    fake.refuseNext(1);
    const { user, id } = await approvedWithdrawal();
    const missing = await s.api('POST', `/api/admin/payouts/${id}/return`, { token: admin.token, body: {} });
    expect(missing.status).toBe(400);
    const returned = await s.api('POST', `/api/admin/payouts/${id}/return`, { token: admin.token, body: { reason: 'The UPI ID does not exist: request again with the right one' } });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body).toMatchObject({ job: 'settled' });
    expect(await wallet(user)).toBe('2000.00');
    expect(await ownWithdrawal(user, id)).toMatchObject({ status: 'rejected', adminNotes: 'The UPI ID does not exist: request again with the right one' });
    const again = await s.api('POST', `/api/admin/payouts/${id}/return`, { token: admin.token, body: { reason: 'Twice over' } });
    expect([again.status, again.body.code]).toEqual([409, 'PAYOUT_NOT_FAILED']);
    expect(await entries('withdrawal_refund', id)).toBe(1);
    await expectLedgerHolds(s);
  });

  it('the two-person rule still asks for a second admin before anything is sent', async () => {
    const second = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { secondApprovalAbove: '1000' } });
    try {
      const user = await createFundedUser(s, admin.token, admin.user.referralCode);
      const w = await withdraw(s, user.token, { amount: '1500', method: 'upi', upiId: 'two.person@okaxis' });
      const before = fake.createRequests().length;
      expect((await approve(w.body.id)).body.status).toBe('awaiting_second_approval');
      await queue().drain();
      expect(fake.createRequests().length).toBe(before);
      expect((await approve(w.body.id, second.token)).body.status).toBe('paying');
      await queue().drain();
      expect(fake.createRequests().length).toBe(before + 1);
      // A reviewer may look after payouts, as they decide withdrawals.
      expect((await s.api('GET', '/api/admin/payouts', { token: second.token })).status).toBe(200);
    } finally {
      await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { secondApprovalAbove: null } });
    }
    await expectLedgerHolds(s);
  });
  it('after too many failures a payout the provider made after all is taken up, never returned', async () => {
    fake.failNext(1, 'error_after_create');
    const { user, id } = await approvedWithdrawal();
    for (let i = 1; i < PAYOUT_MAX_ATTEMPTS; i++) {
      fake.failNext(1, 'error');
      s.clock.advance(31 * 60_000);
      await queue().drain();
    }
    expect((await adminRow(id)).payout).toMatchObject({ job: 'failed', attempts: PAYOUT_MAX_ATTEMPTS });
    const refused = await s.api('POST', `/api/admin/payouts/${id}/return`, { token: admin.token, body: { reason: 'Could not pay it' } });
    expect([refused.status, refused.body.code]).toEqual([409, 'PAYOUT_AT_PROVIDER']);
    expect((await adminRow(id)).payout).toMatchObject({ job: 'sent', payoutId: payoutOf(id).id });
    expect(await wallet(user)).toBe('1500.00');
    await expectLedgerHolds(s);
  });

  it('a payout queued for the business account balance raises the alert until money is added', async () => {
    fake.lowBalance(true);
    const { id } = await approvedWithdrawal();
    fake.lowBalance(false);
    expect((await s.api('GET', '/api/admin/payouts', { token: admin.token })).body.waitingForBalance).toEqual({ count: 1, amount: '500.00' });
    expect((await adminRow(id)).payout).toMatchObject({ status: 'queued', reason: 'low_balance', waitingForBalance: true });
    const [started] = fake.addFunds();
    await fake.sendWebhook(webhookUrl, 'payout.initiated', started!, { secret: WEBHOOK_SECRET });
    expect((await s.api('GET', '/api/admin/payouts', { token: admin.token })).body.waitingForBalance).toEqual({ count: 0, amount: '0.00' });
    await expectLedgerHolds(s);
  });

  it('the daily sweep settles a payout still processing an hour later whose webhook never came', async () => {
    const { user, id } = await approvedWithdrawal();
    const processed = fake.settle(payoutOf(id).id, 'processed');
    s.clock.advance(25 * 60 * 60_000);
    await runMaintenance(s.ctx);
    expect(await ownWithdrawal(user, id)).toMatchObject({ status: 'approved', payoutReference: processed.utr });
    expect(fake.requests.some((r) => r.method === 'GET' && r.url === `/v1/payouts/${processed.id}`)).toBe(true);
    await expectLedgerHolds(s);
  });

});

describe('payouts left to the admin (no PAYOUT_PROVIDER)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s.close());

  it('an approval pays by hand as before; the payout routes say no provider is set up', async () => {
    const admin = await createAdmin(s);
    const user = await createFundedUser(s, admin.token, admin.user.referralCode);
    const w = await withdraw(s, user.token, { amount: '500' });
    const decided = await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'approved', payoutReference: 'UTR123456789' } });
    expect(decided.body).toMatchObject({ status: 'approved', payoutReference: 'UTR123456789' });
    const row = (await s.api('GET', '/api/admin/withdrawals?status=all', { token: admin.token })).body.items[0];
    expect(row.payout).toBeNull();
    expect((await s.api('GET', '/api/admin/payouts', { token: admin.token })).body).toEqual({ provider: null, waitingForBalance: { count: 0, amount: '0.00' }, failed: [] });
    expect((await s.api('POST', `/api/admin/payouts/${w.body.id}/retry`, { token: admin.token })).body.code).toBe('PAYOUTS_NOT_CONFIGURED');
    expect((await fetch(`${s.origin.replace('localhost', '127.0.0.1')}/api/payouts/webhook/razorpayx`, { method: 'POST', body: '{}' })).status).toBe(404);
    await expectLedgerHolds(s);
  });
});
