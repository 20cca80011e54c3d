// Wallet statements through the API: for random histories (rewards, spins, withdrawals paid and
// refunded, a reversal with a debt and its recovery, spread over days) and random periods, closing
// = opening + credits - debits, each line's balance follows from the one before, consecutive
// periods join up, and the closing balance of a period reaching today is the wallet's balance.
// The CSV and the PDF carry the same figures; the PDF opens in a real reader (poppler).
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { withdraw } from '../test/money-fixtures.ts';
import { parseRupees } from '../../contract/money.ts';

const run = promisify(execFile);
const HOUR = 60 * 60 * 1000;
const paise = (rupees: string) => parseRupees(rupees.replace(/^-/, ''))! * (rupees.startsWith('-') ? -1n : 1n);
/** The IST calendar day of a moment. */
const istDay = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * HOUR).toISOString().slice(0, 10);

type Op = { kind: 'reward' } | { kind: 'spin' } | { kind: 'withdraw'; rupees: number; then: 'approve' | 'reject' | 'leave' } | { kind: 'reverse' };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'reward' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'spin' as const }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), rupees: fc.integer({ min: 100, max: 900 }), then: fc.constantFrom('approve' as const, 'reject' as const, 'leave' as const) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reverse' as const }) },
);

describe.each(drivers)('wallet statements (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  const statement = (u: { token: string }, from: string, to: string) => s.api('GET', `/api/wallet/statement?from=${from}&to=${to}`, { token: u.token });

  /** An admin session for now (the test clock runs days ahead: a 12-hour admin session would lapse). */
  const adminNow = async () => (admin = await createAdmin(s)).token;

  async function live(owner: RegisteredUser, ops: Op[]): Promise<void> {
    const approved: string[] = [];
    for (const op of ops) {
      s.clock.advance(fc.sample(fc.integer({ min: 1, max: 20 }), 1)[0]! * HOUR);
      // The owner keeps using the app, so their session never sits idle for a week.
      await s.api('GET', '/api/user', { token: owner.token });
      await adminNow();
      if (op.kind === 'reward') {
        const payer = await registerUser(s, owner.user.referralCode);
        const proof = await submitPaymentProof(s, payer.token);
        await s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } });
        approved.push(proof.id);
      } else if (op.kind === 'spin') {
        await s.api('POST', '/api/use-spin', { token: owner.token });
      } else if (op.kind === 'reverse' && approved.length > 0) {
        await s.api('POST', `/api/admin/manual-payments/${approved.shift()}/reverse`, { token: admin.token, body: { reason: 'Proof could not be confirmed' } });
      } else if (op.kind === 'withdraw') {
        const w = await withdraw(s, owner.token, { amount: String(op.rupees) });
        if (w.status === 201 && op.then !== 'leave') {
          await s.api('PUT', `/api/admin/withdrawals/${w.body.id}`, { token: admin.token, body: { status: op.then === 'approve' ? 'approved' : 'rejected' } });
        }
      }
    }
  }

  function expectAddsUp(st: { openingBalance: string; closingBalance: string; totalCredits: string; totalDebits: string; lines: { credit: string; debit: string; balanceAfter: string }[] }) {
    let balance = paise(st.openingBalance);
    for (const line of st.lines) {
      balance += paise(line.credit) - paise(line.debit);
      expect(paise(line.balanceAfter)).toBe(balance);
    }
    expect(paise(st.closingBalance)).toBe(balance);
    expect(paise(st.closingBalance)).toBe(paise(st.openingBalance) + paise(st.totalCredits) - paise(st.totalDebits));
  }

  it('adds up for random histories and random periods', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 12 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 6, maxLength: 12 }), async (ops, periods) => {
        const owner = await createActivatedUser(s, await adminNow(), admin.user.referralCode);
        const firstDay = istDay(s.clock.now().getTime());
        await live(owner, ops);
        const lastDay = istDay(s.clock.now().getTime());
        const days = Math.round((Date.parse(lastDay) - Date.parse(firstDay)) / (24 * HOUR)) + 1;

        // Random periods, each adding up on its own.
        for (const [a, b] of periods) {
          const from = addDays(firstDay, a % days);
          const to = addDays(from, b % (days - (a % days)));
          const st = await statement(owner, from, to);
          expect(st.status, JSON.stringify(st.body)).toBe(200);
          expectAddsUp(st.body);
        }
        // Consecutive periods join up, from nothing before the first day to the balance shown today.
        const cut = addDays(firstDay, Math.floor(days / 2));
        const before = (await statement(owner, addDays(firstDay, -1), addDays(cut, -1))).body;
        const after = (await statement(owner, cut, lastDay)).body;
        expect(before.openingBalance).toBe('0.00');
        expect(after.openingBalance).toBe(before.closingBalance);
        expect(after.closingBalance).toBe((await s.api('GET', '/api/user', { token: owner.token })).body.walletBalance);
      }),
      { numRuns: 4 },
    );
    await expectLedgerHolds(s);
  });

  it('answers the same figures as CSV and as a PDF that opens in a reader, with the name and Indian grouping', async () => {
    const owner = await createActivatedUser(s, await adminNow(), admin.user.referralCode);
    const from = istDay(s.clock.now().getTime());
    for (let i = 0; i < 3; i++) {
      const payer = await registerUser(s, owner.user.referralCode);
      const proof = await submitPaymentProof(s, payer.token);
      await s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: admin.token, body: { status: 'approved' } });
    }
    expect((await withdraw(s, owner.token, { amount: '250.50' })).status).toBe(201);
    const to = istDay(s.clock.now().getTime());
    const json = (await statement(owner, from, to)).body;
    expect(json).toMatchObject({ openingBalance: '0.00', totalCredits: '1200.00', totalDebits: '250.50', closingBalance: '949.50' });

    const csv = await s.api('GET', `/api/wallet/statement.csv?from=${from}&to=${to}`, { token: owner.token });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const rows = (csv.body as string).trim().split('\r\n');
    expect(rows[0]).toBe('"Date (IST)","Description","Reference","Credit (INR)","Debit (INR)","Balance (INR)"');
    expect(rows[1]).toContain('"Opening balance"');
    expect(rows).toHaveLength(json.lines.length + 3);
    expect(rows.at(-1)).toBe(`"${to}","Closing balance (total credits 1200.00, total debits 250.50)","","","","949.50"`);

    const res = await fetch(`${s.url}/api/wallet/statement.pdf?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = await mkdtemp(path.join(tmpdir(), 'rh-statement-'));
    try {
      const file = path.join(dir, 'statement.pdf');
      await writeFile(file, pdf);
      const { stdout: info } = await run('pdfinfo', [file]);
      expect(info).toMatch(/Pages:\s+1/);
      const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
      expect(text).toContain(owner.user.username);
      expect(text).toContain('949.50');
      expect(text).toContain('1,200.00');
      expect(text).toContain('250.50');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a holder and a referred person named in Gurmukhi, Ol Chiki and Urdu get their PDF (never a 500)', async () => {
    const owner = await registerUser(s, admin.user.referralCode, { username: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ' });
    const proof = await submitPaymentProof(s, owner.token);
    await s.api('PUT', `/api/admin/manual-payments/${proof.id}`, { token: await adminNow(), body: { status: 'approved' } });
    for (const name of ['ਸਿੱਧੂ', 'ᱥᱟᱱᱛᱟᱲ ᱢᱟᱨᱰᱤ', 'محمد علی']) {
      const friend = await registerUser(s, owner.user.referralCode, { username: name });
      const paid = await submitPaymentProof(s, friend.token);
      await s.api('PUT', `/api/admin/manual-payments/${paid.id}`, { token: await adminNow(), body: { status: 'approved' } });
    }
    const day = istDay(s.clock.now().getTime());
    const res = await fetch(`${s.url}/api/wallet/statement.pdf?from=${addDays(day, -1)}&to=${day}`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const dir = await mkdtemp(path.join(tmpdir(), 'rh-statement-'));
    try {
      const file = path.join(dir, 'statement.pdf');
      await writeFile(file, Buffer.from(await res.arrayBuffer()));
      const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
      expect(text).toContain('ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ');
      expect(text).toContain('ਸਿੱਧੂ');
      expect(text).toContain('ᱥᱟᱱᱛᱟᱲ');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await expectLedgerHolds(s);
  });

  it('refuses a period that makes no sense, and anyone signed out', async () => {
    const owner = await createActivatedUser(s, await adminNow(), admin.user.referralCode);
    expect((await s.api('GET', '/api/wallet/statement?from=2026-11-01&to=2026-11-30')).status).toBe(401);
    for (const q of ['from=2026-11-30&to=2026-11-01', 'from=2026-02-30&to=2026-03-01', 'from=yesterday&to=2026-11-01', 'from=2024-01-01&to=2026-01-01', 'to=2026-11-01']) {
      const res = await s.api('GET', `/api/wallet/statement?${q}`, { token: owner.token });
      expect(res.status, q).toBe(400);
    }
    const empty = (await statement(owner, '2020-01-01', '2020-01-31')).body;
    expect(empty).toMatchObject({ openingBalance: '0.00', closingBalance: '0.00', lines: [] });
  });
});
