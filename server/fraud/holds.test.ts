// Fraud signals and holds through the API: a referrer and the account they referred on one device
// are both flagged with the evidence, the referrer's reward is credited as held (pending for them,
// not withdrawable) until a Super Admin releases it (to the wallet, flags cleared) or forfeits it;
// payout accounts shared across users, a burst of sign-ups on one code, a sign-up from the address
// its referrer used minutes before and a referred account gone dormant are flagged; the settings
// decide which signals hold. Every money test ends with the ledger invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, inviteAdmin, nextPhone, registerUser, activateUser, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { withdraw } from '../test/money-fixtures.ts';
import { flagDormantReferrals } from './risk-signals.ts';
import { PHONE_SIZES, editUtr, randomDetails, reencodeJpeg, renderScreenshot } from './image-fingerprint-fixtures.ts';
import { nextUtr, pngFile, submitPaymentProof } from '../test/fixtures.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

const deviceHeader = (id: string) => ({ 'x-device-id': id });
let deviceSeq = 0;
const newDevice = () => `device-${process.pid}-${++deviceSeq}-0123456789abcdef`;

describe.each(drivers)('fraud signals and holds (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  const me = async (u: { token: string }) => (await s.api('GET', '/api/user', { token: u.token })).body;
  const flagsOf = async (userId: string) => (await s.api('GET', `/api/admin/users/${userId}/risk-flags`, { token: admin.token })).body.items;

  /** Signs up with a referral code from a device (and an address, when the proxy is trusted). */
  async function signUpFrom(referralCode: string, headers: Record<string, string>): Promise<RegisteredUser> {
    const phone = nextPhone();
    const reg = await s.api('POST', '/api/register', { body: { username: `user${phone.slice(-4)}`, phone, password: 'secret123', referralCode, policyVersion: PRIVACY_POLICY_VERSION }, headers });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const verified = await s.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: await s.lastCode(phone) }, headers });
    expect(verified.status).toBe(200);
    return { ...verified.body, phone, password: 'secret123' };
  }
  const signIn = (u: RegisteredUser, headers: Record<string, string>) => s.api('POST', '/api/login', { body: { phone: u.phone, password: u.password }, headers });

  beforeAll(async () => {
    // One proxy in front: X-Forwarded-For names the client (the address signals need real addresses).
    s = await startTestServer({ driver, env: { TRUST_PROXY: '1' } });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('holds the reward of a referrer who shares a device with the account they referred, until released', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const phone = newDevice();
    expect((await signIn(referrer, deviceHeader(phone))).status).toBe(200);
    const puppet = await signUpFrom(referrer.user.referralCode, deviceHeader(phone));

    const [referrerFlag] = await flagsOf(referrer.user.id);
    expect(referrerFlag).toMatchObject({ code: 'device_shared', holds: true, users: [{ id: puppet.user.id, username: puppet.user.username }] });
    expect(referrerFlag.detail).toBe(`The same device as ${puppet.user.username}`);
    expect((await flagsOf(puppet.user.id))[0]).toMatchObject({ code: 'device_shared', users: [{ id: referrer.user.id }] });

    await activateUser(s, admin.token, puppet);
    expect(await me(referrer)).toMatchObject({ walletBalance: '0.00', heldBalance: '400.00', totalEarnings: '400.00', successfulReferrals: 1 });
    const notes = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items;
    expect(notes[0]).toMatchObject({ kind: 'referral_reward_held', title: 'Referral reward on hold' });
    // Held money is not withdrawable.
    expect((await withdraw(s, referrer.token, { amount: '100' })).status).toBe(400);

    // Every admin list names the flag on the rows it links.
    const users = (await s.api('GET', `/api/admin/users?q=${referrer.phone}`, { token: admin.token })).body.items;
    expect(users[0]).toMatchObject({ heldBalance: '400.00', riskFlags: [expect.objectContaining({ code: 'device_shared' })] });
    const payments = (await s.api('GET', `/api/admin/manual-payments?status=approved&q=${puppet.phone}`, { token: admin.token })).body.items;
    expect(payments[0].riskFlags).toEqual([expect.objectContaining({ code: 'device_shared', users: [expect.objectContaining({ id: referrer.user.id })] })]);

    // A reviewer sees the flags but may not move held money; a Super Admin may.
    const reviewer = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    expect((await s.api('GET', `/api/admin/users/${referrer.user.id}/risk-flags`, { token: reviewer.token })).status).toBe(200);
    expect((await s.api('POST', `/api/admin/users/${referrer.user.id}/holds/release`, { token: reviewer.token, body: {} })).body.code).toBe('ROLE_FORBIDDEN');
    const released = await s.api('POST', `/api/admin/users/${referrer.user.id}/holds/release`, { token: admin.token, body: { note: 'Family phone, checked by call' } });
    expect(released.body).toEqual({ released: '400.00', flagsCleared: 1 });
    expect(await me(referrer)).toMatchObject({ walletBalance: '400.00', heldBalance: '0.00', totalEarnings: '400.00' });
    expect(await flagsOf(referrer.user.id)).toEqual([]);
    const history = (await s.api('GET', '/api/transactions', { token: referrer.token })).body;
    expect(history[0]).toMatchObject({ type: 'release', direction: 'credit', amount: '400.00', balanceAfter: '400.00', description: 'Rewards released after review' });
    const activity = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items;
    expect(activity[0]).toMatchObject({ action: 'holds.released', actorId: admin.user.id, details: expect.objectContaining({ amount: '400.00', note: 'Family phone, checked by call' }) });

    // Cleared of this evidence, the next referral pays straight into the wallet.
    const honest = await registerUser(s, referrer.user.referralCode);
    await activateUser(s, admin.token, honest);
    expect(await me(referrer)).toMatchObject({ walletBalance: '800.00', heldBalance: '0.00' });
    await expectLedgerHolds(s);
  });

  it('forfeits held rewards with a reason, and keeps holding while the flags stay open', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const phone = newDevice();
    await signIn(referrer, deviceHeader(phone));
    const ring = [await signUpFrom(referrer.user.referralCode, deviceHeader(phone)), await signUpFrom(referrer.user.referralCode, deviceHeader(phone))];
    await activateUser(s, admin.token, ring[0]!);
    expect((await me(referrer)).heldBalance).toBe('400.00');

    const noReason = await s.api('POST', `/api/admin/users/${referrer.user.id}/holds/forfeit`, { token: admin.token, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toHaveProperty('note');
    const forfeited = await s.api('POST', `/api/admin/users/${referrer.user.id}/holds/forfeit`, { token: admin.token, body: { note: 'Self-referral ring on one phone' } });
    expect(forfeited.body).toEqual({ forfeited: '400.00' });
    expect(await me(referrer)).toMatchObject({ walletBalance: '0.00', heldBalance: '0.00', totalEarnings: '0.00', successfulReferrals: 1 });
    expect((await s.api('POST', `/api/admin/users/${referrer.user.id}/holds/forfeit`, { token: admin.token, body: { note: 'again' } })).body.code).toBe('NOTHING_HELD');
    const notes = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items;
    expect(notes[0]).toMatchObject({ kind: 'rewards_forfeited', body: '₹400.00 that was on hold was forfeited under the terms. Reason: Self-referral ring on one phone. Contact support to appeal' });

    await activateUser(s, admin.token, ring[1]!);
    expect((await me(referrer)).heldBalance).toBe('400.00');
    const ledger = (await s.api('GET', '/api/admin/ledger', { token: admin.token })).body.accounts;
    expect(ledger.find((a: { name: string }) => a.name === 'forfeited_rewards').balance).not.toBe('0.00');
    expect(ledger.find((a: { name: string }) => a.name === 'held_rewards').accounts).toBeGreaterThanOrEqual(1);
    await expectLedgerHolds(s);
  });

  it('takes a reversed reward back from the held account first', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const phone = newDevice();
    await signIn(referrer, deviceHeader(phone));
    const puppet = await signUpFrom(referrer.user.referralCode, deviceHeader(phone));
    const proof = await submitPaymentProof(s, puppet.token);
    expect((await s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
    expect(await me(referrer)).toMatchObject({ walletBalance: '0.00', heldBalance: '400.00' });
    const reversed = await s.api('POST', `/api/admin/manual-payments/${proof.id}/reverse`, { token: admin.token, body: { reason: 'Edited screenshot, no credit' } });
    expect(reversed.body).toMatchObject({ clawedBack: '400.00', recordedAsDebt: '0.00' });
    expect(await me(referrer)).toMatchObject({ walletBalance: '0.00', heldBalance: '0.00', totalEarnings: '0.00', successfulReferrals: 0 });
    await expectLedgerHolds(s);
  });

  it('flags a payout account shared by several users, on every withdrawal row it links', async () => {
    const a = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const b = await createActivatedUser(s, admin.token, admin.user.referralCode);
    for (const u of [a, b]) {
      const friend = await registerUser(s, u.user.referralCode);
      await activateUser(s, admin.token, friend);
    }
    const upi = `ring${process.pid}@okaxis`;
    expect((await withdraw(s, a.token, { amount: '100', method: 'upi', upiId: upi })).status).toBe(201);
    expect((await withdraw(s, b.token, { amount: '100', method: 'upi', upiId: upi.replace('ring', 'RING') })).status).toBe(201);
    const rows = (await s.api('GET', `/api/admin/withdrawals?status=pending&q=${a.phone}`, { token: admin.token })).body.items;
    expect(rows[0].riskFlags).toEqual([expect.objectContaining({ code: 'payout_shared', holds: true, value: `UPI ${upi}`, users: [expect.objectContaining({ id: b.user.id })] })]);
    expect((await flagsOf(b.user.id))[0]).toMatchObject({ code: 'payout_shared', users: [expect.objectContaining({ id: a.user.id })] });
    // The same pair again adds nothing.
    expect((await withdraw(s, a.token, { amount: '100', method: 'upi', upiId: upi })).status).toBe(201);
    expect(await flagsOf(a.user.id)).toHaveLength(1);
    await expectLedgerHolds(s);
  });

  it('flags a screenshot reused by another account, and a near-identical edited copy', async () => {
    const submit = async (u: RegisteredUser, bytes: Buffer, type = 'image/png') => {
      const form = new FormData();
      form.set('screenshot', pngFile(type === 'image/png' ? 'proof.png' : 'proof.jpg', bytes, type));
      form.set('utrNumber', nextUtr());
      const res = await s.upload('POST', '/api/submit-manual-payment', form, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    };
    const details = randomDetails(42, 'violet', PHONE_SIZES.hd);
    const original = await renderScreenshot(details);
    const [first, second, third, honest] = [
      await registerUser(s, admin.user.referralCode),
      await registerUser(s, admin.user.referralCode),
      await registerUser(s, admin.user.referralCode),
      await registerUser(s, admin.user.referralCode),
    ];
    await submit(first!, original);
    expect(await flagsOf(first!.user.id)).toEqual([]);
    // The very same file from another account: both flagged, each naming the other.
    await submit(second!, original);
    expect((await flagsOf(second!.user.id))[0]).toMatchObject({ code: 'screenshot_reused', holds: true, users: [{ id: first!.user.id, username: first!.user.username }] });
    expect((await flagsOf(first!.user.id))[0]).toMatchObject({ code: 'screenshot_reused', users: [{ id: second!.user.id }] });
    // Two UTR digits changed and saved as JPEG: near-identical.
    await submit(third!, await reencodeJpeg(await renderScreenshot(editUtr(details, 2, 7)), 85), 'image/jpeg');
    expect((await flagsOf(third!.user.id)).map((f: { code: string }) => f.code)).toEqual(['screenshot_similar']);
    expect((await flagsOf(third!.user.id))[0].users.map((u: { id: string }) => u.id).sort()).toEqual([first!.user.id, second!.user.id].sort());
    // Another person's screenshot of the same app and amount: not flagged.
    await submit(honest!, await renderScreenshot(randomDetails(43, 'violet', PHONE_SIZES.hd)));
    expect(await flagsOf(honest!.user.id)).toEqual([]);
    const payments = (await s.api('GET', `/api/admin/manual-payments?q=${second!.phone}`, { token: admin.token })).body.items;
    expect(payments[0].riskFlags[0]).toMatchObject({ code: 'screenshot_reused', detail: `The same screenshot was sent by ${first!.user.username}` });
  });

  it('lets the settings choose which signals hold, and flags bursts, shared addresses and dormant referrals', async () => {
    const put = (body: unknown) => s.api('PUT', '/api/admin/settings', { token: admin.token, body });
    expect((await put({ riskHoldSignals: ['not_a_signal'] })).status).toBe(400);
    expect((await put({ riskHoldSignals: [], signupFlagPerReferrerPerHour: 2 })).body).toMatchObject({ riskHoldSignals: [], signupFlagPerReferrerPerHour: 2 });

    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const phone = newDevice();
    await signIn(referrer, { ...deviceHeader(phone), 'x-forwarded-for': '203.0.113.77' });
    const same = await signUpFrom(referrer.user.referralCode, { ...deviceHeader(phone), 'x-forwarded-for': '203.0.113.77' });
    await signUpFrom(referrer.user.referralCode, { 'x-forwarded-for': '198.51.100.1' });
    await signUpFrom(referrer.user.referralCode, { 'x-forwarded-for': '198.51.100.2' });
    const codes = (await flagsOf(referrer.user.id)).map((f: { code: string }) => f.code).sort();
    expect(codes).toEqual(['address_shared', 'device_shared', 'signup_burst']);
    const burst = (await flagsOf(referrer.user.id)).find((f: { code: string }) => f.code === 'signup_burst');
    expect(burst).toMatchObject({ count: 3, holds: false, detail: '3 sign-ups with this referral code within an hour' });
    // One more in the same hour widens the same flag (its count), never a second flag.
    await signUpFrom(referrer.user.referralCode, { 'x-forwarded-for': '198.51.100.3' });
    const bursts = (await flagsOf(referrer.user.id)).filter((f: { code: string }) => f.code === 'signup_burst');
    expect(bursts).toEqual([expect.objectContaining({ count: 4, users: [] })]);

    // Nothing holds under these settings: the reward goes to the wallet despite the open flags.
    await activateUser(s, admin.token, same);
    expect(await me(referrer)).toMatchObject({ walletBalance: '400.00', heldBalance: '0.00' });

    // A week later the referred account never came back: dormant.
    s.clock.advance(8 * 24 * 60 * 60_000);
    admin = await createAdmin(s); // an admin session lasts 12 hours
    expect(await flagDormantReferrals(s.ctx.db, s.clock.now())).toBeGreaterThanOrEqual(2);
    expect((await flagsOf(same.user.id)).map((f: { code: string }) => f.code)).toContain('dormant_referral');
    expect(await flagDormantReferrals(s.ctx.db, s.clock.now())).toBe(0);
    await put({ riskHoldSignals: ['screenshot_reused', 'screenshot_similar', 'device_shared', 'payout_shared'], signupFlagPerReferrerPerHour: 1_000_000 });
    await expectLedgerHolds(s);
  });
});
