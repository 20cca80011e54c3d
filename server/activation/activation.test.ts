import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, nextUtr, PNG_1X1, pngFile, registerUser, type SignedIn } from '../test/fixtures.ts';
import { notifications } from '../db/schema.ts';

function paymentForm(fields: { screenshot?: File | null; utrNumber?: string; notes?: string; amount?: string } = {}): FormData {
  const form = new FormData();
  if (fields.utrNumber !== undefined) form.set('utrNumber', fields.utrNumber);
  if (fields.notes !== undefined) form.set('notes', fields.notes);
  form.set('amount', fields.amount ?? '500');
  if (fields.screenshot !== null) form.set('screenshot', fields.screenshot ?? pngFile());
  return form;
}

describe.each(drivers)('activation by UPI payment (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  const submit = (token: string, fields: Parameters<typeof paymentForm>[0]) => s.upload('POST', '/api/submit-manual-payment', paymentForm(fields), { token });
  const balanceOf = async (token: string) => (await s.api('GET', '/api/user', { token })).body.walletBalance as string;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('refuses a QR while UPI settings are missing', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const res = await s.api('POST', '/api/generate-upi-qr', { token: u.token, body: { amount: 500, note: 'x' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('UPI payment is not available');
    expect((await s.api('POST', '/api/generate-upi-qr', { body: {} })).status).toBe(401);
  });

  it('builds the UPI link and a PNG QR with the configured fee, whatever amount the client sends', async () => {
    const set = await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { upiId: 'referral.hub@okaxis', businessName: 'Referral Hub & Co' } });
    expect(set.status).toBe(200);
    const u = await registerUser(s, admin.user.referralCode, { username: 'asha' });
    const res = await s.api('POST', '/api/generate-upi-qr', { token: u.token, body: { amount: 1, note: 'Activation fee' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.upiUrl).toBe('upi://pay?pa=referral.hub%40okaxis&pn=Referral%20Hub%20%26%20Co&am=500.00&cu=INR&tn=Activation%20fee');
    expect(res.body.qrData).toMatch(/^data:image\/png;base64,/);
    expect(Buffer.from(res.body.qrData.split(',')[1], 'base64').subarray(0, 8)).toEqual(PNG_1X1.subarray(0, 8));
    expect(res.body.paymentDetails).toEqual({ upiId: 'referral.hub@okaxis', businessName: 'Referral Hub & Co', amount: '500.00', note: 'Activation fee' });

    const noBody = await s.api('POST', '/api/generate-upi-qr', { token: u.token });
    expect(noBody.status).toBe(200);
    expect(noBody.body.paymentDetails.note).toBe('Account activation asha');
    expect(noBody.body.upiUrl).toContain('&tn=Account%20activation%20asha');
  });

  it('validates the payment proof', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const missing = 'Please provide payment screenshot and UTR number';
    let res = await submit(u.token, { screenshot: null, utrNumber: nextUtr() });
    expect([res.status, res.body.message]).toEqual([400, missing]);
    res = await submit(u.token, {});
    expect([res.status, res.body.message]).toEqual([400, missing]);
    res = await s.api('POST', '/api/submit-manual-payment', { token: u.token, body: { utrNumber: nextUtr() } });
    expect([res.status, res.body.message]).toEqual([400, missing]);

    res = await submit(u.token, { utrNumber: nextUtr(), screenshot: pngFile('proof.png', Buffer.from('just some text, not an image')) });
    expect([res.status, res.body.code, res.body.message]).toEqual([400, 'INVALID_FILE', 'Please upload an image file (PNG, JPG, JPEG)']);

    const big = Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]);
    res = await submit(u.token, { utrNumber: nextUtr(), screenshot: pngFile('big.png', big) });
    expect([res.status, res.body.code, res.body.message]).toEqual([413, 'FILE_TOO_LARGE', 'File too large']);

    // "Under 5MB": exactly 5 MiB is refused, one byte less is accepted as far as size goes.
    const exact = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024 - PNG_1X1.length)]);
    res = await submit(u.token, { utrNumber: nextUtr(), screenshot: pngFile('exact.png', exact) });
    expect([res.status, res.body.code]).toEqual([413, 'FILE_TOO_LARGE']);

    for (const utr of ['12345', '12345678901a', '1234567890123']) {
      res = await submit(u.token, { utrNumber: utr });
      expect([res.status, res.body.message]).toEqual([400, 'UTR number must be exactly 12 digits']);
    }
    res = await submit(u.token, { utrNumber: nextUtr(), amount: '400' });
    expect([res.status, res.body.message]).toEqual([400, 'Amount must be ₹500.00']);

    expect((await s.upload('POST', '/api/submit-manual-payment', paymentForm({ utrNumber: nextUtr() }))).status).toBe(401);
    expect((await s.api('GET', '/api/manual-payments', { token: u.token })).body).toEqual([]);
  });

  it('accepts a proof, refuses a second pending one and a duplicate UTR', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const other = await registerUser(s, admin.user.referralCode);
    const utr = nextUtr();
    const res = await submit(u.token, { utrNumber: utr, notes: 'paid from PhonePe' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ userId: u.user.id, amount: '500.00', utrNumber: utr, status: 'pending', notes: 'paid from PhonePe', adminNotes: null, processedAt: null });

    let again = await submit(u.token, { utrNumber: nextUtr() });
    expect([again.status, again.body.code]).toEqual([409, 'PAYMENT_PENDING']);
    again = await submit(other.token, { utrNumber: utr });
    expect([again.status, again.body.code]).toEqual([409, 'DUPLICATE_UTR']);

    const list = await s.api('GET', '/api/manual-payments', { token: u.token });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].id).toBe(res.body.id);
  });

  it('serves a screenshot to its owner and admins only', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const stranger = await registerUser(s, admin.user.referralCode);
    const payment = (await submit(u.token, { utrNumber: nextUtr(), screenshot: pngFile('proof.png', PNG_1X1) })).body;
    const url = `/api/manual-payments/${payment.id}/screenshot`;

    const own = await fetch(s.url + url, { headers: { authorization: `Bearer ${u.token}` } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('content-disposition')).toMatch(/^inline/);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(own.headers.get('cache-control')).toContain('private');
    expect(Buffer.from(await own.arrayBuffer())).toEqual(PNG_1X1);

    expect((await s.api('GET', url, { token: admin.token })).status).toBe(200);
    expect((await s.api('GET', url, { token: stranger.token })).status).toBe(404);
    expect((await s.api('GET', url)).status).toBe(401);
    expect((await s.api('GET', '/api/manual-payments/not-a-uuid/screenshot', { token: u.token })).status).toBe(404);
  });

  it('approval records the fee, activates the payer and pays the referrer 400.00 exactly once', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const payer = await registerUser(s, referrer.user.referralCode);
    const payment = (await submit(payer.token, { utrNumber: nextUtr() })).body;
    const before = await balanceOf(referrer.token);
    expect(before).toBe('0.00');

    const res = await s.api('PUT', `/api/admin/manual-payments/${payment.id}`, { token: admin.token, body: { status: 'approved' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: payment.id, status: 'approved', username: payer.user.username });
    expect(res.body.processedAt).toBeTruthy();

    expect(await balanceOf(referrer.token)).toBe('400.00');
    const me = (await s.api('GET', '/api/user', { token: referrer.token })).body;
    expect(me).toMatchObject({ successfulReferrals: 1, totalEarnings: '400.00' });
    expect((await s.api('GET', '/api/user', { token: payer.token })).body.isActivated).toBe(true);

    for (const status of ['approved', 'rejected']) {
      const second = await s.api('PUT', `/api/admin/manual-payments/${payment.id}`, { token: admin.token, body: { status } });
      expect([second.status, second.body.code]).toEqual([409, 'ALREADY_PROCESSED']);
    }
    expect(await balanceOf(referrer.token)).toBe('400.00');
    const kinds = (await s.ctx.db.select().from(notifications).where(eq(notifications.userId, referrer.user.id))).map((n) => n.kind);
    expect(kinds.filter((k) => k === 'referral_reward')).toHaveLength(1);
    const payerKinds = (await s.ctx.db.select().from(notifications).where(eq(notifications.userId, payer.user.id))).map((n) => n.kind).sort();
    expect(payerKinds).toEqual(['account_activated', 'payment_approved']);

    const activated = await submit(payer.token, { utrNumber: nextUtr() });
    expect([activated.status, activated.body.code]).toEqual([409, 'ALREADY_ACTIVATED']);

    const refs = await s.api('GET', '/api/referrals', { token: referrer.token });
    expect(refs.status).toBe(200);
    expect(refs.body).toEqual([{ id: payer.user.id, username: payer.user.username, email: null, isActivated: true, createdAt: expect.any(String) }]);
    await expectLedgerHolds(s);
  });

  it('a rejected proof frees its UTR for a new submission; the rejection carries the notes', async () => {
    const payer = await registerUser(s, admin.user.referralCode);
    const utr = nextUtr();
    const first = (await submit(payer.token, { utrNumber: utr })).body;
    const rej = await s.api('PUT', `/api/admin/manual-payments/${first.id}`, { token: admin.token, body: { status: 'rejected', notes: 'Screenshot unreadable' } });
    expect(rej.status).toBe(200);
    expect(rej.body).toMatchObject({ status: 'rejected', adminNotes: 'Screenshot unreadable' });
    expect((await s.api('GET', '/api/user', { token: payer.token })).body.isActivated).toBe(false);

    const again = await submit(payer.token, { utrNumber: utr });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const list = (await s.api('GET', '/api/manual-payments', { token: payer.token })).body;
    expect(list.map((p: { id: string }) => p.id)).toEqual([again.body.id, first.id]);
    const page2 = (await s.api('GET', `/api/manual-payments?limit=1&before=${again.body.id}`, { token: payer.token })).body;
    expect(page2.map((p: { id: string }) => p.id)).toEqual([first.id]);
    await expectLedgerHolds(s);
  });

  it('answers 404 for unknown or malformed payment ids and 400 for a bad decision', async () => {
    expect((await s.api('PUT', '/api/admin/manual-payments/123', { token: admin.token, body: { status: 'approved' } })).status).toBe(404);
    expect((await s.api('PUT', '/api/admin/manual-payments/00000000-0000-7000-8000-00000000abcd', { token: admin.token, body: { status: 'approved' } })).status).toBe(404);
    const bad = await s.api('PUT', '/api/admin/manual-payments/00000000-0000-7000-8000-00000000abcd', { token: admin.token, body: { status: 'maybe' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'status must be approved or rejected']);
  });
});
