// Correcting one's data: name and email directly (validated, a taken email refused); the mobile
// number only through an SMS code sent to the new number, which then signs in and receives codes,
// while the old one no longer does; a number another account holds is answered exactly as a free
// one (so the form cannot tell who has an account) and gets no SMS. Where a withdrawal
// still waiting for review is paid can be corrected, never its amount.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';
import { createActivatedUser, createAdmin, nextPhone, registerUser, type SignedIn } from '../test/fixtures.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

describe.each(drivers)('correcting my data (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('corrects the name and email, with the same checks as sign-up', async () => {
    const u = await registerUser(s, admin.user.referralCode, { email: 'old@example.com' });
    const other = await registerUser(s, admin.user.referralCode, { email: 'taken@example.com' });
    expect(other.user.email).toBe('taken@example.com');
    const patch = (body: unknown) => s.api('PATCH', '/api/me', { token: u.token, body });
    expect((await patch({ username: '  ' })).body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { username: 'Username is required' } });
    expect((await patch({ email: 'not-an-email' })).body.fields).toEqual({ email: 'Enter a valid email address' });
    expect((await patch({ email: 'TAKEN@example.com' })).body).toMatchObject({ code: 'DUPLICATE_EMAIL', message: 'This email is already registered' });
    const ok = await patch({ username: 'Asha Verma', email: 'Asha@Example.com' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ username: 'Asha Verma', email: 'asha@example.com' });
    expect((await patch({ email: '' })).body.email).toBeNull();
    expect((await s.api('PATCH', '/api/me', { body: { username: 'x' } })).status).toBe(401);
  });

  it('moves the account to a new number only with the code sent to that number', async () => {
    const u = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const someone = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const start = (phone: string) => s.api('POST', '/api/me/phone', { token: u.token, body: { phone } });
    expect((await start('12345')).body.fields).toEqual({ phone: 'Enter 10-digit mobile number' });
    expect((await start(u.phone)).body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This is already your mobile number' });
    // Another account's number: the same answer as a free one, and no SMS reaches that account's owner.
    const sentBefore = (await s.outbox()).filter((m) => m.to === someone.phone).length;
    const taken = await start(someone.phone);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body).toEqual({ phone: someone.phone });
    expect((await s.outbox()).filter((m) => m.to === someone.phone).length).toBe(sentBefore);
    expect((await s.api('POST', '/api/me/phone/verify', { token: u.token, body: { otpCode: '123456' } })).body.code).toBe('INVALID_OTP');
    // Its limits are the same too: asking again at once waits out the same cooldown.
    const again = await start(someone.phone);
    const freeOnce = nextPhone();
    const other = await createActivatedUser(s, admin.token, admin.user.referralCode);
    await s.api('POST', '/api/me/phone', { token: other.token, body: { phone: freeOnce } });
    const freeAgain = await s.api('POST', '/api/me/phone', { token: other.token, body: { phone: freeOnce } });
    expect({ status: again.status, code: again.body.code }).toEqual({ status: freeAgain.status, code: freeAgain.body.code });

    const fresh = nextPhone();
    s.clock.advance(61_000);
    const started = await start(fresh);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const code = await s.lastCode(fresh);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await s.api('POST', '/api/me/phone/verify', { token: u.token, body: { otpCode: wrong } })).body.code).toBe('INVALID_OTP');
    // Nothing changed yet: the old number still signs in.
    expect((await s.api('GET', '/api/user', { token: u.token })).body.phone).toBe(u.phone);
    const moved = await s.api('POST', '/api/me/phone/verify', { token: u.token, body: { otpCode: code } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.phone).toBe(fresh);
    // The code is single use.
    expect((await s.api('POST', '/api/me/phone/verify', { token: u.token, body: { otpCode: code } })).body.code).toBe('INVALID_OTP');

    expect((await s.api('POST', '/api/login', { body: { phone: fresh, password: u.password } })).status).toBe(200);
    expect((await s.api('POST', '/api/login', { body: { phone: u.phone, password: u.password } })).status).toBe(401);
    // The old number is free for someone else's sign-up (once its own code cooldown has passed).
    s.clock.advance(11 * 60_000);
    expect((await s.api('POST', '/api/register', { body: { username: 'Next Owner', phone: u.phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION } })).status).toBe(201);
    const activity = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items;
    expect(activity.find((a: { action: string }) => a.action === 'account.phone_changed')).toMatchObject({ details: { to: `XXXXXX${fresh.slice(-4)}` } });
  });

  it('corrects where a pending withdrawal is paid, checked as on the request, never its amount', async () => {
    const owner = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    const other = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    expect((await withdraw(s, other.token, { amount: '100', method: 'upi', upiId: 'shared@okaxis' })).status).toBe(201);
    const w = await withdraw(s, owner.token, { amount: '300', accountNumber: '123456789012' });
    expect(w.status).toBe(201);
    const correct = (token: string, id: string, body: unknown) => s.api('PUT', `/api/withdrawal-requests/${id}/payout`, { token, body });

    expect((await correct(owner.token, w.body.id, { accountHolderName: 'Asha Verma', accountNumber: '123456789012', ifscCode: 'BAD' })).body.fields).toEqual({ ifscCode: 'Enter a valid IFSC code (like HDFC0001234)' });
    const fixed = await correct(owner.token, w.body.id, { method: 'upi', accountHolderName: 'Asha Verma', upiId: 'asha@okhdfcbank' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ amount: '300.00', method: 'upi', upiId: 'asha@okhdfcbank', accountNumber: null, status: 'pending' });
    expect((await correct(other.token, w.body.id, { method: 'upi', accountHolderName: 'Ravi Kumar', upiId: 'ravi@okaxis' })).status).toBe(404);

    // Corrected to a UPI ID another user is paid to: flagged, as a request would be.
    expect((await correct(owner.token, w.body.id, { method: 'upi', accountHolderName: 'Asha Verma', upiId: 'Shared@okaxis' })).status).toBe(200);
    const flags = (await s.api('GET', `/api/admin/users/${owner.user.id}/risk-flags`, { token: admin.token })).body.items;
    expect(flags.map((f: { code: string }) => f.code)).toContain('payout_shared');

    expect((await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'rejected', notes: 'Shared payout account' } })).status).toBe(200);
    const late = await correct(owner.token, w.body.id, { method: 'upi', accountHolderName: 'Asha Verma', upiId: 'asha@okhdfcbank' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This withdrawal is already being paid or was decided: its payout details can no longer change');
    await expectLedgerHolds(s);
  });
});
