// Delete my account (DELETE /api/me): after the password, sign-in is refused, the person's
// personal fields are gone from every table and from the admin lists, the screenshots leave the
// store, and the financial records stay under a pseudonym with account numbers cut to their last
// digits; the referrer's counts and every ledger invariant hold. Refused while money is in the
// wallet or a withdrawal waits, saying how to withdraw first. A Super Admin may export or erase a
// user on their request, with the reason audited.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, inviteAdmin, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';
import { pseudonymOf } from './erasure.service.ts';

describe.each(drivers)('account erasure (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  const erase = (token: string, password: string) => s.api('DELETE', '/api/me', { token, body: { password } });
  const me = async (token: string) => (await s.api('GET', '/api/user', { token })).body;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('refuses while the wallet holds money or a withdrawal waits, and says how to withdraw first', async () => {
    const owner = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    const refused = await erase(owner.token, owner.password);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'WALLET_NOT_EMPTY',
      message: 'Your wallet holds ₹400. Withdraw it first (Wallet, then Withdraw Money), then delete your account',
    });
    // Asking to give up a balance that can still be withdrawn changes nothing.
    expect((await s.api('DELETE', '/api/me', { token: owner.token, body: { password: owner.password, forfeitBalance: true } })).body.code).toBe('WALLET_NOT_EMPTY');
    const w = await withdraw(s, owner.token, { amount: '400', accountNumber: '112233445566' });
    expect(w.status).toBe(201);
    const waiting = await erase(owner.token, owner.password);
    expect(waiting.status).toBe(409);
    expect(waiting.body.code).toBe('WITHDRAWAL_PENDING');
    expect((await me(owner.token)).username).toBe(owner.user.username);
    await expectLedgerHolds(s);
  });

  it('a balance below the minimum withdrawal can be given up to delete the account, and only with consent', async () => {
    const owner = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    const w = await withdraw(s, owner.token, { amount: '350' });
    expect(w.status).toBe(201);
    expect((await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
    // ₹50 left, under the ₹100 minimum: it could never be paid out.
    const refused = await erase(owner.token, owner.password);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'WALLET_NOT_EMPTY',
      message: 'Your wallet holds ₹50, less than the ₹100 minimum withdrawal, so it cannot be paid out. To delete your account, agree to give it up',
      fields: { forfeitBalance: '50.00' },
    });
    const deleted = await s.api('DELETE', '/api/me', { token: owner.token, body: { password: owner.password, forfeitBalance: true } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const [entry] = await queryRows<{ kind: string; amount: string }>(
      s.ctx.db,
      sql`select e.kind, l.amount_paise::text as amount from ledger_entries e join ledger_lines l on l.entry_id = e.id
          where e.ref_id = ${owner.user.id}::uuid and e.kind = 'balance_forfeit' and l.account_id = ${owner.user.id}::uuid`,
    );
    expect(entry).toEqual({ kind: 'balance_forfeit', amount: '-5000' });
    await expectLedgerHolds(s);
  });

  it('needs the password, counted like a sign-in guess', async () => {
    const u = await createActivatedUser(s, admin.token, admin.user.referralCode);
    expect((await erase(u.token, '')).body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { password: 'Enter your password' } });
    const wrong = await erase(u.token, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'The password is not right' });
    expect((await s.api('DELETE', '/api/me', { body: { password: u.password } })).status).toBe(401);
    expect((await erase(admin.token, 'Admin@12345')).status).toBe(403);
    expect((await me(u.token)).username).toBe(u.user.username);
  });

  it('erases the person, keeps the money records under a pseudonym, and the ledger and the referrer hold', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const owner = await createFundedUser(s, admin.token, referrer.user.referralCode, 1);
    const w = await withdraw(s, owner.token, { amount: '400', accountNumber: '998877665544' });
    expect(w.status).toBe(201);
    expect((await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: 'approved', payoutReference: 'HDFC123456' } })).status).toBe(200);
    const referrerBefore = await me(referrer.token);
    const shotKeys = await queryRows<{ key: string }>(s.ctx.db, sql`select screenshot_key as key from manual_payments where user_id = ${owner.user.id}::uuid and screenshot_key is not null`);
    expect(shotKeys).toHaveLength(1);

    const done = await erase(owner.token, owner.password);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toEqual({ deleted: true });

    // Signed out everywhere, and no way back in.
    expect((await s.api('GET', '/api/user', { token: owner.token })).status).toBe(401);
    expect((await s.api('POST', '/api/login', { body: { phone: owner.phone, password: owner.password } })).status).toBe(401);
    // The phone number is free again: the person may sign up afresh.
    const pseudonym = pseudonymOf(owner.user.id);
    const [row] = await queryRows<Record<string, unknown>>(s.ctx.db, sql`select username, phone, email, status, erased_at, language, is_activated, password_hash from users where id = ${owner.user.id}::uuid`);
    expect(row).toMatchObject({ username: pseudonym, phone: null, email: null, status: 'erased', language: null, is_activated: true, password_hash: '!erased' });
    for (const table of ['sessions', 'notifications', 'device_sightings', 'idempotency_keys', 'otp_codes']) {
      const [n] = await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${owner.user.id}::uuid`);
      expect(n?.n, table).toBe(0);
    }
    const [sms] = await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from sms_jobs where phone = ${owner.phone}`);
    expect(sms?.n).toBe(0);
    // Payment and withdrawal records stay, without what identifies the person.
    const [payment] = await queryRows<Record<string, unknown>>(s.ctx.db, sql`select status, amount_paise::text as amount, utr_number, notes, screenshot_key, device_id from manual_payments where user_id = ${owner.user.id}::uuid`);
    expect(payment).toMatchObject({ status: 'approved', amount: '50000', notes: null, screenshot_key: null, device_id: null });
    expect(payment?.utr_number).toMatch(/^\d{12}$/);
    const [payout] = await queryRows<Record<string, unknown>>(s.ctx.db, sql`select status, account_holder_name, account_number, bank_details, payout_reference from withdrawals where user_id = ${owner.user.id}::uuid`);
    expect(payout).toMatchObject({ status: 'approved', account_holder_name: pseudonym, account_number: 'XXXXXXXX5544', payout_reference: 'HDFC123456' });
    expect(String(payout?.bank_details)).not.toContain('998877665544');
    expect(await s.ctx.uploads.get(shotKeys[0]!.key)).toBeNull();

    // Admins see only the pseudonym.
    const users = (await s.api('GET', `/api/admin/users?q=${encodeURIComponent(owner.phone)}`, { token: admin.token })).body.items;
    expect(users).toEqual([]);
    const byName = (await s.api('GET', `/api/admin/users?q=${pseudonym}`, { token: admin.token })).body.items;
    expect(byName).toEqual([expect.objectContaining({ id: owner.user.id, username: pseudonym, phone: null, email: null, accountStatus: 'erased' })]);
    const listed = (await s.api('GET', `/api/admin/withdrawals?status=approved&limit=200`, { token: admin.token })).body.items.find((x: { id: string }) => x.id === w.body.id);
    expect(listed).toMatchObject({ username: pseudonym });
    expect(JSON.stringify(listed)).not.toContain('998877665544');
    expect(JSON.stringify(listed)).not.toContain(owner.phone);
    const activity = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items;
    expect(activity[0]).toMatchObject({ action: 'account.erased', actorName: pseudonym });

    // The referrer's counts and money do not change; the ledger and its chain hold.
    expect(await me(referrer.token)).toMatchObject({ successfulReferrals: referrerBefore.successfulReferrals, walletBalance: referrerBefore.walletBalance, totalEarnings: referrerBefore.totalEarnings });
    expect((await erase(owner.token, owner.password)).status).toBe(401);
    await expectLedgerHolds(s);
  });

  it("the person's name leaves what was kept for others: the referrer's notifications and export show the pseudonym", async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    // A name that is also a word inside other texts: only the whole name is replaced.
    const leaver = await createActivatedUser(s, admin.token, referrer.user.referralCode);
    await s.ctx.db.execute(sql`update users set username = 'Ram' where id = ${leaver.user.id}::uuid`);
    await s.ctx.db.execute(sql`update notifications set body = replace(body, ${leaver.user.username}, 'Ram') where user_id = ${referrer.user.id}::uuid`);
    await s.ctx.db.execute(sql`insert into notifications (id, user_id, kind, title, body, created_at)
      values (gen_random_uuid(), ${referrer.user.id}::uuid, 'referral_reward', 'Ramesh joined', 'Your friend Ramesh is on the Ramayana team', now())`);
    const before = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items.map((n: { body: string }) => n.body).join('\n');
    expect(before).toContain('₹400.00 for Ram joining');

    expect((await erase(leaver.token, leaver.password)).status).toBe(200);
    const pseudonym = pseudonymOf(leaver.user.id);
    const notes = (await s.api('GET', '/api/notifications', { token: referrer.token })).body.items.map((n: { title: string; body: string }) => `${n.title} ${n.body}`);
    expect(notes.join('\n')).toContain(`₹400.00 for ${pseudonym} joining`);
    expect(notes.filter((n: string) => /\bRam\b/.test(n))).toEqual([]);
    expect(notes).toContain('Ramesh joined Your friend Ramesh is on the Ramayana team');
    const exported = JSON.stringify((await s.api('GET', '/api/me/export', { token: referrer.token })).body);
    expect(exported).not.toMatch(/\bRam\b/);
    expect(exported).toContain(pseudonym);
    await expectLedgerHolds(s);
  });

  it('a Super Admin exports or erases a user on their request, with the reason audited; reviewers cannot', async () => {
    const u = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const funded = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    expect((await s.api('POST', `/api/admin/users/${u.user.id}/export`, { token: admin.token, body: {} })).body.fields).toEqual({ reason: 'Give the reason for this request' });
    const exported = await s.api('POST', `/api/admin/users/${u.user.id}/export`, { token: admin.token, body: { reason: 'Asked by letter of 20 Nov' } });
    expect(exported.status).toBe(200);
    expect(exported.body.profile).toMatchObject({ id: u.user.id, phone: u.phone });
    const reviewer = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    expect((await s.api('POST', `/api/admin/users/${u.user.id}/export`, { token: reviewer.token, body: { reason: 'x' } })).status).toBe(403);
    expect((await s.api('POST', `/api/admin/users/${u.user.id}/erase`, { token: reviewer.token, body: { reason: 'x' } })).status).toBe(403);

    expect((await s.api('POST', `/api/admin/users/${funded.user.id}/erase`, { token: admin.token, body: { reason: 'Asked by phone' } })).body.code).toBe('WALLET_NOT_EMPTY');
    const erased = await s.api('POST', `/api/admin/users/${u.user.id}/erase`, { token: admin.token, body: { reason: 'Asked by e-mail, identity checked' } });
    expect(erased.body).toEqual({ erased: true, pseudonym: pseudonymOf(u.user.id) });
    expect((await s.api('GET', '/api/user', { token: u.token })).status).toBe(401);
    expect((await s.api('POST', `/api/admin/users/${u.user.id}/erase`, { token: admin.token, body: { reason: 'again' } })).status).toBe(404);
    const activity = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items;
    expect(activity.find((a: { action: string }) => a.action === 'account.erased')).toMatchObject({ actorId: admin.user.id, details: { reason: 'Asked by e-mail, identity checked' } });
    expect(activity.find((a: { action: string }) => a.action === 'user.data_exported')).toMatchObject({ details: { reason: 'Asked by letter of 20 Nov' } });
    await expectLedgerHolds(s);
  });
});
