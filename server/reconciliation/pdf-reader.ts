// Reads the text layer of a PDF bank statement into positioned lines (page by page, top to bottom,
// each a list of text runs with their horizontal extent), with pdf.js as bundled by unpdf: pure
// JavaScript, no native canvas, no fonts loaded, no code evaluated from the file. A PDF without a
// text layer (a scan), with a password or broken is refused with a 400 that says which.
import { AppError, badRequest } from '../errors.ts';

export type PdfItem = { text: string; x0: number; x1: number };
/** One printed line: its page (1-based), baseline (PDF units, growing upwards) and font size. */
export type PdfLine = { page: number; y: number; size: number; items: PdfItem[] };

export const SCANNED_PDF_MESSAGE = 'This PDF is a scanned image with no text in it: download the statement from net banking as a PDF with text, or as Excel or CSV';
export const PASSWORD_PDF_MESSAGE = 'This PDF is protected by a password: download the statement again without one, or as Excel or CSV';
export const BROKEN_PDF_MESSAGE = 'This PDF could not be opened: download the statement again';

const PAGES_AT_ONCE = 16;

/** pdf.js's text item, as far as we read it (its type lives in a bundled d.ts we do not import). */
type TextItem = { str: string; transform: number[]; width: number; height: number };

export async function readPdfLines(bytes: Uint8Array): Promise<PdfLine[]> {
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: pdf.js transfers (detaches) the buffer it is given.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0, stopAtErrors: false });
  } catch (err) {
    const name = (err as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw badRequest(PASSWORD_PDF_MESSAGE, 'STATEMENT_UNREADABLE');
    throw badRequest(BROKEN_PDF_MESSAGE, 'STATEMENT_UNREADABLE');
  }
  try {
    const lines: PdfLine[] = [];
    let characters = 0;
    // Pages are asked for a few at a time: pdf.js then interleaves parsing one page's content with
    // handing over another's (about a third faster on a long statement than one by one).
    for (let first = 1; first <= pdf.numPages; first += PAGES_AT_ONCE) {
      const numbers = Array.from({ length: Math.min(PAGES_AT_ONCE, pdf.numPages - first + 1) }, (_, i) => first + i);
      // Unicode normalisation is left out: statements are ASCII, and it costs a fifth of the time.
      const contents = await Promise.all(numbers.map(async (n) => (await pdf.getPage(n)).getTextContent({ disableNormalization: true })));
      for (const [i, content] of contents.entries()) {
        const items: (PdfItem & { y: number; size: number })[] = [];
        for (const raw of content.items) {
          if (!('str' in raw)) continue;
          const item = raw as TextItem;
          const text = item.str.trim();
          if (text === '') continue;
          characters += text.length;
          const x0 = item.transform[4] ?? 0;
          const size = Math.abs(item.transform[3] ?? item.height) || item.height || 1;
          items.push({ text, x0, x1: x0 + item.width, y: item.transform[5] ?? 0, size });
        }
        lines.push(...groupLines(numbers[i]!, items));
      }
    }
    if (characters === 0) throw badRequest(SCANNED_PDF_MESSAGE, 'STATEMENT_UNREADABLE');
    return lines;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest(BROKEN_PDF_MESSAGE, 'STATEMENT_UNREADABLE');
  } finally {
    await pdf.destroy();
  }
}

/** Items whose baselines lie within a third of the font size of each other print on one line. */
function groupLines(page: number, items: readonly (PdfItem & { y: number; size: number })[]): PdfLine[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x0 - b.x0);
  const lines: PdfLine[] = [];
  let current: PdfLine | null = null;
  for (const item of sorted) {
    if (!current || Math.abs(current.y - item.y) > Math.max(1, item.size / 3)) {
      current = { page, y: item.y, size: item.size, items: [] };
      lines.push(current);
    }
    current.items.push({ text: item.text, x0: item.x0, x1: item.x1 });
    current.size = Math.max(current.size, item.size);
  }
  for (const line of lines) line.items.sort((a, b) => a.x0 - b.x0);
  return lines;
}
