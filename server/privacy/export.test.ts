// Download my data (GET /api/me/export): the whole record of one person as one JSON file, with
// account numbers masked and the people they referred named by username only, a statement that
// adds up to the wallet, and a budget of a few downloads an hour shared by every process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORTS_PER_HOUR } from '../../contract/privacy.ts';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';

describe.each(drivers)('data export (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('answers everything kept about the person, masked where the policy says, and adding up', async () => {
    const owner = await createFundedUser(s, admin.token, admin.user.referralCode, 2);
    const friend = await createActivatedUser(s, admin.token, owner.user.referralCode);
    const requested = await withdraw(s, owner.token, { amount: '300', accountNumber: '123456789012' });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);

    const res = await fetch(`${s.origin}/api/me/export`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const raw = await res.text();
    const data = JSON.parse(raw);
    const me = (await s.api('GET', '/api/user', { token: owner.token })).body;

    expect(data.profile).toMatchObject({ id: owner.user.id, username: me.username, phone: owner.phone, referralCode: me.referralCode, referredBy: 'admin', isActivated: true, status: 'active' });
    expect(data.referralsMade).toHaveLength(3);
    expect(data.referralsMade.map((r: { username: string }) => r.username)).toContain(friend.user.username);
    expect(data.referralsMade.every((r: { activated: boolean; reward: string }) => r.activated && r.reward === '400.00')).toBe(true);
    // The people referred appear by username only: never their phone numbers.
    expect(raw).not.toContain(friend.phone);
    expect(data.payments).toEqual([expect.objectContaining({ amount: '500.00', status: 'approved', method: 'upi_proof', utrNumber: expect.stringMatching(/^\d{12}$/) })]);
    expect(data.withdrawals).toEqual([expect.objectContaining({ amount: '300.00', status: 'pending', method: 'bank', accountNumber: 'XXXXXXXX9012', ifscCode: 'HDFC0001234' })]);
    expect(raw).not.toContain('123456789012');
    // The statement runs from the first day to today and closes at the wallet's balance.
    expect(data.wallet).toMatchObject({ balance: me.walletBalance, heldBalance: '0.00', totalEarnings: '1200.00' });
    expect(data.wallet.statement).toMatchObject({ openingBalance: '0.00', closingBalance: me.walletBalance });
    expect(data.wallet.statement.lines).toHaveLength(4);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.signIns.length).toBeGreaterThan(0);
    expect(data.about).toMatch(/Payment screenshots are not included/);

    // Someone else's export holds nothing of this person's money.
    const theirs = (await s.api('GET', '/api/me/export', { token: friend.token })).body;
    expect(theirs.profile.referredBy).toBe(me.username);
    expect(theirs.withdrawals).toEqual([]);
    await expectLedgerHolds(s);
  });

  it(`allows ${DATA_EXPORTS_PER_HOUR} downloads an hour per person, then 429 with Retry-After`, async () => {
    const a = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const b = await createActivatedUser(s, admin.token, admin.user.referralCode);
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) expect((await s.api('GET', '/api/me/export', { token: a.token })).status).toBe(200);
    const refused = await s.api('GET', '/api/me/export', { token: a.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: `You downloaded your data ${DATA_EXPORTS_PER_HOUR} times this hour. Please try again in 60 minutes` });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    // Another person is not affected; an hour later this one may download again.
    expect((await s.api('GET', '/api/me/export', { token: b.token })).status).toBe(200);
    s.clock.advance(60 * 60 * 1000 + 1000);
    expect((await s.api('GET', '/api/me/export', { token: a.token })).status).toBe(200);
  });

  it('is for a signed-in person only', async () => {
    expect((await s.api('GET', '/api/me/export')).status).toBe(401);
    expect((await s.api('GET', '/api/me/export', { token: 'not-a-token' })).status).toBe(401);
  });
});
