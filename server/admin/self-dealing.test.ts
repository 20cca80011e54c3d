// An admin cannot mint money for themself. Tried as the issue describes: an admin registers a
// sock-puppet on their own code and activates it directly (no fee received). By default that
// waives the fee and pays no reward; where the operator rewards waived activations (a guard rail
// two Super Admins set together), the reward is held until the other admin releases it, and can
// leave the wallet only with a second admin's approval: no admin decides on their own withdrawal or
// payment (403 SELF_DEALING), nor activates themself.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { withdraw } from '../test/money-fixtures.ts';
import { users } from '../db/schema.ts';

describe.each(drivers)('no self-dealing (%s)', (driver) => {
  let s: TestServer;
  let first: SignedIn;
  let second: RegisteredUser;
  const balanceOf = async (token: string) => (await s.api('GET', '/api/user', { token })).body.walletBalance;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    first = await createAdmin(s);
    // A second admin (made in the database: inviting admins is a feature of its own).
    second = await registerUser(s, first.user.referralCode, { email: 'second@example.com' });
    await s.ctx.db.update(users).set({ isAdmin: true, adminRole: 'super_admin' }).where(eq(users.id, second.user.id));
    second.token = (await s.api('POST', '/api/login', { body: { email: 'second@example.com', password: second.password } })).body.token;
  });
  afterAll(() => s.close());

  it('a sock-puppet activated directly earns its admin nothing by default', async () => {
    const puppet = await registerUser(s, first.user.referralCode);
    const res = await s.api('PUT', `/api/admin/users/${puppet.user.id}/activate`, { token: first.token });
    expect(res.status).toBe(200);
    expect(await balanceOf(first.token)).toBe('0.00');
    await expectLedgerHolds(s);
  });

  /** A guard-rail change with two Super Admins: one proposes, the other confirms. */
  const setWithBoth = async (body: Record<string, unknown>) => {
    const proposed = await s.api('PUT', '/api/admin/settings', { token: first.token, body });
    expect(proposed.body.proposed, JSON.stringify(proposed.body)).not.toBeNull();
    expect((await s.api('POST', `/api/admin/settings/proposals/${proposed.body.proposed.id}/confirm`, { token: second.token })).status).toBe(200);
  };

  it('where waived activations are rewarded, the reward leaves only with another admin', async () => {
    await setWithBoth({ rewardWaivedActivations: true });
    const puppet = await registerUser(s, first.user.referralCode);
    expect((await s.api('PUT', `/api/admin/users/${puppet.user.id}/activate`, { token: first.token, body: { reason: 'Friend' } })).status).toBe(200);
    // Activated by the admin who referred it: held until the other Super Admin releases it.
    expect(await balanceOf(first.token)).toBe('0.00');
    expect((await s.api('POST', `/api/admin/users/${first.user.id}/holds/release`, { token: first.token, body: {} })).body.code).toBe('SELF_DEALING');
    expect((await s.api('POST', `/api/admin/users/${first.user.id}/holds/release`, { token: second.token, body: {} })).status).toBe(200);
    expect(await balanceOf(first.token)).toBe('400.00');

    const w = await withdraw(s, first.token, { amount: '400' });
    expect(w.status).toBe(201);
    for (const status of ['approved', 'rejected']) {
      const own = await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: first.token, body: { status } });
      expect([own.status, own.body.code]).toEqual([403, 'SELF_DEALING']);
      expect(own.body.message).toBe('You cannot decide on your own withdrawal. Another admin must do it.');
    }
    expect((await s.api('GET', '/api/admin/withdrawals?status=pending', { token: first.token })).body.items.map((i: { id: string }) => i.id)).toContain(w.body.id);
    const byOther = await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: second.token, body: { status: 'approved' } });
    expect(byOther.status).toBe(200);
    await setWithBoth({ rewardWaivedActivations: false });
    await expectLedgerHolds(s);
  });

  it('no admin decides on their own payment proof or activates themself', async () => {
    // A third person sends a proof, then is made an admin before it is decided.
    const payer = await registerUser(s, first.user.referralCode, { email: 'third@example.com' });
    const payment = await submitPaymentProof(s, payer.token);
    await s.ctx.db.update(users).set({ isAdmin: true, adminRole: 'super_admin' }).where(eq(users.id, payer.user.id));
    const payerAdmin = (await s.api('POST', '/api/login', { body: { email: 'third@example.com', password: payer.password } })).body.token;

    const own = await s.api('PUT', `/api/admin/manual-payments/${payment.id}`, { token: payerAdmin, body: { status: 'approved' } });
    expect([own.status, own.body.code]).toEqual([403, 'SELF_DEALING']);
    const self = await s.api('PUT', `/api/admin/users/${payer.user.id}/activate`, { token: payerAdmin });
    expect([self.status, self.body.code]).toEqual([403, 'SELF_DEALING']);
    expect((await s.api('GET', '/api/user', { token: payerAdmin })).body.isActivated).toBe(false);

    const byOther = await s.api('PUT', `/api/admin/manual-payments/${payment.id}`, { token: first.token, body: { status: 'approved' } });
    expect(byOther.status).toBe(200);
    expect((await s.api('GET', '/api/user', { token: payerAdmin })).body.isActivated).toBe(true);
    await expectLedgerHolds(s);
  });
});
