// Suspending a user and lifting it (issue 26): any admin, with a reason the user is told; a
// suspension ends the user's sessions and sign-in answers 403 ACCOUNT_SUSPENDED; lifting it (a
// reversal's suspension that was a mistake) lets them sign in again with their money as it was.
// Never on oneself, never on an admin from here, and audited both ways.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, inviteAdmin, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser } from '../test/money-fixtures.ts';

describe.each(drivers)('suspending and reinstating users (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  const setStatus = (id: string, body: unknown, token = admin.token) => s.api('PUT', `/api/admin/users/${id}/status`, { token, body });

  it('suspends with a reason (sessions end, sign-in refused) and lifts it (sign-in and the same money)', async () => {
    const user = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    expect((await setStatus(user.user.id, { status: 'suspended' })).body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { reason: 'Give the reason' } });

    const suspended = await setStatus(user.user.id, { status: 'suspended', reason: 'Screenshot copied from another proof' });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    expect(suspended.body).toMatchObject({ id: user.user.id, accountStatus: 'suspended' });
    expect((await s.api('GET', '/api/user', { token: user.token })).status).toBe(401);
    const refused = await s.api('POST', '/api/login', { body: { phone: user.phone, password: user.password } });
    expect([refused.status, refused.body.code]).toEqual([403, 'ACCOUNT_SUSPENDED']);

    const lifted = await setStatus(user.user.id, { status: 'active', reason: 'The screenshot was their own; reviewed again' });
    expect(lifted.body).toMatchObject({ accountStatus: 'active', walletBalance: '400.00' });
    const back = await s.api('POST', '/api/login', { body: { phone: user.phone, password: user.password } });
    expect(back.status).toBe(200);
    const notes = (await s.api('GET', '/api/notifications', { token: back.body.token })).body.items.map((n: { kind: string; body: string }) => [n.kind, n.body]);
    expect(notes.slice(0, 2)).toEqual([
      ['account_reinstated', 'Your account is active again. Note: The screenshot was their own; reviewed again'],
      ['account_suspended', 'Your account was suspended. Reason: Screenshot copied from another proof Contact support to appeal.'],
    ]);
    const actions = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items.slice(0, 2);
    expect(actions.map((a: { action: string; details: { reason: string } }) => [a.action, a.details.reason])).toEqual([
      ['user.reinstated', 'The screenshot was their own; reviewed again'],
      ['user.suspended', 'Screenshot copied from another proof'],
    ]);
    await expectLedgerHolds(s);
  });

  it('a reviewer may too; nobody on themself or on an admin, and not on an unknown or deleted account', async () => {
    const reviewer = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    const user = await createFundedUser(s, admin.token, admin.user.referralCode, 0);
    expect((await setStatus(user.user.id, { status: 'suspended', reason: 'Checking' }, reviewer.token)).status).toBe(200);
    expect((await setStatus(reviewer.user.id, { status: 'suspended', reason: 'Me' }, reviewer.token)).body.code).toBe('SELF_DEALING');
    expect((await setStatus(admin.user.id, { status: 'suspended', reason: 'An admin' }, reviewer.token)).status).toBe(403);
    expect((await setStatus('00000000-0000-7000-8000-00000000abcd', { status: 'suspended', reason: 'Nobody' })).status).toBe(404);
    expect((await setStatus(user.user.id, { status: 'paused', reason: 'x' })).status).toBe(400);
  });
});
