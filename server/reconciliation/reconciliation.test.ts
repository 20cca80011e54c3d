// Reconciling payment proofs with the bank statement through the API: an uploaded export of each
// bank we know sorts proofs and credits into the four lists, "approve all matched" approves through
// the normal approval (the payer activated, the referrer paid, the statement line on the payment),
// the same statement twice changes nothing, and another bank's layout is mapped once and then
// recognised. Every money test ends with the ledger invariants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, inviteAdmin, nextUtr, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { GENERATED_CUSTOM_MAPPING, generateStatement } from './fixtures/generate-statement.ts';

const FEE = 50_000n;

function statementFile(csv: string, name = 'statement.csv'): File {
  return new File([csv], name, { type: 'text/csv' });
}

describe.each(drivers)('bank statement reconciliation (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let referrer: RegisteredUser;
  const today = () => s.clock.now().toISOString().slice(0, 10);
  const twoWeeksAgo = () => new Date(s.clock.now().getTime() - 14 * 86_400_000).toISOString().slice(0, 10);

  async function upload(csv: string, fields: Record<string, string> = {}, token = admin.token) {
    const form = new FormData();
    form.set('statement', statementFile(csv));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return s.upload('POST', '/api/admin/reconciliation', form, { token });
  }
  async function pendingProof(utr = nextUtr()) {
    const payer = await registerUser(s, referrer.user.referralCode);
    const proof = await submitPaymentProof(s, payer.token, utr);
    return { payer, proof, utr };
  }

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
    referrer = await createActivatedUser(s, admin.token, admin.user.referralCode);
  });
  afterAll(() => s.close());

  it('sorts proofs and credits into four lists and approves the matched ones once', async () => {
    const good = [await pendingProof(), await pendingProof()];
    const short = await pendingProof();
    const missing = await pendingProof();
    const strangerUtr = nextUtr();
    const csv = generateStatement({
      layout: 'hdfc',
      transactions: 40,
      firstDate: twoWeeksAgo(),
      credits: [
        ...good.map((g) => ({ utr: g.utr, amountPaise: FEE })),
        { utr: short.utr, amountPaise: 45_000n },
        { utr: strangerUtr, amountPaise: FEE },
      ],
    });
    const res = await upload(csv);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const r = res.body;
    expect(r.bank).toBe('hdfc');
    expect(r.matched.map((m: { paymentId: string }) => m.paymentId).sort()).toEqual(good.map((g) => g.proof.id).sort());
    expect(r.matched[0]).toMatchObject({ amount: '500.00', line: expect.any(Number), date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(r.amountDiffers).toEqual([expect.objectContaining({ paymentId: short.proof.id, proofAmount: '500.00', credited: '450.00' })]);
    expect(r.proofWithoutCredit.map((p: { paymentId: string }) => p.paymentId)).toContain(missing.proof.id);
    expect(r.creditWithoutProof).toContainEqual(expect.objectContaining({ utr: strangerUtr, amount: '500.00', rejectedProof: null }));
    expect(r.alreadyApproved).toBe(0);

    const before = (await s.api('GET', '/api/user', { token: referrer.token })).body.walletBalance;
    const approved = await s.api('POST', `/api/admin/reconciliation/${r.id}/approve-matched`, { token: admin.token });
    expect(approved.body).toEqual({ approved: 2, alreadyDecided: 0, skipped: [] });
    for (const g of good) expect((await s.api('GET', '/api/user', { token: g.payer.token })).body.isActivated).toBe(true);
    expect(Number((await s.api('GET', '/api/user', { token: referrer.token })).body.walletBalance) - Number(before)).toBe(800);
    const list = await s.api('GET', '/api/admin/manual-payments?status=approved', { token: admin.token });
    const approvedProof = list.body.items.find((p: { id: string }) => p.id === good[0]!.proof.id);
    expect(approvedProof.adminNotes).toMatch(/^Matched to HDFC Bank statement line \d+ \(\d{4}-\d{2}-\d{2}\)$/);
    const activity = (await s.api('GET', '/api/admin/activity', { token: admin.token })).body.items;
    expect(activity.filter((a: { action: string }) => a.action === 'payment.approved').length).toBeGreaterThanOrEqual(2);

    // The same file again: the same reconciliation, nothing left to approve, nothing approved twice.
    const again = await upload(csv);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: r.id, matched: [], alreadyApproved: 2 });
    expect((await s.api('POST', `/api/admin/reconciliation/${r.id}/approve-matched`, { token: admin.token })).body).toEqual({ approved: 0, alreadyDecided: 0, skipped: [] });
    expect((await s.api('GET', `/api/admin/reconciliation/${r.id}`, { token: admin.token })).body.matched).toEqual([]);
    await expectLedgerHolds(s);
  });

  it('names a rejected proof whose money did arrive', async () => {
    const p = await pendingProof();
    expect((await s.api('PUT', `/api/admin/manual-payments/${p.proof.id}`, { token: admin.token, body: { status: 'rejected', notes: 'blurry' } })).status).toBe(200);
    const res = await upload(generateStatement({ layout: 'sbi', transactions: 12, firstDate: twoWeeksAgo(), credits: [{ utr: p.utr, amountPaise: FEE }], seed: 7 }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.creditWithoutProof).toContainEqual(expect.objectContaining({ utr: p.utr, rejectedProof: { paymentId: p.proof.id, username: p.payer.user.username, utr: p.utr } }));
  });

  it('reads every bank we know', async () => {
    for (const [i, layout] of (['hdfc', 'sbi', 'icici', 'axis', 'kotak'] as const).entries()) {
      const p = await pendingProof();
      const res = await upload(generateStatement({ layout, transactions: 15, firstDate: twoWeeksAgo(), credits: [{ utr: p.utr, amountPaise: FEE }], seed: 100 + i }));
      expect(res.status, `${layout}: ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.bank).toBe(layout);
      expect(res.body.matched.map((m: { paymentId: string }) => m.paymentId)).toContain(p.proof.id);
    }
  });

  it('asks for the columns of a bank it does not know, remembers them, and a reviewer may reconcile', async () => {
    const p = await pendingProof();
    const csv = generateStatement({ layout: 'custom', transactions: 10, firstDate: twoWeeksAgo(), credits: [{ utr: p.utr, amountPaise: FEE }], seed: 3 });
    const unknown = await upload(csv);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({ code: 'STATEMENT_LAYOUT_UNKNOWN', columns: expect.arrayContaining(['Txn Posted Date', 'Deposits']) });

    const withoutBank = await upload(csv, { mapping: JSON.stringify(GENERATED_CUSTOM_MAPPING) });
    expect(withoutBank.status).toBe(400);
    expect(withoutBank.body.fields).toHaveProperty('bank');
    const mapped = await upload(csv, { bank: 'Sample Urban Co-op Bank', mapping: JSON.stringify(GENERATED_CUSTOM_MAPPING) });
    expect(mapped.status, JSON.stringify(mapped.body)).toBe(201);
    expect(mapped.body).toMatchObject({ bank: 'Sample Urban Co-op Bank', matched: [expect.objectContaining({ paymentId: p.proof.id })] });

    // Next month's export of the same bank: recognised by its header, by a reviewer with 2FA.
    const reviewer = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    const q = await pendingProof();
    const next = generateStatement({ layout: 'custom', transactions: 10, firstDate: today(), credits: [{ utr: q.utr, amountPaise: FEE }], seed: 4 });
    const recognised = await upload(next, {}, reviewer.token);
    expect(recognised.status, JSON.stringify(recognised.body)).toBe(201);
    expect(recognised.body).toMatchObject({ bank: 'Sample Urban Co-op Bank', matched: [expect.objectContaining({ paymentId: q.proof.id })] });
    const approved = await s.api('POST', `/api/admin/reconciliation/${recognised.body.id}/approve-matched`, { token: reviewer.token });
    expect(approved.body.approved).toBe(1);
    await expectLedgerHolds(s);
  });

  it('refuses what is not a statement with a clear message', async () => {
    const empty = await upload('');
    expect(empty.status).toBe(400);
    const binary = await upload('\u0000\u0001PK\u0003\u0004 not a csv');
    expect(binary.body.code).toBe('STATEMENT_UNREADABLE');
    const prose = await upload('Dear customer, thank you for banking with us.\nRegards');
    expect([400, 422]).toContain(prose.status);
    const none = await s.api('POST', '/api/admin/reconciliation', { token: admin.token, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.fields).toHaveProperty('statement');
    const badMapping = await upload('a,b\n1,2', { bank: 'X', mapping: '{not json' });
    expect(badMapping.status).toBe(400);
    expect((await s.api('GET', '/api/admin/reconciliation/not-an-id', { token: admin.token })).status).toBe(404);
    const user = await registerUser(s, referrer.user.referralCode);
    expect((await upload('a,b', {}, user.token)).status).toBe(403);
  });
});
