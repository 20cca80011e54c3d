// The statement PDF read back by a real PDF reader: poppler's pdftotext / pdfinfo / pdffonts
// (Debian package poppler-utils). Poppler is independent of the code that wrote the file and
// honours /ActualText, the PDF's own record of what shaped Indic text says, so a name that comes
// out right here comes out right when a person copies or searches it.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderStatementPdf, type StatementLine, type StatementPdfInput } from './statement-pdf.ts';

function runPoppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer, args: string[] = []): string {
  return execFileSync(tool, [...args, '-', ...(tool === 'pdftotext' ? ['-'] : [])], { input: pdf, encoding: 'utf8' });
}

interface ReadBack {
  pageCount: number;
  title: string;
  /** Each page's text, in reading order. */
  pages: string[];
  text: string;
}

function readPdf(pdf: Buffer): ReadBack {
  const info = runPoppler('pdfinfo', pdf);
  const text = runPoppler('pdftotext', pdf, ['-enc', 'UTF-8']);
  return {
    pageCount: Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1]),
    title: /^Title:\s+(.*)$/m.exec(info)?.[1] ?? '',
    pages: text.split('\f').slice(0, -1),
    text,
  };
}

/** Lines whose balances add up, starting from `openingPaise`. */
function makeLines(count: number, openingPaise: bigint, describeLine: (i: number) => string = () => 'Referral reward'): StatementLine[] {
  let balance = openingPaise;
  return Array.from({ length: count }, (_, i) => {
    const creditPaise = i % 4 === 3 ? 0n : 40_000n;
    const debitPaise = i % 4 === 3 ? 10_000n : 0n;
    balance += creditPaise - debitPaise;
    return {
      at: new Date(Date.UTC(2026, 8, 1 + (i % 30), 4, 0)),
      description: describeLine(i),
      creditPaise,
      debitPaise,
      balanceAfterPaise: balance,
      reference: `REF-${String(i + 1).padStart(4, '0')}`,
    };
  });
}

/** A statement of the given lines, opening where the first line starts (₹ 1,23,456.00 when there is none). */
function makeInput(overrides: Partial<StatementPdfInput> & { lines: StatementLine[] }): StatementPdfInput {
  const first = overrides.lines[0];
  const openingPaise = first ? first.balanceAfterPaise - first.creditPaise + first.debitPaise : 12_345_600n;
  const closingPaise = overrides.lines.at(-1)?.balanceAfterPaise ?? openingPaise;
  return {
    appName: 'Referral Hub',
    legalName: 'Referral Hub Technologies Private Limited',
    holderName: 'प्रिया शर्मा',
    maskedPhone: 'XXXXXX3210',
    period: { from: '2026-09-01', to: '2026-09-30' },
    generatedAt: new Date(Date.UTC(2026, 9, 1, 3, 30)),
    openingPaise,
    closingPaise,
    ...overrides,
  };
}

beforeAll(() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
  } catch {
    throw new Error('these tests read the PDFs with poppler: install the Debian package poppler-utils');
  }
});

describe('renderStatementPdf', () => {
  it('renders a Devanagari name that reads back as the same Unicode string', async () => {
    const pdf = await renderStatementPdf(makeInput({ lines: makeLines(1, 12_345_600n) }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(200_000);

    const read = readPdf(pdf);
    expect(read.pageCount).toBe(1);
    expect(read.title).toBe('Referral Hub wallet statement, 01 Sep 2026 to 30 Sep 2026');
    expect(read.text).toContain('प्रिया शर्मा');
    // What the glyphs alone would give: the vowel sign is drawn before the consonant it follows.
    expect(read.text).not.toContain('िप्रया');
    expect(read.text).toContain('XXXXXX3210');
    expect(read.text).toContain('01 Sep 2026 to 30 Sep 2026');
    expect(read.text).toContain('Generated on 01 Oct 2026, 09:00 IST');
    expect(read.text).toContain('₹ 1,23,456.00'); // opening balance
    expect(read.text).toContain('₹ 400.00'); // total credits
    expect(read.text).toContain('₹ 0.00'); // total debits
    expect(read.text).toContain('₹ 1,23,856.00'); // closing balance
    expect(read.text).toContain('REF-0001');
    expect(read.text).toContain('Page 1 of 1');
    expect(read.text).toContain('This is a computer-generated statement');
  });

  it('embeds every font it uses, as subsets', async () => {
    const pdf = await renderStatementPdf(makeInput({ lines: makeLines(1, 0n) }));
    const fonts = runPoppler('pdffonts', pdf).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/\+NotoSans\S+\s+CID TrueType\s+Identity-H\s+yes yes yes/);
  });

  it('renders a Latin name and an empty period on one page', async () => {
    const pdf = await renderStatementPdf(makeInput({ holderName: 'Priya Sharma', lines: [] }));
    const read = readPdf(pdf);
    expect(read.pageCount).toBe(1);
    expect(read.text).toContain('Priya Sharma');
    expect(read.text).toContain('No transactions in this period.');
    expect(read.text.match(/₹ 1,23,456\.00/g)).toHaveLength(2); // opening and closing
    expect(read.text.match(/₹ 0\.00/g)).toHaveLength(2); // no credits, no debits
    expect(read.text).toContain('Page 1 of 1');
  });

  it('sets a name in another Indian script in its own face', async () => {
    const pdf = await renderStatementPdf(makeInput({ holderName: 'முத்துலட்சுமி', lines: [] }));
    expect(readPdf(pdf).text).toContain('முத்துலட்சுமி');
    expect(runPoppler('pdffonts', pdf)).toContain('NotoSansTamil');
  });

  // A name in each script of India's scheduled languages (and some beyond), as an account holder and
  // as the referred person in a line: never a failure, set in its script's face, read back whole.
  const SCRIPT_NAMES: [script: string, name: string, face: string][] = [
    ['Devanagari (Hindi, Marathi, Nepali, Konkani, Maithili, Dogri, Bodo, Sanskrit)', 'प्रिया शर्मा', 'NotoSansDevanagari'],
    ['Bengali (Bengali, Assamese)', 'প্রিয়া দাস', 'NotoSansBengali'],
    ['Gurmukhi (Punjabi)', 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ', 'NotoSansGurmukhi'],
    ['Gujarati', 'પ્રિયા પટેલ', 'NotoSansGujarati'],
    ['Odia', 'ପ୍ରିୟା ମହାନ୍ତି', 'NotoSansOriya'],
    ['Tamil', 'முத்துலட்சுமி', 'NotoSansTamil'],
    ['Telugu', 'శ్రీనివాస్', 'NotoSansTelugu'],
    ['Kannada', 'ತನ್ವಿ ಶೆಟ್ಟಿ', 'NotoSansKannada'],
    ['Malayalam', 'ശ്രീലക്ഷ്മി', 'NotoSansMalayalam'],
    ['Ol Chiki (Santali)', 'ᱥᱟᱱᱛᱟᱲ ᱢᱟᱨᱰᱤ', 'NotoSansOlChiki'],
    ['Meetei Mayek (Manipuri)', 'ꯃꯤꯇꯩ ꯁꯤꯡꯍ', 'NotoSansMeeteiMayek'],
    ['Perso-Arabic (Urdu, Kashmiri, Sindhi)', 'محمد علی', 'NotoNaskhArabic'],
    ['Greek and Cyrillic (the fallback face)', 'Ελένη Олег', 'NotoSans-'],
  ];
  it.each(SCRIPT_NAMES)('sets a %s name in its face and reads it back', async (_script, name, face) => {
    const lines = makeLines(2, 0n, (i) => (i === 0 ? `Referral bonus: ${name} activated their account` : 'Referral reward'));
    const pdf = await renderStatementPdf(makeInput({ holderName: name, lines }));
    expect(runPoppler('pdffonts', pdf)).toContain(face);
    const text = readPdf(pdf).text;
    // Poppler lays a right-to-left run of ActualText out again in visual order (the letters of
    // each word reversed, within bidi marks); every other script comes back as written.
    const rtl = /\p{Script=Arabic}/u.test(name);
    for (const word of name.split(' ')) expect(text).toContain(rtl ? [...word].reverse().join('') : word);
  });

  it('never fails on a script none of its faces has (it shows the missing-glyph box)', async () => {
    const pdf = await renderStatementPdf(makeInput({ holderName: '张伟 😀', lines: makeLines(1, 0n, () => 'Referral bonus: 张伟 activated their account') }));
    expect(readPdf(pdf).pageCount).toBe(1);
  });

  it('groups large amounts the Indian way', async () => {
    const lines = makeLines(2, 1_234_567_890n);
    const pdf = await renderStatementPdf(makeInput({ lines }));
    const { text } = readPdf(pdf);
    expect(text).toContain('₹ 1,23,45,678.90');
    expect(text).toContain('1,23,46,078.90'); // balance after the first line
    expect(text).toContain('₹ 1,23,46,478.90');
  });

  it('paginates 300 lines with the table head and page numbers on every page', async () => {
    const lines = makeLines(300, 0n);
    const pdf = await renderStatementPdf(makeInput({ holderName: 'Priya Sharma', lines }));
    const read = readPdf(pdf);
    expect(read.pages).toHaveLength(read.pageCount);
    expect(read.pageCount).toBeGreaterThan(1);
    read.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${read.pageCount}`);
      expect(page).toContain('Balance (₹)');
    });
    // Every line exactly once and in order; pages filled (the first shares its space with the
    // account block and summary): with one-line rows that is 23 + 8 x 32 + 21 on 10 pages.
    const references = read.pages.map((page) => page.match(/REF-\d{4}/g) ?? []);
    expect(references.flat()).toEqual(lines.map((line) => line.reference));
    expect(references.map((onPage) => onPage.length)).toEqual([23, 32, 32, 32, 32, 32, 32, 32, 32, 21]);
    expect(read.pageCount).toBe(10);
    expect(read.pages.at(-1)).toContain('End of statement');
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('wraps a long description inside its column', async () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`);
    const lines = makeLines(1, 0n, () => words.join(' '));
    const pdf = await renderStatementPdf(makeInput({ lines }));
    const boxes = [...runPoppler('pdftotext', pdf, ['-bbox']).matchAll(/xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)"[^>]*>([^<]+)</g)].map(
      ([, xMin, yMin, xMax, word]) => ({ xMin: Number(xMin), yMin: Number(yMin), xMax: Number(xMax), word }),
    );
    const reference = boxes.find((box) => box.word === 'REF-0001');
    const described = boxes.filter((box) => box.word && words.includes(box.word));
    expect(reference).toBeDefined();
    expect(described.map((box) => box.word)).toEqual(words);
    expect(new Set(described.map((box) => box.yMin)).size).toBeGreaterThan(2);
    for (const box of described) expect(box.xMax).toBeLessThan(reference?.xMin ?? 0);
  });

  it('gives the same bytes for the same input', async () => {
    const input = makeInput({ lines: makeLines(3, 0n) });
    const [first, second] = await Promise.all([renderStatementPdf(input), renderStatementPdf(input)]);
    expect(first.equals(second)).toBe(true);
  });

  it('refuses a statement that does not add up', async () => {
    const lines = makeLines(2, 0n);
    await expect(renderStatementPdf(makeInput({ lines, closingPaise: 1n }))).rejects.toThrow(/does not add up/);
    const [first, second] = lines;
    if (!first || !second) throw new Error('two lines expected');
    await expect(renderStatementPdf(makeInput({ lines: [first, { ...second, balanceAfterPaise: 5n }] }))).rejects.toThrow(/line 2/);
  });

  it('refuses a period date that is not a real day', async () => {
    await expect(renderStatementPdf(makeInput({ lines: [], period: { from: '2026-02-30', to: '2026-03-31' } }))).rejects.toThrow(/YYYY-MM-DD/);
  });
});
