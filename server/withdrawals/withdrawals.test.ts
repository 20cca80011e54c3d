import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, pngFile, PNG_1X1, registerUser, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { createFundedUser, expectHistoryAddsUp, GOOD_BANK, withdraw } from '../test/money-fixtures.ts';

describe.each(drivers)('withdrawals (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let a: RegisteredUser; // ₹2000.00 from 5 referrals
  let poor: RegisteredUser; // activated, ₹0.00

  const balanceOf = async (u: SignedIn) => (await s.api('GET', '/api/user', { token: u.token })).body.walletBalance as string;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
    a = await createFundedUser(s, admin.token, admin.user.referralCode);
    poor = await createActivatedUser(s, admin.token, admin.user.referralCode);
  });
  afterAll(() => s.close());

  it('refuses visitors (401) and users who are not activated (403)', async () => {
    expect((await withdraw(s, '', { amount: '100' })).status).toBe(401);
    const inactive = await registerUser(s, admin.user.referralCode);
    const res = await withdraw(s, inactive.token, { amount: '100' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_ACTIVATED');
  });

  it.each([
    [{}, 'Minimum withdrawal amount is ₹100', 'BELOW_MINIMUM'],
    [{ amount: '99.99' }, 'Minimum withdrawal amount is ₹100', 'BELOW_MINIMUM'],
    [{ amount: 'abc' }, 'Minimum withdrawal amount is ₹100', 'BELOW_MINIMUM'],
    [{ amount: '-500' }, 'Minimum withdrawal amount is ₹100', 'BELOW_MINIMUM'],
    [{ amount: '100.001' }, 'Minimum withdrawal amount is ₹100', 'BELOW_MINIMUM'],
    [{ amount: '100', accountHolderName: '   ' }, 'Account Holder Name Required', 'VALIDATION_FAILED'],
    [{ amount: '100', accountNumber: '' }, 'Account Number Required', 'VALIDATION_FAILED'],
    [{ amount: '100', ifscCode: ' ' }, 'IFSC Code Required', 'VALIDATION_FAILED'],
    [{ amount: '100', ifscCode: 'HDFC1234567' }, 'Enter a valid IFSC code (like HDFC0001234)', 'VALIDATION_FAILED'],
    [{ amount: '100', accountNumber: '12345' }, 'Enter a valid account number (9 to 18 digits)', 'VALIDATION_FAILED'],
    [{ amount: '100', accountNumber: '1234567890abc' }, 'Enter a valid account number (9 to 18 digits)', 'VALIDATION_FAILED'],
    [{ amount: '100', bankDetails: 'not json' }, 'Account Holder Name Required', 'VALIDATION_FAILED'],
    [{ amount: '100', upiId: 'not a upi id' }, 'Enter a valid UPI ID (like name@okhdfcbank)', 'VALIDATION_FAILED'],
  ])('rejects %j with %s', async (fields, message, code) => {
    const res = await withdraw(s, a.token, fields);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ message, code });
  });

  it('takes bankDetails that are not JSON as the account number, the other fields from the form', async () => {
    const form = (bankDetails: string) => {
      const f = new FormData();
      f.set('amount', '100');
      f.set('bankDetails', bankDetails);
      f.set('accountHolderName', 'Asha Verma');
      f.set('ifscCode', 'HDFC0001234');
      return f;
    };
    // Valid as an account number: the form passes validation and meets the balance check.
    const ok = await s.upload('POST', '/api/withdraw', form('987654321012'), { token: poor.token });
    expect(ok.body.code).toBe('INSUFFICIENT_BALANCE');
    const bad = await s.upload('POST', '/api/withdraw', form('not json'), { token: poor.token });
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Enter a valid account number (9 to 18 digits)' });
  });

  it("answers 'Insufficient Balance' when the amount is above the balance", async () => {
    const res = await withdraw(s, poor.token, { amount: '100' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Insufficient Balance',
      code: 'INSUFFICIENT_BALANCE',
      fields: { amount: "You don't have enough balance for this withdrawal" },
    });
    const over = await withdraw(s, a.token, { amount: '2000.01' });
    expect(over.body.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(a)).toBe('2000.00');
  });

  it('refuses a text file renamed .png (400) and an 11 MB image (413)', async () => {
    const text = await withdraw(s, a.token, { amount: '100', screenshot: pngFile('proof.png', Buffer.from('hello, not an image')) });
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ message: 'Please upload an image file (PNG, JPG, JPEG)', code: 'INVALID_FILE' });

    const big = Buffer.concat([PNG_1X1, Buffer.alloc(11 * 1024 * 1024)]);
    const large = await withdraw(s, a.token, { amount: '100', screenshot: pngFile('big.png', big) });
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ message: 'File too large', code: 'FILE_TOO_LARGE' });
    expect(await balanceOf(a)).toBe('2000.00');
    await expectLedgerHolds(s);
  });

  let first: { id: string };
  let second: { id: string };

  it('reserves the amount at once and lists the request for its owner (account number masked)', async () => {
    const res = await withdraw(s, a.token, {
      amount: '500',
      accountHolderName: '  Asha Verma ',
      ifscCode: 'hdfc0001234',
      upiId: 'asha@okhdfc',
      screenshot: pngFile('proof.png', PNG_1X1),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      userId: a.user.id,
      amount: '500.00',
      accountHolderName: 'Asha Verma',
      accountNumber: 'XXXXXXXX9012',
      ifscCode: 'HDFC0001234',
      upiId: 'asha@okhdfc',
      status: 'pending',
      processedAt: null,
      adminNotes: null,
      hasScreenshot: true,
    });
    expect(JSON.parse(res.body.bankDetails)).toEqual({ accountHolderName: 'Asha Verma', accountNumber: 'XXXXXXXX9012', ifscCode: 'HDFC0001234' });
    first = res.body;
    expect(await balanceOf(a)).toBe('1500.00');

    const res2 = await withdraw(s, a.token, { amount: '250.50' });
    expect(res2.status).toBe(201);
    expect(res2.body.hasScreenshot).toBe(false);
    second = res2.body;
    expect(await balanceOf(a)).toBe('1249.50');

    const list = await s.api('GET', '/api/withdrawal-requests', { token: a.token });
    expect(list.status).toBe(200);
    expect(list.body.map((w: { id: string }) => w.id)).toEqual([second.id, first.id]);
    const page = await s.api('GET', `/api/withdrawal-requests?limit=1&before=${second.id}`, { token: a.token });
    expect(page.body.map((w: { id: string }) => w.id)).toEqual([first.id]);
    expect((await s.api('GET', '/api/withdrawal-requests', { token: poor.token })).body).toEqual([]);
    await expectLedgerHolds(s);
  });

  it('lists withdrawals for the admin with the full bank details, filters and pages', async () => {
    expect((await s.api('GET', '/api/admin/withdrawals', { token: a.token })).status).toBe(403);
    const res = await s.api('GET', '/api/admin/withdrawals?status=pending', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.items[1]).toMatchObject({
      id: first.id,
      username: a.user.username,
      phone: a.phone,
      accountNumber: GOOD_BANK.accountNumber,
      accountHolderName: 'Asha Verma',
      hasScreenshot: true,
    });
    expect(JSON.parse(res.body.items[1].bankDetails).accountNumber).toBe(GOOD_BANK.accountNumber);

    const p1 = await s.api('GET', '/api/admin/withdrawals?limit=1', { token: admin.token });
    expect(p1.body.items.map((w: { id: string }) => w.id)).toEqual([second.id]);
    expect(p1.body.nextCursor).toEqual(expect.any(String));
    const p2 = await s.api('GET', `/api/admin/withdrawals?limit=1&cursor=${p1.body.nextCursor}`, { token: admin.token });
    expect(p2.body.items.map((w: { id: string }) => w.id)).toEqual([first.id]);
    expect(p2.body.nextCursor).toBeNull();

    const q = await s.api('GET', `/api/admin/withdrawals?q=${a.phone}`, { token: admin.token });
    expect(q.body.items).toHaveLength(2);
    const none = await s.api('GET', '/api/admin/withdrawals?q=nobody-like-this', { token: admin.token });
    expect(none.body.items).toEqual([]);
    expect((await s.api('GET', '/api/admin/withdrawals?status=approved', { token: admin.token })).body.items).toEqual([]);
    expect((await s.api('GET', '/api/admin/withdrawals?cursor=garbage', { token: admin.token })).status).toBe(400);
    expect((await s.api('GET', '/api/admin/withdrawals?limit=abc', { token: admin.token })).status).toBe(400);
  });

  it('serves the screenshot to admins only, inline or as a download', async () => {
    const url = `/api/admin/withdrawal-screenshot/${first.id}`;
    expect((await s.api('GET', url, { token: a.token })).status).toBe(403);
    const inline = await fetch(s.url + url, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('image/png');
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline/);
    expect(Buffer.from(await inline.arrayBuffer()).equals(PNG_1X1)).toBe(true);

    const dl = await fetch(`${s.url}${url}?download=true`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="withdrawal-${first.id}.png"`);

    expect((await s.api('GET', `/api/admin/withdrawal-screenshot/${second.id}`, { token: admin.token })).status).toBe(404);
    expect((await s.api('GET', '/api/admin/withdrawal-screenshot/not-an-id', { token: admin.token })).status).toBe(404);
  });

  it('approves once: pays out, notifies, audits; a second decision is a 409', async () => {
    const res = await s.api('PUT', `/api/admin/withdrawals/${first.id}`, { token: admin.token, body: { status: 'approved', notes: 'Paid by IMPS' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: first.id, status: 'approved', adminNotes: 'Paid by IMPS', processedAt: expect.any(String) });
    expect(await balanceOf(a)).toBe('1249.50');

    for (const status of ['approved', 'rejected']) {
      const again = await s.api('PUT', `/api/admin/withdrawals/${first.id}`, { token: admin.token, body: { status } });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ALREADY_PROCESSED');
    }
    const notes = await s.api('GET', '/api/notifications', { token: a.token });
    expect(notes.body.items[0]).toMatchObject({ kind: 'withdrawal_approved', title: 'Withdrawal completed' });

    const audit = await s.ctx.db.execute(sql`select action, target_id, ip, actor_id::text from audit_log where target_id = ${first.id}`);
    const rows = (audit as unknown as { rows: Record<string, unknown>[] }).rows;
    expect(rows).toEqual([{ action: 'withdrawal.approved', target_id: first.id, ip: '127.0.0.1', actor_id: admin.user.id }]);
    await expectLedgerHolds(s);
  });

  it('rejects: the amount goes back to the wallet', async () => {
    const res = await s.api('PUT', `/api/admin/withdrawals/${second.id}`, { token: admin.token, body: { status: 'rejected' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('rejected');
    expect(await balanceOf(a)).toBe('1500.00');
    const list = await s.api('GET', '/api/withdrawal-requests', { token: a.token });
    expect(list.body.map((w: { status: string }) => w.status)).toEqual(['rejected', 'approved']);
    await expectLedgerHolds(s);
  });

  it('answers 404 for unknown ids and 400 for a bad decision', async () => {
    const unknown = '01890000-0000-7000-8000-000000000000';
    expect((await s.api('PUT', `/api/admin/withdrawals/${unknown}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(404);
    expect((await s.api('PUT', '/api/admin/withdrawals/xyz', { token: admin.token, body: { status: 'approved' } })).status).toBe(404);
    const bad = await s.api('PUT', `/api/admin/withdrawals/${first.id}`, { token: admin.token, body: { status: 'maybe' } });
    expect(bad.status).toBe(400);
    expect((await s.api('PUT', `/api/admin/withdrawals/${first.id}`, { token: a.token, body: { status: 'rejected' } })).status).toBe(403);
    await expectLedgerHolds(s);
  });

  it('pays out to a UPI ID: the admin sees method and target, approves with the transfer reference, the user sees it', async () => {
    const u = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    const form = new FormData();
    form.set('amount', '150');
    form.set('method', 'upi');
    form.set('bankDetails', JSON.stringify({ accountHolderName: 'Priya Sharma', upiId: 'priya@okhdfcbank' }));
    const res = await s.upload('POST', '/api/withdraw', form, { token: u.token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ method: 'upi', upiId: 'priya@okhdfcbank', accountNumber: null, ifscCode: null, payoutReference: null });

    const listed = (await s.api('GET', '/api/admin/withdrawals?status=pending', { token: admin.token })).body.items.find((w: { id: string }) => w.id === res.body.id);
    expect(listed).toMatchObject({ method: 'upi', upiId: 'priya@okhdfcbank', accountHolderName: 'Priya Sharma' });

    const badRef = await s.api('PUT', `/api/admin/withdrawals/${res.body.id}`, { token: admin.token, body: { status: 'approved', payoutReference: 'no!' } });
    expect(badRef.status).toBe(400);
    expect(badRef.body.fields.payoutReference).toBe('Enter the transfer reference (UTR): 6 to 35 letters and digits');
    const paid = await s.api('PUT', `/api/admin/withdrawals/${res.body.id}`, { token: admin.token, body: { status: 'approved', notes: null, payoutReference: ' 412345678901 ' } });
    expect(paid.status).toBe(200);
    expect(paid.body.payoutReference).toBe('412345678901');

    const mine = (await s.api('GET', '/api/withdrawal-requests', { token: u.token })).body[0];
    expect(mine).toMatchObject({ status: 'approved', method: 'upi', payoutReference: '412345678901' });
    const tx = (await s.api('GET', '/api/transactions', { token: u.token })).body[0];
    expect(tx).toMatchObject({ type: 'withdrawal', status: 'completed', description: 'Withdrawal to UPI priya@okhdfcbank' });
    const notes = (await s.api('GET', '/api/notifications', { token: u.token })).body;
    const paidNote = (Array.isArray(notes) ? notes : notes.items).find((n: { kind: string }) => n.kind === 'withdrawal_approved');
    expect(paidNote.body).toBe('Your withdrawal of ₹150.00 has been sent to your UPI priya@okhdfcbank. Transfer reference: 412345678901.');
    await expectHistoryAddsUp(s, u.token);
    await expectLedgerHolds(s);
  });

  it('asks for the UPI ID when UPI is chosen, and the bank fields when a bank account is', async () => {
    const upi = new FormData();
    upi.set('amount', '100');
    upi.set('method', 'upi');
    upi.set('accountHolderName', 'Asha Verma');
    const noUpi = await s.upload('POST', '/api/withdraw', upi, { token: a.token });
    expect([noUpi.status, noUpi.body.message]).toEqual([400, 'UPI ID Required']);
    const bank = new FormData();
    bank.set('amount', '100');
    bank.set('method', 'bank');
    bank.set('accountHolderName', 'Asha Verma');
    bank.set('upiId', 'asha@okaxis');
    const noAccount = await s.upload('POST', '/api/withdraw', bank, { token: a.token });
    expect([noAccount.status, noAccount.body.message]).toEqual([400, 'Account Number Required']);
  });
});

