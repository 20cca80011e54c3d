// Keyset paging of the four user lists (DESIGN.md section 5: ?limit default 50 max 200, ?before = id
// of the last item shown, newest first, arrays): walking the pages with a small limit sees every item
// exactly once, and a bad or foreign cursor gives a 400 or an empty page, never a 500 or others' data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from './test/harness.ts';
import { createActivatedUser, createAdmin, nextUtr, pngFile, registerUser, type RegisteredUser, type SignedIn } from './test/fixtures.ts';
import { withdraw } from './test/money-fixtures.ts';

describe.each(drivers)('history paging (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let owner: RegisteredUser; // 5 activated referrals: 5 rewards, then 4 withdrawals
  let payer: RegisteredUser; // not activated: 4 proofs, 3 of them rejected
  let stranger: RegisteredUser; // has items of every kind too

  /** Every page of `path` for `token` with `limit`, following the last id; fails on a repeat. */
  async function walk(path: string, token: string, limit: number): Promise<{ ids: string[]; pages: number }> {
    const ids: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const res = await s.api('GET', `${path}?limit=${limit}${before ? `&before=${before}` : ''}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      const page = (res.body as { id: string }[]).map((x) => x.id);
      pages += 1;
      ids.push(...page);
      if (page.length < limit) break;
      before = page[page.length - 1];
      expect(pages).toBeLessThan(50);
    }
    expect(new Set(ids).size).toBe(ids.length);
    return { ids, pages };
  }

  async function expectPagingHolds(path: string, token: string, foreignId: string, minItems: number) {
    const all = await s.api('GET', `${path}?limit=200`, { token });
    const allIds = (all.body as { id: string }[]).map((x) => x.id);
    expect(allIds.length).toBeGreaterThanOrEqual(minItems);
    const walked = await walk(path, token, 2);
    expect(walked.pages).toBeGreaterThan(1);
    expect(walked.ids).toEqual(allIds);
    // The default page (no limit) is the same newest-first order.
    expect((await s.api('GET', path, { token })).body.map((x: { id: string }) => x.id)).toEqual(allIds.slice(0, 50));
    // A malformed cursor: 400 or an empty page. Another user's id: never their items, never a 500.
    const bad = await s.api('GET', `${path}?before=not-a-uuid`, { token });
    expect([200, 400]).toContain(bad.status);
    if (bad.status === 200) expect(bad.body).toEqual([]);
    const foreign = await s.api('GET', `${path}?before=${foreignId}`, { token });
    expect([200, 400]).toContain(foreign.status);
    if (foreign.status === 200) for (const x of foreign.body as { id: string }[]) expect(allIds).toContain(x.id);
    const unknown = await s.api('GET', `${path}?before=00000000-0000-7000-8000-000000000000`, { token });
    expect([200, 400]).toContain(unknown.status);
    if (unknown.status === 200) expect(unknown.body).toEqual([]);
    expect((await s.api('GET', `${path}?limit=201`, { token })).status).toBe(400);
  }

  async function submitProof(token: string) {
    const form = new FormData();
    form.set('utrNumber', nextUtr());
    form.set('amount', '500');
    form.set('screenshot', pngFile());
    const res = await s.upload('POST', '/api/submit-manual-payment', form, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string };
  }

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
    owner = await createActivatedUser(s, admin.token, admin.user.referralCode);
    stranger = await createActivatedUser(s, admin.token, admin.user.referralCode);
    for (let i = 0; i < 5; i++) await createActivatedUser(s, admin.token, owner.user.referralCode);
    for (let i = 0; i < 2; i++) await createActivatedUser(s, admin.token, stranger.user.referralCode);
    for (let i = 0; i < 4; i++) expect((await withdraw(s, owner.token, { amount: '100' })).status).toBe(201);
    expect((await withdraw(s, stranger.token, { amount: '100' })).status).toBe(201);
    payer = await registerUser(s, admin.user.referralCode);
    for (let i = 0; i < 3; i++) {
      const p = await submitProof(payer.token);
      const rej = await s.api('PUT', `/api/admin/manual-payments/${p.id}`, { token: admin.token, body: { status: 'rejected' } });
      expect(rej.status).toBe(200);
    }
    await submitProof(payer.token);
  }, 120_000);
  afterAll(() => s.close());

  it('pages through /api/transactions', async () => {
    const foreign = (await s.api('GET', '/api/transactions', { token: stranger.token })).body[0].id as string;
    await expectPagingHolds('/api/transactions', owner.token, foreign, 9);
    await expectLedgerHolds(s);
  });

  it('pages through /api/withdrawal-requests', async () => {
    const foreign = (await s.api('GET', '/api/withdrawal-requests', { token: stranger.token })).body[0].id as string;
    await expectPagingHolds('/api/withdrawal-requests', owner.token, foreign, 4);
  });

  it('pages through /api/manual-payments', async () => {
    const strangerProof = await registerUser(s, admin.user.referralCode);
    const foreign = (await submitProof(strangerProof.token)).id;
    await expectPagingHolds('/api/manual-payments', payer.token, foreign, 4);
  });

  it('pages through /api/referrals', async () => {
    const foreign = (await s.api('GET', '/api/referrals', { token: stranger.token })).body[0].id as string;
    await expectPagingHolds('/api/referrals', owner.token, foreign, 5);
  });
});
