import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { eq } from 'drizzle-orm';
import { createAdmin, PNG_1X1, pngFile, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';

describe.each(drivers)('Idempotency-Key (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let a: RegisteredUser;
  const balance = async () => (await s.api('GET', '/api/user', { token: a.token })).body.walletBalance as string;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
    a = await createFundedUser(s, admin.token, admin.user.referralCode);
  });
  afterAll(() => s.close());

  it('replays a withdrawal: one withdrawal, one reservation, the same body', async () => {
    const headers = { 'Idempotency-Key': 'withdraw-1' };
    const first = await withdraw(s, a.token, { amount: '300' }, headers);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await withdraw(s, a.token, { amount: '300' }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const list = await s.api('GET', '/api/withdrawal-requests', { token: a.token });
    expect(list.body).toHaveLength(1);
    expect(await balance()).toBe('1700.00');
    await expectLedgerHolds(s);
  });

  it('replays a spin; a refused request stores nothing, so its retry runs again', async () => {
    const headers = { 'Idempotency-Key': 'spin-1' };
    const first = await s.api('POST', '/api/use-spin', { token: a.token, headers });
    expect(first.status).toBe(200);
    const again = await s.api('POST', '/api/use-spin', { token: a.token, headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance()).toBe('1900.00');

    // Nothing moved, nothing kept: the retry is checked afresh and refused the same way.
    const bad = await withdraw(s, a.token, { amount: '1' }, { 'Idempotency-Key': 'too-small' });
    expect(bad.status).toBe(400);
    const badAgain = await withdraw(s, a.token, { amount: '1' }, { 'Idempotency-Key': 'too-small' });
    expect(badAgain.status).toBe(400);
    expect(badAgain.body).toEqual(bad.body);
    expect(badAgain.headers.get('idempotent-replayed')).toBeNull();
    const rows = await s.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'too-small'));
    expect(rows).toEqual([]);
    await expectLedgerHolds(s);
  });

  it('fingerprints the whole multipart form: another amount or another screenshot under the same key is a 422', async () => {
    const headers = { 'Idempotency-Key': 'withdraw-fp' };
    // The same screenshot each time: a retry sends the very same form.
    const screenshot = () => pngFile('proof.png', PNG_1X1);
    const first = await withdraw(s, a.token, { amount: '100', screenshot: screenshot() }, headers);
    expect(first.status).toBe(201);
    const moreMoney = await withdraw(s, a.token, { amount: '700', screenshot: screenshot() }, headers);
    expect([moreMoney.status, moreMoney.body.code]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
    const otherFile = await withdraw(s, a.token, { amount: '100', screenshot: pngFile('x.png', Buffer.concat([PNG_1X1, Buffer.from([0])])) }, headers);
    expect([otherFile.status, otherFile.body.code]).toEqual([422, 'IDEMPOTENCY_MISMATCH']);
    const same = await withdraw(s, a.token, { amount: '100', screenshot: screenshot() }, headers);
    expect([same.status, same.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(same.body).toEqual(first.body);
    await expectLedgerHolds(s);
  });

  it('refuses the same key on a different request (422) and keys of a bad length (400)', async () => {
    const w = await withdraw(s, a.token, { amount: '100' });
    const url = `/api/admin/withdrawals/${w.body.id}`;
    const headers = { 'Idempotency-Key': 'decide-1' };
    const approve = await s.api('PUT', url, { token: admin.token, headers, body: { status: 'approved' } });
    expect(approve.status).toBe(200);
    const replay = await s.api('PUT', url, { token: admin.token, headers, body: { status: 'approved' } });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const mismatch = await s.api('PUT', url, { token: admin.token, headers, body: { status: 'rejected' } });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('IDEMPOTENCY_MISMATCH');
    const otherPath = await s.api('POST', '/api/use-spin', { token: admin.token, headers });
    expect(otherPath.status).toBe(422);

    const long = await s.api('POST', '/api/use-spin', { token: a.token, headers: { 'Idempotency-Key': 'x'.repeat(201) } });
    expect(long.status).toBe(400);
    await expectLedgerHolds(s);
  });

  it('keys belong to one user, and requests without a key behave normally', async () => {
    const headers = { 'Idempotency-Key': 'withdraw-1' };
    const b = await createFundedUser(s, admin.token, admin.user.referralCode, 1);
    const own = await withdraw(s, b.token, { amount: '100' }, headers);
    expect(own.status).toBe(201);
    expect(own.headers.get('idempotent-replayed')).toBeNull();
    expect(own.body.userId).toBe(b.user.id);

    const before = await balance();
    expect((await withdraw(s, a.token, { amount: '100' })).status).toBe(201);
    expect((await withdraw(s, a.token, { amount: '100' })).status).toBe(201);
    expect(Number(await balance())).toBe(Number(before) - 200);
    await expectLedgerHolds(s);
  });

  // Last: it moves the clock a day on (admin sessions end).
  it('keys expire after 24 hours: the same key then starts a new request', async () => {
    const headers = { 'Idempotency-Key': 'withdraw-old' };
    const first = await withdraw(s, a.token, { amount: '100' }, headers);
    expect(first.status).toBe(201);
    s.clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await withdraw(s, a.token, { amount: '100' }, headers);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.id).not.toBe(first.body.id);
    await expectLedgerHolds(s);
  });

  it('a claim the earlier scheme left without an answer is never run again: 409 until it lapses', async () => {
    await s.ctx.db.insert(idempotencyKeys).values({ userId: a.user.id, key: 'legacy-claim', method: 'POST', path: '/api/withdraw', requestHash: 'x', createdAt: s.clock.now() });
    const before = (await s.api('GET', '/api/withdrawal-requests?limit=200', { token: a.token })).body.length;
    const res = await withdraw(s, a.token, { amount: '100' }, { 'Idempotency-Key': 'legacy-claim' });
    expect([res.status, res.body.message]).toEqual([409, 'A request with this Idempotency-Key is still being processed']);
    expect((await s.api('GET', '/api/withdrawal-requests?limit=200', { token: a.token })).body).toHaveLength(before);
    s.clock.advance(24 * 60 * 60 * 1000);
    expect((await withdraw(s, a.token, { amount: '100' }, { 'Idempotency-Key': 'legacy-claim' })).status).toBe(201);
  });
});
