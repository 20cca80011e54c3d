// Reads the text layer of a PDF bank statement into positioned lines (page by page, top to bottom,
// each a list of text runs with their horizontal extent). Two readers give the same lines:
// poppler's pdftotext where it is installed (native, about ten times faster on a long statement:
// decision 037), else pdf.js as bundled by unpdf (pure JavaScript, no native canvas, no fonts
// loaded, no code evaluated from the file). A PDF without a text layer (a scan), with a password or
// broken is refused with a 400 that says which.
import { execFile } from 'node:child_process';
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

export type PdfReader = 'pdftotext' | 'pdfjs';

/** Whether poppler's pdftotext answers on this machine (asked once). */
let pdftotextPresent: Promise<boolean> | null = null;
function hasPdftotext(): Promise<boolean> {
  pdftotextPresent ??= new Promise((resolve) => execFile('pdftotext', ['-v'], { timeout: 5000 }, (err) => resolve(!err)));
  return pdftotextPresent;
}

/** The PDF's lines, by pdftotext where installed, else (or when it cannot open the file) by pdf.js. */
export async function readPdfLines(bytes: Uint8Array, reader?: PdfReader): Promise<PdfLine[]> {
  if (reader !== 'pdfjs' && (reader === 'pdftotext' || (await hasPdftotext()))) {
    const lines = await readWithPdftotext(bytes);
    // A file poppler cannot open may still open in pdf.js (it repairs more); the verdict is its.
    if (lines) return lines;
  }
  return readWithPdfJs(bytes);
}

/** A statement's words as XHTML, far below the size of a 10 MB upload's worst case (about 1 KB a line). */
const PDFTOTEXT_MAX_OUTPUT = 256 * 1024 * 1024;
const PDFTOTEXT_TIMEOUT_MS = 30_000;

/**
 * pdftotext -bbox: every word with its box (top-left origin), page by page. The file goes in on
 * stdin and never touches the disk. Null when poppler could not open it (not a password).
 */
function readWithPdftotext(bytes: Uint8Array): Promise<PdfLine[] | null> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'pdftotext',
      ['-bbox', '-enc', 'UTF-8', '-', '-'],
      { encoding: 'utf8', maxBuffer: PDFTOTEXT_MAX_OUTPUT, timeout: PDFTOTEXT_TIMEOUT_MS },
      (err, stdout, stderr) => {
        if (err) {
          if (/password/i.test(stderr)) return reject(badRequest(PASSWORD_PDF_MESSAGE, 'STATEMENT_UNREADABLE'));
          if ((err as { code?: unknown }).code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER' || err.killed) return reject(badRequest(BROKEN_PDF_MESSAGE, 'STATEMENT_UNREADABLE'));
          return resolve(null);
        }
        try {
          resolve(linesOfBboxXhtml(stdout));
        } catch (parseErr) {
          reject(parseErr);
        }
      },
    );
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(bytes);
  });
}

const PAGE_OR_WORD = /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };

/** pdftotext's -bbox output as lines: a word's baseline is its box's bottom, in PDF units from the page's foot. */
export function linesOfBboxXhtml(xhtml: string): PdfLine[] {
  const lines: PdfLine[] = [];
  let page = 0;
  let height = 0;
  let words: (PdfItem & { y: number; size: number })[] = [];
  let characters = 0;
  const endPage = (): void => {
    if (page > 0) for (const line of groupLines(page, words)) lines.push(joinWords(line));
    words = [];
  };
  for (const m of xhtml.matchAll(PAGE_OR_WORD)) {
    if (m[1] !== undefined) {
      endPage();
      page++;
      height = Number(m[2]);
      continue;
    }
    const text = m[7]!.includes('&') ? m[7]!.replace(/&(?:amp|lt|gt|quot|apos);/g, (e) => ENTITIES[e]!) : m[7]!;
    if (text.trim() === '') continue;
    characters += text.length;
    const yMin = Number(m[4]);
    const yMax = Number(m[6]);
    words.push({ text, x0: Number(m[3]), x1: Number(m[5]), y: height - yMax, size: yMax - yMin || 1 });
  }
  endPage();
  if (characters === 0) throw badRequest(SCANNED_PDF_MESSAGE, 'STATEMENT_UNREADABLE');
  return lines;
}

/**
 * Words a space apart as one run, as a PDF's text operators print them (and pdf.js reads them): a
 * narration then falls in its column as a whole, not word by word into the columns beside it.
 */
function joinWords(line: PdfLine): PdfLine {
  const runs: PdfItem[] = [];
  for (const word of line.items) {
    const last = runs.at(-1);
    if (last && word.x0 - last.x1 <= line.size * 0.4) {
      last.text += ` ${word.text}`;
      last.x1 = Math.max(last.x1, word.x1);
    } else {
      runs.push({ ...word });
    }
  }
  return { ...line, items: runs };
}

async function readWithPdfJs(bytes: Uint8Array): Promise<PdfLine[]> {
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
