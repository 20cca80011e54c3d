// Races that only a real PostgreSQL can run (PGlite is one connection and queues transactions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, pngFile, registerUser, submitPaymentProof, type SignedIn } from '../test/fixtures.ts';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ledgerEntries, manualPayments, uploads } from '../db/schema.ts';

// describe.each over an empty list registers no suite at all, and vitest fails a file without one;
// a skipped describe keeps the file valid when TEST_DATABASE_URL is not set.
const driver = 'postgres' as const;

describe.skipIf(!drivers.includes('postgres'))('admin payment races (postgres)', () => {
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  const proof = (utr: string) => {
    const form = new FormData();
    form.set('utrNumber', utr);
    form.set('amount', '500.00');
    form.set('screenshot', pngFile());
    return form;
  };

  it('the same payment approved by 20 parallel requests: exactly one 200 and one reward', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const payer = await registerUser(s, referrer.user.referralCode);
    const payment = await s.upload('POST', '/api/submit-manual-payment', proof('111122223333'), { token: payer.token });
    expect(payment.status).toBe(201);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => s.api('PUT', `/api/admin/manual-payments/${payment.body.id}`, { token: admin.token, body: { status: 'approved' } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(19);
    const me = (await s.api('GET', '/api/user', { token: referrer.token })).body;
    expect(me).toMatchObject({ walletBalance: '400.00', successfulReferrals: 1 });
    const fees = await s.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.refId, payment.body.id));
    expect(fees).toHaveLength(1);
    await expectLedgerHolds(s);
  });

  it('one UTR submitted by two users at once: exactly one accepted', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await registerUser(s, admin.user.referralCode);
      const b = await registerUser(s, admin.user.referralCode);
      const utr = `55556666${String(round).padStart(4, '0')}`;
      const answers = await Promise.all([a, b].map((u) => s.upload('POST', '/api/submit-manual-payment', proof(utr), { token: u.token })));
      const statuses = answers.map((x) => x.status).sort();
      expect(statuses).toEqual([201, 409]);
      expect(answers.find((x) => x.status === 409)?.body.code).toBe('DUPLICATE_UTR');
    }
  });

  it('one user submitting two proofs at once: exactly one pending', async () => {
    const u = await registerUser(s, admin.user.referralCode);
    const answers = await Promise.all(['777788889990', '777788889991'].map((utr) => s.upload('POST', '/api/submit-manual-payment', proof(utr), { token: u.token })));
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(answers.find((x) => x.status === 409)?.body.code).toBe('PAYMENT_PENDING');
  });

  it('keeps no screenshot of a refused proof: one stored file per payment row', async () => {
    // Files on disk for the embedded database, rows of `uploads` on PostgreSQL (STORAGE=db).
    const stored =
      s.ctx.uploads.kind === 'db'
        ? (await s.ctx.db.select({ key: uploads.key }).from(uploads)).length
        : (await readdir(path.join(s.dataDir, 'uploads'), { recursive: true, withFileTypes: true })).filter((f) => f.isFile()).length;
    const rows = await s.ctx.db.select({ id: manualPayments.id }).from(manualPayments);
    expect(stored).toBe(rows.length);
  });

  it('activations racing a change of referrals per spin keep spins consistent', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const proofs = [];
    for (let i = 0; i < 6; i++) proofs.push(await submitPaymentProof(s, (await registerUser(s, referrer.user.referralCode)).token));
    const answers = await Promise.all([
      ...proofs.map((p) => s.api('PUT', `/api/admin/manual-payments/${p.id}`, { token: admin.token, body: { status: 'approved' } })),
      s.api('PUT', '/api/admin/settings', { token: admin.token, body: { referralsPerSpin: 2 } }),
      s.api('PUT', '/api/admin/settings', { token: admin.token, body: { referralsPerSpin: 3 } }),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await expectLedgerHolds(s);
    await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { referralsPerSpin: 5 } });
    await expectLedgerHolds(s);
  });

  it('direct activation racing a payment approval pays the referrer once', async () => {
    const referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const payer = await registerUser(s, referrer.user.referralCode);
    const payment = await s.upload('POST', '/api/submit-manual-payment', proof('123412341234'), { token: payer.token });
    const [approve, activate] = await Promise.all([
      s.api('PUT', `/api/admin/manual-payments/${payment.body.id}`, { token: admin.token, body: { status: 'approved' } }),
      s.api('PUT', `/api/admin/users/${payer.user.id}/activate`, { token: admin.token }),
    ]);
    expect(approve.status).toBe(200);
    expect([200, 409]).toContain(activate.status);
    expect((await s.api('GET', '/api/user', { token: referrer.token })).body.walletBalance).toBe('400.00');
    await expectLedgerHolds(s);
  });
});
