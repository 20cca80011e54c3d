// The statement a bank gave, uploaded unopened through the API on a real server and database: for
// every bank we know and every file type (CSV, TXT, .xls, .xlsx, text PDF) the answer names the bank,
// matches every planted UTR, flags the short payment and never pairs a proof with a noise line
// (IMPS, NEFT, card, totals); a Kotak RRN in Chq / Ref No. matches whichever number the proof names;
// a scanned PDF gets a 400 that says so; 10,000-line .xlsx and .xls statements reconcile; the
// statements uploaded lately are listed; proofs with no credit come only from the statement's period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, nextUtr, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { GENERATED_BANK, generateStatementSheet, type GeneratedLayout } from './fixtures/generate-statement.ts';
import { writeScannedPdf, writeStatementFile, type StatementFileType } from './fixtures/statement-files.ts';
import { SCANNED_PDF_MESSAGE } from './pdf-reader.ts';

const FEE = 50_000n;
const TYPES: readonly StatementFileType[] = ['csv', 'txt', 'xls', 'xlsx', 'pdf'];
/** One layout per bank, the current one where a bank has two (the previous ones are read in statement-files.test.ts). */
const BANKS: readonly GeneratedLayout[] = ['hdfc', 'sbi-2026', 'icici', 'axis-2026', 'kotak-2024', 'yes', 'idfc', 'pnb', 'bob', 'canara', 'union-2025', 'indusind-2025'];
const FILE_NAMES: Record<StatementFileType, string> = { csv: 'statement', txt: 'statement', xls: 'statement', xlsx: 'statement', pdf: 'statement' };

describe.each(drivers)('statements uploaded as banks give them (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let referrer: RegisteredUser;
  const daysAgo = (n: number) => new Date(s.clock.now().getTime() - n * 86_400_000).toISOString().slice(0, 10);

  // Named without an extension on purpose: the server must tell the type by content.
  async function upload(bytes: Buffer, name = 'statement') {
    const form = new FormData();
    form.set('statement', new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' }));
    return s.upload('POST', '/api/admin/reconciliation', form, { token: admin.token });
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

  it('every bank in every file type: named right, planted UTRs matched, the short one flagged, no noise line paired', async () => {
    // The same pending proofs for every upload (nothing is approved here): two paid in full, one short.
    const full = [await pendingProof(), await pendingProof()];
    const short = await pendingProof();
    const credits = [
      { utr: full[0]!.utr, amountPaise: FEE },
      { utr: short.utr, amountPaise: 45_000n },
      { utr: full[1]!.utr, amountPaise: FEE },
    ];
    for (const [i, layout] of BANKS.entries()) {
      const sheet = generateStatementSheet({ layout, transactions: 30, credits, seed: 300 + i, firstDate: daysAgo(10) });
      for (const type of TYPES) {
        const label = `${layout} as ${type}`;
        const res = await upload(await writeStatementFile(sheet, type), FILE_NAMES[type]);
        expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBe(201);
        expect(res.body.bank, label).toBe(GENERATED_BANK[layout]);
        expect(res.body.lineCount, label).toBe(30);
        expect(res.body.problems, label).toEqual([]);
        expect(res.body.matched.map((m: { paymentId: string }) => m.paymentId).sort(), label).toEqual(full.map((f) => f.proof.id).sort());
        expect(res.body.amountDiffers, label).toEqual([expect.objectContaining({ paymentId: short.proof.id, proofAmount: '500.00', credited: '450.00' })]);
        // Noise lines: no proof names them, so none is matched; the ₹500 IMPS credits wait as credits without a proof.
        const paired = [...res.body.matched, ...res.body.amountDiffers].map((m: { utr: string }) => m.utr);
        expect(paired.every((utr: string) => credits.some((c) => c.utr === utr)), label).toBe(true);
        for (const c of res.body.creditWithoutProof as { narration: string; utr: string | null }[]) {
          expect(credits.some((p) => p.utr === c.utr), label).toBe(false);
          expect(c.narration, label).not.toMatch(/TOTAL|CLOSING|OPENING/);
        }
      }
    }
  });

  it('Kotak: the RRN in Chq / Ref No. and another number in the narration, either one matches', async () => {
    const byReference = await pendingProof();
    const sheet = generateStatementSheet({ layout: 'kotak-2025', transactions: 12, credits: [{ utr: byReference.utr, amountPaise: FEE }], seed: 41, firstDate: daysAgo(5) });
    // The first planted credit carries a second (Kotak's own) number in its narration.
    const narration = sheet.rows[0]![2]!;
    const other = /\b(7\d{11})\b/.exec(narration)?.[1];
    expect(other, narration).toBeDefined();
    const byNarration = await pendingProof(other);
    const again = { ...sheet, rows: [...sheet.rows, [...sheet.rows[0]!]] };
    const res = await upload(await writeStatementFile(again, 'xlsx'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bank).toBe('kotak');
    expect(res.body.matched.map((m: { paymentId: string }) => m.paymentId).sort()).toEqual([byReference.proof.id, byNarration.proof.id].sort());

    const approved = await s.api('POST', `/api/admin/reconciliation/${res.body.id}/approve-matched`, { token: admin.token });
    expect(approved.body).toMatchObject({ approved: 2 });
    const list = await s.api('GET', '/api/admin/manual-payments?status=approved', { token: admin.token });
    const note = list.body.items.find((p: { id: string }) => p.id === byReference.proof.id).adminNotes;
    expect(note).toMatch(/^Matched to Kotak Mahindra Bank statement line \d+ \(\d{4}-\d{2}-\d{2}\)$/);
    await expectLedgerHolds(s);
  });

  it('a scanned PDF is refused with a 400 that says it has no text', async () => {
    const res = await upload(await writeScannedPdf(), 'statement.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'STATEMENT_UNREADABLE', message: SCANNED_PDF_MESSAGE });
  });

  it('reconciles 10,000-line .xlsx and .xls statements', async () => {
    const proofs = [await pendingProof(), await pendingProof(), await pendingProof()];
    const credits = proofs.map((p) => ({ utr: p.utr, amountPaise: FEE }));
    for (const [i, type] of (['xlsx', 'xls'] as const).entries()) {
      const sheet = generateStatementSheet({ layout: type === 'xlsx' ? 'sbi-2026' : 'hdfc', transactions: 10_000, credits, seed: 70 + i, firstDate: daysAgo(20) });
      const res = await upload(await writeStatementFile(sheet, type));
      expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(201);
      expect(res.body.lineCount).toBe(10_000);
      expect(res.body.problems).toEqual([]);
      expect(res.body.matched.map((m: { paymentId: string }) => m.paymentId).sort()).toEqual(proofs.map((p) => p.proof.id).sort());
      // How fast is the bench row's to measure (BENCH_ONLY=reconcile, against 2 s).
    }
  });

  it('lists the statements uploaded lately, newest first, to open again', async () => {
    const sheet = generateStatementSheet({ layout: 'canara-2025', transactions: 8, credits: [], seed: 99, firstDate: daysAgo(3) });
    const res = await upload(await writeStatementFile(sheet, 'pdf'), 'canara.pdf');
    expect(res.status).toBe(201);
    const list = await s.api('GET', '/api/admin/reconciliation', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toEqual({
      id: res.body.id,
      bank: 'canara',
      fileName: 'canara.pdf',
      lineCount: 8,
      firstDate: res.body.firstDate,
      lastDate: res.body.lastDate,
      createdAt: res.body.createdAt,
    });
    expect(list.body.items.length).toBeLessThanOrEqual(20);
    const times = list.body.items.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const user = await registerUser(s, referrer.user.referralCode);
    expect((await s.api('GET', '/api/admin/reconciliation', { token: user.token })).status).toBe(403);
  });

  it('lists as proofs with no credit only those sent within the statement\'s period and a day', async () => {
    const inside = await pendingProof();
    // A statement of last month: today's proofs are far outside it.
    const old = generateStatementSheet({ layout: 'yes', transactions: 20, credits: [], seed: 5, firstDate: daysAgo(60) });
    const before = await upload(await writeStatementFile(old, 'csv'));
    expect(before.status).toBe(201);
    expect(before.body.proofWithoutCredit.map((p: { paymentId: string }) => p.paymentId)).not.toContain(inside.proof.id);
    // A statement whose last line is today: the proof is within it.
    const recent = generateStatementSheet({ layout: 'yes', transactions: 20, credits: [], seed: 6, firstDate: daysAgo(19) });
    const res = await upload(await writeStatementFile(recent, 'csv'));
    expect(res.status).toBe(201);
    expect(res.body.lastDate).toBe(daysAgo(0));
    expect(res.body.proofWithoutCredit.map((p: { paymentId: string }) => p.paymentId)).toContain(inside.proof.id);
  });
});
