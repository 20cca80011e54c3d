import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, pngFile, registerUser, submitPaymentProof, type SignedIn } from '../test/fixtures.ts';
import { auditLog, ledgerEntries, notifications, users } from '../db/schema.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';

describe.each(drivers)('admin users, stats and access (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('direct activation waives the fee and, by default, pays no reward; a second activation is 409', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const u = await registerUser(s, referrer.user.referralCode);
    const res = await s.api('PUT', `/api/admin/users/${u.user.id}/activate`, { token: admin.token, body: { reason: 'Paid in cash at the office' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: u.user.id, isActivated: true, walletBalance: '0.00' });

    const again = await s.api('PUT', `/api/admin/users/${u.user.id}/activate`, { token: admin.token });
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_ACTIVATED']);
    const me = (await s.api('GET', '/api/user', { token: referrer.token })).body;
    expect(me).toMatchObject({ walletBalance: '0.00', successfulReferrals: 0, totalEarnings: '0.00' });

    // the admin referred the referrer (an approved payment): admins have wallets and earn too; this
    // admin approved it themself, so the reward waits for another Super Admin (held)
    const adminMe = (await s.api('GET', '/api/user', { token: admin.token })).body;
    expect(adminMe).toMatchObject({ walletBalance: '0.00', heldBalance: '400.00' });

    const waiver = await s.ctx.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.kind, 'activation_fee_waiver'), eq(ledgerEntries.refId, u.user.id)));
    expect(waiver).toHaveLength(1);
    const audit = await s.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, u.user.id));
    expect(audit.map((a) => a.action)).toEqual(['user.activated']);
    expect(audit[0]?.ip).toBeTruthy();
    expect(audit[0]?.details).toMatchObject({ via: 'admin', feeWaived: '500.00', reason: 'Paid in cash at the office', referralReward: null });
    expect((await s.api('PUT', '/api/admin/users/nope/activate', { token: admin.token })).status).toBe(404);
    expect((await s.api('PUT', '/api/admin/users/00000000-0000-7000-8000-00000000abcd/activate', { token: admin.token })).status).toBe(404);
    await expectLedgerHolds(s);
  });

  it('direct activation pays the referrer, once, when waived activations are rewarded', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const u = await registerUser(s, referrer.user.referralCode);
    await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { rewardWaivedActivations: true } });
    try {
      const res = await s.api('PUT', `/api/admin/users/${u.user.id}/activate`, { token: admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const again = await s.api('PUT', `/api/admin/users/${u.user.id}/activate`, { token: admin.token });
      expect(again.status).toBe(409);
      const me = (await s.api('GET', '/api/user', { token: referrer.token })).body;
      expect(me).toMatchObject({ walletBalance: '400.00', successfulReferrals: 1, totalEarnings: '400.00' });
    } finally {
      await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { rewardWaivedActivations: false } });
    }
    await expectLedgerHolds(s);
  });

  it('5 successful referrals grant 1 spin, with a notification', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    for (let i = 0; i < 5; i++) await createActivatedUser(s, admin.token, referrer.user.referralCode);
    const me = (await s.api('GET', '/api/user', { token: referrer.token })).body;
    expect(me).toMatchObject({ successfulReferrals: 5, spinsAvailable: 1, walletBalance: '2000.00', totalEarnings: '2000.00' });
    const kinds = (await s.ctx.db.select().from(notifications).where(eq(notifications.userId, referrer.user.id))).map((n) => n.kind);
    expect(kinds.filter((k) => k === 'spin_granted')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'referral_reward')).toHaveLength(5);
    const refs = (await s.api('GET', '/api/referrals?limit=2', { token: referrer.token })).body;
    expect(refs).toHaveLength(2);
    const rest = (await s.api('GET', `/api/referrals?before=${refs[1].id}`, { token: referrer.token })).body;
    expect(rest).toHaveLength(3);
    await expectLedgerHolds(s);
  });

  it('pays no reward while the referrer is suspended; the referral stays unrewarded', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const u = await registerUser(s, referrer.user.referralCode);
    await s.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, referrer.user.id));
    const payment = await submitPaymentProof(s, u.token);
    const res = await s.api('PUT', `/api/admin/manual-payments/${payment.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(res.status).toBe(200);
    await s.ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, referrer.user.id));
    expect((await s.api('GET', '/api/user', { token: referrer.token })).body).toMatchObject({ walletBalance: '0.00', successfulReferrals: 0 });
    await expectLedgerHolds(s);
  });

  it('replays a decision sent again with the same Idempotency-Key', async () => {
    const payer = await registerUser(s, admin.user.referralCode);
    const form = new FormData();
    form.set('utrNumber', '443322110099');
    form.set('screenshot', pngFile());
    const payment = (await s.upload('POST', '/api/submit-manual-payment', form, { token: payer.token })).body;
    const send = () => s.api('PUT', `/api/admin/manual-payments/${payment.id}`, { token: admin.token, body: { status: 'approved' }, headers: { 'idempotency-key': 'approve-1' } });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    await expectLedgerHolds(s);
  });

  it('answers stats', async () => {
    const pendingUser = await registerUser(s, admin.user.referralCode);
    const form = new FormData();
    form.set('utrNumber', '998877665544');
    form.set('screenshot', pngFile());
    expect((await s.upload('POST', '/api/submit-manual-payment', form, { token: pendingUser.token })).status).toBe(201);
    const res = await s.api('GET', '/api/admin/stats', { token: admin.token });
    expect(res.status).toBe(200);
    // non-admin users so far: 2 + 2 + 6 + 2 + 1 + 1 = 14, 13 activated. Earnings: 400 (the rewarded
    // waiver) + 2000 to referrers, and the admin's 400 for each of the 5 users it referred who paid
    // (4 referrers + the payer).
    expect(res.body).toMatchObject({ totalUsers: 14, activatedUsers: 13, totalEarnings: '4400.00', paidOut: '0.00', pendingWithdrawals: 0, pendingPayments: 1 });
  });

  it('pages users newest first with an opaque cursor, filters by status and searches', async () => {
    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } = await s.api('GET', `/api/admin/users?limit=4${cursor ? `&cursor=${cursor}` : ''}`, { token: admin.token });
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(4);
      all.push(...page.body.items.map((i) => i.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(all).toHaveLength(14);
    expect(new Set(all).size).toBe(14);
    const first = (await s.api('GET', '/api/admin/users?limit=200', { token: admin.token })).body;
    expect(first.items.map((i: { id: string }) => i.id)).toEqual(all);
    expect(first.nextCursor).toBeNull();
    const times = first.items.map((i: { createdAt: string }) => i.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Object.keys(first.items[0]).sort()).toEqual(['accountStatus', 'createdAt', 'email', 'heldBalance', 'id', 'isActivated', 'pendingActivation', 'phone', 'riskFlags', 'successfulReferrals', 'username', 'walletBalance']);

    const pending = (await s.api('GET', '/api/admin/users?status=pending', { token: admin.token })).body;
    expect(pending.items).toHaveLength(1);
    expect((await s.api('GET', '/api/admin/users?status=active', { token: admin.token })).body.items).toHaveLength(13);

    const target = first.items[3];
    const byPhone = (await s.api('GET', `/api/admin/users?q=${target.phone}`, { token: admin.token })).body;
    expect(byPhone.items.map((i: { id: string }) => i.id)).toEqual([target.id]);
    const byName = (await s.api('GET', `/api/admin/users?q=${encodeURIComponent(target.username.toUpperCase())}`, { token: admin.token })).body;
    expect(byName.items.map((i: { id: string }) => i.id)).toContain(target.id);
    expect((await s.api('GET', '/api/admin/users?q=%25', { token: admin.token })).body.items).toEqual([]);
    // Part of a phone number finds it wherever it sits.
    const middle = (target.phone as string).slice(3, 9);
    const byPart = (await s.api('GET', `/api/admin/users?q=${middle}`, { token: admin.token })).body;
    expect(byPart.items.map((i: { id: string }) => i.id)).toContain(target.id);

    for (const q of ['limit=0', 'limit=201', 'status=weird', 'cursor=garbage']) {
      expect((await s.api('GET', `/api/admin/users?${q}`, { token: admin.token })).status).toBe(400);
    }
  });

  it('pages payment proofs with user details and filters', async () => {
    const res = await s.api('GET', '/api/admin/manual-payments?status=pending', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ utrNumber: '998877665544', status: 'pending', amount: '500.00' });
    expect(res.body.items[0].username).toBeTruthy();
    expect((await s.api('GET', '/api/admin/manual-payments?q=998877665544', { token: admin.token })).body.items).toHaveLength(1);
    expect((await s.api('GET', '/api/admin/manual-payments?q=877665', { token: admin.token })).body.items.map((i: { utrNumber: string }) => i.utrNumber)).toEqual(['998877665544']);
    // every activation so far but the two direct ones was an approved payment
    expect((await s.api('GET', '/api/admin/manual-payments?status=approved', { token: admin.token })).body.items).toHaveLength(11);
    expect((await s.api('GET', '/api/admin/manual-payments?status=rejected', { token: admin.token })).body.items).toHaveLength(0);
    expect((await s.api('GET', '/api/admin/manual-payments?status=nope', { token: admin.token })).status).toBe(400);
  });

  it('refuses non-admins with 403 and anonymous callers with 401 on every admin route', async () => {
    const user = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const id = '00000000-0000-7000-8000-00000000abcd';
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/manual-payments'],
      ['PUT', `/api/admin/users/${id}/activate`],
      ['PUT', `/api/admin/manual-payments/${id}`, { status: 'approved' }],
      ['PUT', '/api/admin/settings', { businessName: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      expect((await s.api(method, path, { body })).status, `${method} ${path}`).toBe(401);
      expect((await s.api(method, path, { body, token: user.token })).status, `${method} ${path}`).toBe(403);
    }
  });

  it('a proof approved after a direct activation reverses the waiver and pays the reward once', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const u = await registerUser(s, referrer.user.referralCode);
    const proof = await submitPaymentProof(s, u.token);
    expect((await s.api('PUT', `/api/admin/users/${u.user.id}/activate`, { token: admin.token })).status).toBe(200);
    expect((await s.api('GET', '/api/user', { token: referrer.token })).body.walletBalance).toBe('0.00');
    const approved = await s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(approved.status).toBe(200);
    // The fee arrived: the waiver is reversed (the fee counts once) and the unpaid reward is paid.
    const kinds = (await s.ctx.db.select({ kind: ledgerEntries.kind }).from(ledgerEntries).where(eq(ledgerEntries.refId, u.user.id))).map((e) => e.kind).sort();
    expect(kinds).toEqual(['activation_fee_waiver', 'activation_fee_waiver_reversal']);
    expect((await s.api('GET', '/api/user', { token: referrer.token })).body.walletBalance).toBe('400.00');
    await expectLedgerHolds(s);
  });

  it('"paid out" is what withdrawals really paid, not what was earned', async () => {
    const before = (await s.api('GET', '/api/admin/stats', { token: admin.token })).body;
    const earner = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    const w = await withdraw(s, earner.token, { amount: '300' });
    expect((await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
    const after = (await s.api('GET', '/api/admin/stats', { token: admin.token })).body;
    // Two rewards credited (the admin's for the earner, the earner's own): ₹800 earned, ₹300 paid.
    expect(Number(after.totalEarnings) - Number(before.totalEarnings)).toBe(800);
    expect(Number(after.paidOut) - Number(before.paidOut)).toBe(300);
    await expectLedgerHolds(s);
  });
});
