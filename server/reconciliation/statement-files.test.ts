// Statements as banks hand them out, read by content: every layout we know in every file type (CSV,
// tab-separated TXT, Excel 97-2003 .xls, .xlsx, text PDF) is recognised without a mapping, named as
// the right bank, yields every planted UPI credit with its amount and never a noise line's reference
// as one of them; the committed fixtures are real BIFF8, OOXML and PDF files (checked by their
// structure, and the PDF by poppler's pdftotext where it is installed); a scanned, a password-
// protected or a broken file is refused with a 400 that says which.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { BINARY_FIXTURES, FIXTURE_CREDITS, fixtureSheet } from './fixtures/build-fixtures.ts';
import { GENERATED_BANK, GENERATED_LAYOUTS, generateStatementSheet } from './fixtures/generate-statement.ts';
import { STATEMENT_FILE_TYPES, writeStatementFile } from './fixtures/statement-files.ts';
import { BROKEN_PDF_MESSAGE, PASSWORD_PDF_MESSAGE, readPdfLines, SCANNED_PDF_MESSAGE } from './pdf-reader.ts';
import { parseStatementContent, readStatementContent, sniffStatement } from './statement-file.ts';
import type { StatementParseResult } from './statement-parser.ts';

const fixture = (name: string): Buffer => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function parse(bytes: Uint8Array): Promise<Extract<StatementParseResult, { status: 'parsed' }>> {
  const result = parseStatementContent(await readStatementContent(bytes));
  if (result.status !== 'parsed') throw new Error(`expected a parsed statement, got ${JSON.stringify(result)}`);
  return result;
}

/** What matching sees of the planted credits, and every other credit's references (which must not be planted ones). */
function plantedCredits(result: Extract<StatementParseResult, { status: 'parsed' }>) {
  const planted = new Set(FIXTURE_CREDITS.map((c) => c.utr));
  const found = result.rows
    .filter((r) => r.creditPaise > 0n && r.utrs.some((u) => planted.has(u)))
    .map((r) => ({ utr: r.utrs.find((u) => planted.has(u))!, amountPaise: r.creditPaise }));
  const noise = result.rows.filter((r) => !r.utrs.some((u) => planted.has(u)));
  return { found, noise };
}

describe('every layout in every file type', () => {
  for (const layout of GENERATED_LAYOUTS) {
    it(`${layout}: ${STATEMENT_FILE_TYPES.join(', ')} are recognised as ${GENERATED_BANK[layout]} with every planted credit`, async () => {
      const sheet = fixtureSheet(layout);
      for (const type of STATEMENT_FILE_TYPES) {
        const bytes = await writeStatementFile(sheet, type);
        const result = await parse(bytes);
        const label = `${layout} as ${type}`;
        expect(result.bank, label).toBe(GENERATED_BANK[layout]);
        expect(result.problems, label).toEqual([]);
        expect(result.rows, label).toHaveLength(24);
        const { found, noise } = plantedCredits(result);
        // The short one (450.00 against a 500.00 proof) is read as it was credited: matching flags it.
        expect(found, label).toEqual(FIXTURE_CREDITS);
        // NEFT, IMPS, ATM, card, UPI debits, interest: present, and none carries a planted reference.
        expect(noise.length, label).toBe(21);
        expect(noise.some((r) => /IMPS/.test(r.narration) && r.utr !== null), label).toBe(sheet.rows.some((r) => r.some((c) => c.includes('IMPS/P2A'))));
      }
    });
  }

  // Poppler reads where it is installed (CI installs it); pdf.js where it is not, and when poppler
  // cannot open a file. Both must read every statement the same.
  it('pdftotext and pdf.js read every layout\'s PDF, and the committed ones, to the same rows', async () => {
    const credits = Array.from({ length: 12 }, (_, i) => ({ utr: String(412300000000 + i * 7), amountPaise: 50_000n }));
    const files: { label: string; bytes: Uint8Array }[] = [];
    for (const layout of GENERATED_LAYOUTS) {
      files.push({ label: layout, bytes: await writeStatementFile(fixtureSheet(layout), 'pdf') });
      files.push({ label: `${layout}, 120 lines`, bytes: await writeStatementFile(generateStatementSheet({ layout, transactions: 120, credits, seed: 3 }), 'pdf') });
    }
    for (const { file } of BINARY_FIXTURES.filter((f) => f.type === 'pdf')) files.push({ label: file, bytes: fixture(file) });
    for (const { label, bytes } of files) {
      const [poppler, pdfjs] = await Promise.all([readPdfLines(bytes, 'pdftotext'), readPdfLines(bytes, 'pdfjs')]);
      const a = parseStatementContent({ format: 'pdf', lines: poppler });
      const b = parseStatementContent({ format: 'pdf', lines: pdfjs });
      expect(a.status, label).toBe('parsed');
      expect(a, label).toEqual(b);
    }
  });

  it('a PDF statement over several pages, with a header on each and wrapped narrations, reads every row', async () => {
    const credits = Array.from({ length: 40 }, (_, i) => ({ utr: String(412300000000 + i * 7), amountPaise: 50_000n }));
    for (const layout of ['sbi-2026', 'axis-2026', 'hdfc'] as const) {
      const bytes = await writeStatementFile(generateStatementSheet({ layout, transactions: 400, credits, seed: 9 }), 'pdf');
      const result = await parse(bytes);
      expect(result.rows, layout).toHaveLength(400);
      expect(result.problems, layout).toEqual([]);
      const planted = new Set(credits.map((c) => c.utr));
      expect(result.rows.filter((r) => r.utrs.some((u) => planted.has(u))).length, layout).toBe(40);
    }
  });
});

describe('committed fixtures', () => {
  it('the .xls files are Excel 97-2003 BIFF8 workbooks (an OLE compound file whose Workbook stream opens with a BIFF8 BOF)', async () => {
    for (const { file, layout } of BINARY_FIXTURES.filter((f) => f.type === 'xls')) {
      const bytes = fixture(file);
      expect(bytes.subarray(0, 8).toString('hex'), file).toBe('d0cf11e0a1b11ae1');
      expect(bytes.includes(Buffer.from('Workbook', 'utf16le')), file).toBe(true);
      // BOF record 0x0809, length 16, version 0x0600 (BIFF8), workbook globals 0x0005.
      expect(bytes.includes(Buffer.from('0908100000060500', 'hex')), file).toBe(true);
      expect(sniffStatement(bytes)).toBe('xls');
      const result = await parse(bytes);
      expect(result.bank).toBe(GENERATED_BANK[layout]);
      expect(plantedCredits(result).found).toEqual(FIXTURE_CREDITS);
    }
  });

  it('the .xlsx files are OOXML workbooks with date cells and numeric amounts', async () => {
    for (const { file, layout } of BINARY_FIXTURES.filter((f) => f.type === 'xlsx')) {
      const bytes = fixture(file);
      expect(bytes.subarray(0, 4).toString('hex'), file).toBe('504b0304');
      expect(bytes.includes(Buffer.from('xl/workbook.xml')), file).toBe(true);
      const result = await parse(bytes);
      expect(result.bank, file).toBe(GENERATED_BANK[layout]);
      // Dates stored as serial numbers with a US-style format still read day first.
      expect(result.rows[0]?.date, file).toBe('2026-09-01');
      expect(result.rows.at(-1)?.date, file).toBe('2026-09-24');
      expect(plantedCredits(result).found, file).toEqual(FIXTURE_CREDITS);
    }
  });

  it('the PDFs have a text layer another reader sees too, and read as their bank', async () => {
    let pdftotext = true;
    try {
      execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    } catch {
      pdftotext = false;
    }
    for (const { file, layout } of BINARY_FIXTURES.filter((f) => f.type === 'pdf')) {
      const bytes = fixture(file);
      expect(bytes.subarray(0, 5).toString(), file).toBe('%PDF-');
      if (pdftotext) expect(execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString(), file).toContain(FIXTURE_CREDITS[0]!.utr);
      const result = await parse(bytes);
      expect(result.bank, file).toBe(GENERATED_BANK[layout]);
      expect(plantedCredits(result).found, file).toEqual(FIXTURE_CREDITS);
    }
  });

  it('each layout\'s committed CSV reads as its bank', async () => {
    for (const layout of GENERATED_LAYOUTS) {
      const result = await parse(fixture(`layout-${layout}.csv`));
      expect(result.bank, layout).toBe(GENERATED_BANK[layout]);
      expect(plantedCredits(result).found, layout).toEqual(FIXTURE_CREDITS);
    }
  });

  it('Axis Account_Statement_Report: 16 lines above the header, tab-led quoted amounts, OPENING/TOTAL/CLOSING rows and a quoted disclaimer over lines', async () => {
    const result = await parse(fixture('layout-axis-2026.csv'));
    expect(result).toMatchObject({ layout: 'axis-2026', bank: 'axis', headerLine: 17, problems: [] });
    expect(result.rows).toHaveLength(24);
    expect(result.rows.some((r) => /OPENING|TOTAL|CLOSING/.test(r.narration))).toBe(false);
  });

  it('SBI 2026: Date, Details, Ref No/Cheque No, Debit, Credit, Balance, a reference wrapped inside its quotes still found', async () => {
    const result = await parse(fixture('layout-sbi-2026.csv'));
    expect(result).toMatchObject({ layout: 'sbi-2026', bank: 'sbi', problems: [] });
    const wrapped = result.rows.find((r) => r.utr === FIXTURE_CREDITS[0]!.utr);
    expect(wrapped?.narration).not.toContain(FIXTURE_CREDITS[0]!.utr);
  });

  it('Kotak with separate Debit and Credit columns is Kotak, its RRN taken from Chq / Ref No. and a different narration number matching too', async () => {
    for (const layout of ['kotak-2024', 'kotak-2025'] as const) {
      const result = await parse(fixture(`layout-${layout}.csv`));
      expect(result.bank, layout).toBe('kotak');
      const first = result.rows.find((r) => r.reference === `UPI-${FIXTURE_CREDITS[0]!.utr}`)!;
      expect(first.utrs).toContain(FIXTURE_CREDITS[0]!.utr);
      // The narration carries Kotak's own number: a proof naming either finds the line.
      expect(first.utrs).toHaveLength(2);
    }
  });
});

describe('files that are no statement we can read', () => {
  async function refusal(bytes: Uint8Array): Promise<AppError> {
    try {
      parseStatementContent(await readStatementContent(bytes));
    } catch (err) {
      if (err instanceof AppError) return err;
      throw err;
    }
    throw new Error('expected a refusal');
  }

  it('a scanned PDF (no text layer) is refused, saying so', async () => {
    const err = await refusal(fixture('scanned.pdf'));
    expect(err).toMatchObject({ status: 400, code: 'STATEMENT_UNREADABLE', message: SCANNED_PDF_MESSAGE });
    for (const reader of ['pdftotext', 'pdfjs'] as const) {
      await expect(readPdfLines(fixture('scanned.pdf'), reader), reader).rejects.toMatchObject({ status: 400, message: SCANNED_PDF_MESSAGE });
    }
  });

  it('a PDF with a password is refused, saying so', async () => {
    const doc = new PDFDocument({ userPassword: 'secret', ownerPassword: 'owner' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
    doc.text('Date Narration Deposit Amt.');
    doc.end();
    await done;
    expect(await refusal(Buffer.concat(chunks))).toMatchObject({ status: 400, message: PASSWORD_PDF_MESSAGE });
    for (const reader of ['pdftotext', 'pdfjs'] as const) {
      await expect(readPdfLines(Buffer.concat(chunks), reader), reader).rejects.toMatchObject({ status: 400, message: PASSWORD_PDF_MESSAGE });
    }
  });

  it('a broken PDF, a broken workbook and binary noise are refused, not a 500', async () => {
    expect((await refusal(Buffer.from('%PDF-1.7\nnot really'))).status).toBe(400);
    for (const reader of ['pdftotext', 'pdfjs'] as const) {
      await expect(readPdfLines(Buffer.from('%PDF-1.7\nnot really'), reader), reader).rejects.toMatchObject({ status: 400, message: BROKEN_PDF_MESSAGE });
    }
    expect((await refusal(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600, 1)]))).status).toBe(400);
    expect((await refusal(Buffer.from('504b030414000000', 'hex'))).status).toBe(400);
    expect((await refusal(Buffer.from([0, 1, 2, 3, 0, 0, 7]))).status).toBe(400);
  });

  it('is told by content, not name: an HTML table saved as .xls and a Windows-1252 text file read too', async () => {
    const html = `<html><body><p>HDFC BANK Ltd.</p><table><tr><td>Date</td><td>Narration</td><td>Chq./Ref.No.</td><td>Value Dt</td><td>Withdrawal Amt.</td><td>Deposit Amt.</td><td>Closing Balance</td></tr>
      <tr><td>01/09/26</td><td>UPI-ASHA-ASHA@OKHDFC-HDFC0000123-412345678801-FEE</td><td>0000412345678801</td><td>01/09/26</td><td></td><td>500.00</td><td>1,500.00</td></tr></table></body></html>`;
    expect(sniffStatement(Buffer.from(html))).toBe('html');
    const fromHtml = await parse(Buffer.from(html));
    expect(fromHtml).toMatchObject({ bank: 'hdfc', rows: [expect.objectContaining({ utr: '412345678801', creditPaise: 50_000n })] });
    const latin = Buffer.from('Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/09/26,UPI-JOS\xC9-412345678801-FEE,,01/09/26,,500.00,1.00\n', 'latin1');
    expect((await parse(latin)).rows[0]?.narration).toBe('UPI-JOSÉ-412345678801-FEE');
  });
});
