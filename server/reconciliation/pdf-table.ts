// Turns the positioned lines of a PDF statement into table rows the statement parser reads: the
// header line (or a header printed over two lines) gives each column its horizontal band; every
// later line's text falls into the band it overlaps most. A transaction printed over several lines
// (a wrapped narration, or the amount on the line above the date, as Axis prints it) becomes one
// row, its pieces joined with line breaks so that a reference cut by the wrap can be read whole.
import type { CsvRecord } from './csv-reader.ts';
import type { PdfItem, PdfLine } from './pdf-reader.ts';
import type { ResolvedColumns } from './statement-layouts.ts';
import { looksLikeStatementDate } from './statement-values.ts';

/** Says which columns a header row (cells as printed) has, or null when it is no header we know. */
export type HeaderResolver = (cells: readonly string[]) => ResolvedColumns | null;

type Band = { x0: number; x1: number };
const AMOUNT_LIKE = /\d\.\d{2}\b/;
type Table = { bands: Band[]; columns: ResolvedColumns };
type Building = { line: number; page: number; lastY: number; size: number; cells: string[][]; dated: boolean };

/**
 * One record per printed line before the first header (the account details), the header rows as
 * printed, one record per transaction, and one per other line (totals, footers). Lines are numbered
 * through the whole document from 1, as if it were a text file.
 */
export function tableFromPdfLines(lines: readonly PdfLine[], resolve: HeaderResolver): CsvRecord[] {
  const records: CsvRecord[] = [];
  let table: Table | null = null;
  let building: Building | null = null;
  const flush = (): void => {
    if (building) records.push({ line: building.line, cells: building.cells.map((pieces) => pieces.join('\n')) });
    building = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const number = i + 1;
    const header = readHeader(line, lines[i + 1], resolve);
    if (header) {
      flush();
      table = header.table;
      records.push({ line: number, cells: header.cells });
      if (header.twoLines) i++;
      continue;
    }
    if (!table) {
      records.push({ line: number, cells: mergeItems(line.items, line.size).map((c) => c.text) });
      continue;
    }
    const cells = assign(table.bands, mergeItems(line.items, line.size, table.bands));
    const dated = looksLikeStatementDate(cells[table.columns.date] ?? '');
    const hasAmount = [table.columns.credit, table.columns.debit, table.columns.amount].some((c) => c !== null && (cells[c] ?? '') !== '');
    const current = building as Building | null;
    const near = current !== null && current.page === line.page && current.lastY - line.y <= current.size * 2.4;
    if (current && near && !hasAmount && (!dated || !current.dated)) {
      // A wrapped narration, or the date line under an amount line printed above it.
      for (const [c, text] of cells.entries()) if (text !== '') current.cells[c]!.push(text);
      current.dated ||= dated;
      current.lastY = line.y;
      continue;
    }
    flush();
    building = { line: number, page: line.page, lastY: line.y, size: line.size, cells: cells.map((text) => (text === '' ? [] : [text])), dated };
  }
  flush();
  return records;
}

/** The line as a header, or it and the next one together (headers printed over two lines). */
function readHeader(line: PdfLine, next: PdfLine | undefined, resolve: HeaderResolver): { table: Table; cells: string[]; twoLines: boolean } | null {
  // A line holding a date or an amount is a transaction, never a header: most lines stop here.
  if (line.items.some((item) => looksLikeStatementDate(item.text) || AMOUNT_LIKE.test(item.text))) return null;
  const single = mergeItems(line.items, line.size);
  const one = resolve(single.map((c) => c.text));
  if (one) return { table: { bands: bandsOf(single), columns: one }, cells: single.map((c) => c.text), twoLines: false };
  if (!next || next.page !== line.page || line.y - next.y > line.size * 2) return null;
  const stacked = stackItems([...line.items, ...next.items], line.size);
  const two = resolve(stacked.map((c) => c.text));
  return two ? { table: { bands: bandsOf(stacked), columns: two }, cells: stacked.map((c) => c.text), twoLines: true } : null;
}

/**
 * Runs closer than half the font size are one cell ("Withdrawal" "Amt." or a word-by-word narration),
 * unless the header's bands put them in different columns (a long serial number running up to the date).
 */
function mergeItems(items: readonly PdfItem[], size: number, bands?: readonly Band[]): PdfItem[] {
  const cells: PdfItem[] = [];
  let lastBand = -1;
  for (const item of items) {
    const last = cells.at(-1);
    const band = bands ? bandOf(bands, item) : 0;
    const sameBand = band === lastBand;
    lastBand = band;
    if (last && sameBand && item.x0 - last.x1 <= size * 0.5) {
      last.text += item.x0 - last.x1 > size * 0.1 ? ` ${item.text}` : item.text;
      last.x1 = Math.max(last.x1, item.x1);
    } else {
      cells.push({ ...item });
    }
  }
  return cells;
}

/** Two header lines' runs as columns: runs that overlap (or nearly touch) horizontally, top line first. */
function stackItems(items: readonly PdfItem[], size: number): PdfItem[] {
  const sorted = [...items].map((item, order) => ({ ...item, order })).sort((a, b) => a.x0 - b.x0);
  const groups: { x0: number; x1: number; parts: { text: string; order: number }[] }[] = [];
  for (const item of sorted) {
    const group = groups.at(-1);
    if (group && item.x0 <= group.x1 + size * 0.5) {
      group.parts.push(item);
      group.x1 = Math.max(group.x1, item.x1);
    } else {
      groups.push({ x0: item.x0, x1: item.x1, parts: [item] });
    }
  }
  return groups.map((g) => ({ x0: g.x0, x1: g.x1, text: g.parts.sort((a, b) => a.order - b.order).map((p) => p.text).join(' ') }));
}

/** Each header cell owns the space up to halfway to its neighbours. */
function bandsOf(header: readonly PdfItem[]): Band[] {
  return header.map((cell, i) => {
    const before = header[i - 1];
    const after = header[i + 1];
    return { x0: before ? (before.x1 + cell.x0) / 2 : -Infinity, x1: after ? (cell.x1 + after.x0) / 2 : Infinity };
  });
}

/** The band a run overlaps most. */
function bandOf(bands: readonly Band[], cell: PdfItem): number {
  let best = 0;
  let bestOverlap = -Infinity;
  for (const [i, band] of bands.entries()) {
    const overlap = Math.min(cell.x1, band.x1) - Math.max(cell.x0, band.x0);
    if (overlap > bestOverlap) {
      best = i;
      bestOverlap = overlap;
    }
  }
  return best;
}

function assign(bands: readonly Band[], cells: readonly PdfItem[]): string[] {
  const out = bands.map(() => '');
  for (const cell of cells) {
    const best = bandOf(bands, cell);
    out[best] = out[best] ? `${out[best]} ${cell.text}` : cell.text;
  }
  return out;
}
