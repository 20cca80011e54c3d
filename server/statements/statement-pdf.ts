// A user's wallet statement for a period as a PDF laid out like an Indian bank statement: header,
// account block, summary, then every wallet line in a table whose header repeats on each page,
// with "Page i of n" and the computer-generated notice in every footer. Pure: input in, bytes
// out; the same input gives the same bytes (the generation time is part of the input).
import PDFDocument from 'pdfkit';
import type { TaxSummary } from '../tax/tax-summary.ts';
import { formatIndianRupees } from './indian-rupees.ts';
import { PdfTextWriter, type TextStyle } from './pdf-text-writer.ts';
import type { TaxSummaryHeading } from './statement-csv.ts';
import { DEFAULT_FACE } from './statement-fonts.ts';

export interface StatementLine {
  at: Date;
  description: string;
  creditPaise: bigint;
  debitPaise: bigint;
  balanceAfterPaise: bigint;
  reference: string | null;
}

export interface StatementPdfInput {
  appName: string;
  legalName: string;
  /** In any script; Indian scripts are set in their own Noto face. */
  holderName: string;
  maskedPhone: string;
  /** ISO dates (YYYY-MM-DD), both printed as given: `to` is the last day included. */
  period: { from: string; to: string };
  generatedAt: Date;
  openingPaise: bigint;
  closingPaise: bigint;
  /** Oldest first; each balance must follow from the one before it, ending at closingPaise. */
  lines: StatementLine[];
  /** Tax withheld at source in the financial years the period touches: a yearly summary after the lines (a Form 16A-like certificate). */
  tax?: { heading: TaxSummaryHeading; years: TaxSummary[] };
}

// A4 in points.
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 36;
const RIGHT = PAGE_WIDTH - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
const FOOTER_TOP = PAGE_HEIGHT - 46;
const TABLE_BOTTOM = FOOTER_TOP - 8;
const CELL_PAD_X = 5;
const CELL_PAD_Y = 4;
/** Keeps the amount columns from crowding each other when the amounts are short. */
const MIN_AMOUNT_WIDTH = 66;

const COLOUR = {
  ink: '#111827',
  muted: '#4b5563',
  brand: '#3730a3',
  tableHead: '#312e81',
  onTableHead: '#ffffff',
  zebra: '#f3f4f9',
  panel: '#f8f8fc',
  rule: '#d1d5db',
};

function textStyle(size: number, weight: TextStyle['weight'] = 'regular', color = COLOUR.ink): TextStyle {
  return { size, weight, color };
}

const TEXT = {
  brand: textStyle(18, 'semibold', COLOUR.brand),
  title: textStyle(13, 'semibold'),
  body: textStyle(9),
  quiet: textStyle(8.5, 'regular', COLOUR.muted),
  label: textStyle(7.5, 'regular', COLOUR.muted),
  value: textStyle(10.5, 'semibold'),
  cell: textStyle(8.5),
  cellStrong: textStyle(8.5, 'semibold'),
  cellQuiet: textStyle(8.5, 'regular', COLOUR.muted),
  tableHead: textStyle(8.5, 'semibold', COLOUR.onTableHead),
  footer: textStyle(7.5, 'regular', COLOUR.muted),
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** India keeps one time zone, UTC+05:30, with no daylight saving: a fixed offset is exact. */
const IST_OFFSET_MS = 330 * 60_000;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** "05 Sep 2026", read from the date's UTC fields. */
function formatUtcDay(date: Date): string {
  return `${pad2(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

function toIst(at: Date): Date {
  return new Date(at.getTime() + IST_OFFSET_MS);
}

function formatIsoDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  // The round trip refuses both malformed text and impossible days such as 2026-02-30.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) {
    throw new Error(`statement period date is not YYYY-MM-DD: ${iso}`);
  }
  return formatUtcDay(date);
}

/** A statement that does not add up is a bug upstream; printing it would put a wrong figure in the user's hands. */
function assertStatementAddsUp(input: StatementPdfInput): void {
  let balance = input.openingPaise;
  input.lines.forEach((line, i) => {
    if (line.creditPaise < 0n || line.debitPaise < 0n) throw new Error(`statement line ${i + 1} has a negative amount`);
    balance += line.creditPaise - line.debitPaise;
    if (balance !== line.balanceAfterPaise) {
      throw new Error(`statement line ${i + 1}: balance ${line.balanceAfterPaise} does not follow from the line before (${balance})`);
    }
  });
  if (balance !== input.closingPaise) {
    throw new Error(`statement does not add up: opening plus lines is ${balance}, closing is ${input.closingPaise}`);
  }
}

interface Column {
  title: string;
  align: 'left' | 'right';
  width: number;
}

interface Row {
  cells: string[];
  style: TextStyle;
}

/** Opening balance, each line, closing balance: the rows a bank statement's table has. */
function buildRows(input: StatementPdfInput, from: string, to: string): Row[] {
  const amount = (paise: bigint): string => (paise ? formatIndianRupees(paise) : '');
  return [
    { cells: [from, 'Opening balance', '', '', '', formatIndianRupees(input.openingPaise)], style: TEXT.cellStrong },
    ...input.lines.map((line) => ({
      cells: [
        formatUtcDay(toIst(line.at)),
        line.description,
        line.reference ?? '',
        amount(line.creditPaise),
        amount(line.debitPaise),
        formatIndianRupees(line.balanceAfterPaise),
      ],
      style: TEXT.cell,
    })),
    ...(input.lines.length ? [] : [{ cells: ['', 'No transactions in this period.', '', '', '', ''], style: TEXT.cellQuiet }]),
    { cells: [to, 'Closing balance', '', '', '', formatIndianRupees(input.closingPaise)], style: TEXT.cellStrong },
  ];
}

/**
 * Date and amount columns are as wide as their widest entry, so they never wrap; the reference
 * gets a fixed share and the description the rest.
 */
function planColumns(text: PdfTextWriter, rows: Row[]): Column[] {
  const fit = (title: string, index: number, min = 0): number =>
    Math.max(min, 2 * CELL_PAD_X + Math.max(text.width(title, TEXT.tableHead), ...rows.map((row) => text.width(row.cells[index] ?? '', TEXT.cellStrong))));
  const date = fit('Date', 0);
  const reference = 90;
  const amounts = [fit('Credit (₹)', 3, MIN_AMOUNT_WIDTH), fit('Debit (₹)', 4, MIN_AMOUNT_WIDTH), fit('Balance (₹)', 5, MIN_AMOUNT_WIDTH)] as const;
  return [
    { title: 'Date', align: 'left', width: date },
    { title: 'Description', align: 'left', width: CONTENT_WIDTH - date - reference - amounts[0] - amounts[1] - amounts[2] },
    { title: 'Reference', align: 'left', width: reference },
    { title: 'Credit (₹)', align: 'right', width: amounts[0] },
    { title: 'Debit (₹)', align: 'right', width: amounts[1] },
    { title: 'Balance (₹)', align: 'right', width: amounts[2] },
  ];
}

/** Draws one statement into a pdfkit document; y positions are points from the top of the page. */
class StatementDrawing {
  private readonly text: PdfTextWriter;
  private readonly period: string;
  private readonly generated: string;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: StatementPdfInput,
    private readonly from: string,
    private readonly to: string,
  ) {
    this.text = new PdfTextWriter(doc);
    this.period = `${from} to ${to}`;
    const at = toIst(input.generatedAt);
    this.generated = `Generated on ${formatUtcDay(at)}, ${pad2(at.getUTCHours())}:${pad2(at.getUTCMinutes())} IST`;
  }

  draw(): void {
    const rows = buildRows(this.input, this.from, this.to);
    const columns = planColumns(this.text, rows);
    let y = this.drawTableHead(columns, this.drawFirstPageTop());
    rows.forEach((row, i) => {
      const cells = columns.map((column, c) => this.text.wrap(row.cells[c] ?? '', column.width - 2 * CELL_PAD_X, row.style));
      const height = Math.max(...cells.map((lines) => lines.length)) * this.text.lineHeight(row.style) + 2 * CELL_PAD_Y;
      if (y + height > TABLE_BOTTOM) {
        this.doc.addPage();
        y = this.drawTableHead(columns, this.drawLaterPageTop());
      }
      if (i % 2 === 1) this.fill(MARGIN, y, CONTENT_WIDTH, height, COLOUR.zebra);
      this.drawCells(columns, cells, y, row.style);
      y += height;
      this.rule(y);
    });

    const endMark = '*** End of statement ***';
    if (y + 12 + this.text.lineHeight(TEXT.quiet) > TABLE_BOTTOM) {
      this.doc.addPage();
      y = this.drawLaterPageTop();
    }
    this.text.draw(endMark, MARGIN + (CONTENT_WIDTH - this.text.width(endMark, TEXT.quiet)) / 2, y + 12, TEXT.quiet);
    y += 12 + this.text.lineHeight(TEXT.quiet);
    for (const year of this.input.tax?.years ?? []) y = this.drawTaxSummary(year, y + 18);
    this.drawFooters();
  }

  /**
   * One financial year's tax withheld at source: who deducted it and against which PAN, each
   * quarter and section with its rate, amounts and deposit, the total, and what this is not.
   */
  private drawTaxSummary(year: TaxSummary, top: number): number {
    const { text } = this;
    const heading = this.input.tax!.heading;
    const deposit = { deposited: 'Deposited', partly: 'Partly deposited', pending: 'Not yet' } as const;
    const rows: Row[] = [
      ...year.rows.map((r) => ({
        cells: [
          `Q${r.quarter} (${r.months})`,
          r.section,
          `${r.rates}%${r.withoutPan ? ' (no PAN)' : ''}`,
          formatIndianRupees(r.taxedOnPaise),
          formatIndianRupees(r.taxPaise),
          deposit[r.deposit],
        ],
        style: TEXT.cell,
      })),
      { cells: ['Total', '', '', formatIndianRupees(year.taxedOnPaise), formatIndianRupees(year.taxPaise), ''], style: TEXT.cellStrong },
    ];
    const fit = (title: string, index: number, min = 0): number =>
      Math.max(min, 2 * CELL_PAD_X + Math.max(text.width(title, TEXT.tableHead), ...rows.map((row) => text.width(row.cells[index] ?? '', TEXT.cellStrong))));
    const widths = [fit('Quarter', 0), fit('Section', 1), fit('Rate', 2), fit('Taxed on (₹)', 3, MIN_AMOUNT_WIDTH), fit('Tax withheld (₹)', 4, MIN_AMOUNT_WIDTH)];
    const columns: Column[] = [
      { title: 'Quarter', align: 'left', width: widths[0]! },
      { title: 'Section', align: 'left', width: widths[1]! },
      { title: 'Rate', align: 'left', width: widths[2]! },
      { title: 'Taxed on (₹)', align: 'right', width: widths[3]! },
      { title: 'Tax withheld (₹)', align: 'right', width: widths[4]! },
      { title: 'Deposited', align: 'left', width: CONTENT_WIDTH - widths.reduce((a, b) => a + b, 0) },
    ];
    const about = text.wrap(
      `Deducted by ${heading.deductorName}${heading.tan ? ` (TAN ${heading.tan})` : ''} from ${this.input.holderName}, PAN ${heading.maskedPan ?? 'not given'}.`,
      CONTENT_WIDTH,
      TEXT.body,
    );
    const note = text.wrap(
      `This summary is not Form 16A. ${heading.deductorName} downloads Form 16A, the certificate of tax deducted, from the TRACES portal after filing each quarter's statement (Form 26Q); the tax shows against your PAN in Form 26AS and your Annual Information Statement.`,
      CONTENT_WIDTH,
      TEXT.quiet,
    );
    const headHeight = text.lineHeight(TEXT.title) + 6 + about.length * text.lineHeight(TEXT.body) + 8;
    const rowHeight = text.lineHeight(TEXT.cell) + 2 * CELL_PAD_Y;
    let y = top;
    // The heading never sits alone at the foot of a page: it keeps its table head and a row.
    if (y + headHeight + 3 * rowHeight > TABLE_BOTTOM) {
      this.doc.addPage();
      y = this.drawLaterPageTop();
    }
    text.draw(`Tax withheld at source, financial year ${year.label}`, MARGIN, y, TEXT.title);
    y += text.lineHeight(TEXT.title) + 6;
    about.forEach((line) => {
      text.draw(line, MARGIN, y, TEXT.body);
      y += text.lineHeight(TEXT.body);
    });
    y = this.drawTableHead(columns, y + 8);
    rows.forEach((row, i) => {
      const cells = columns.map((column, c) => text.wrap(row.cells[c] ?? '', column.width - 2 * CELL_PAD_X, row.style));
      const height = Math.max(...cells.map((lines) => lines.length)) * text.lineHeight(row.style) + 2 * CELL_PAD_Y;
      if (y + height > TABLE_BOTTOM) {
        this.doc.addPage();
        y = this.drawTableHead(columns, this.drawLaterPageTop());
      }
      if (i % 2 === 1) this.fill(MARGIN, y, CONTENT_WIDTH, height, COLOUR.zebra);
      this.drawCells(columns, cells, y, row.style);
      y += height;
      this.rule(y);
    });
    y += 8;
    if (y + note.length * text.lineHeight(TEXT.quiet) > TABLE_BOTTOM) {
      this.doc.addPage();
      y = this.drawLaterPageTop();
    }
    note.forEach((line) => {
      text.draw(line, MARGIN, y, TEXT.quiet);
      y += text.lineHeight(TEXT.quiet);
    });
    return y;
  }

  /** Who, what, when, and the four figures a reader checks first. Returns where the table starts. */
  private drawFirstPageTop(): number {
    const { text, input } = this;
    // The registered name under the app's, unless they are the same (no business name set yet).
    const legalLines = input.legalName.trim() === input.appName.trim() ? [] : text.wrap(input.legalName, CONTENT_WIDTH / 2, TEXT.quiet);
    text.draw(input.appName, MARGIN, MARGIN, TEXT.brand);
    legalLines.forEach((line, i) => text.draw(line, MARGIN, MARGIN + 27 + i * text.lineHeight(TEXT.quiet), TEXT.quiet));
    text.drawRightAligned('Wallet statement', RIGHT, MARGIN + 3, TEXT.title);
    text.drawRightAligned(this.period, RIGHT, MARGIN + 24, TEXT.body);
    text.drawRightAligned(this.generated, RIGHT, MARGIN + 37, TEXT.quiet);
    let y = Math.max(MARGIN + 58, MARGIN + 27 + legalLines.length * text.lineHeight(TEXT.quiet) + 8);
    this.rule(y, COLOUR.brand, 1.5);
    y += 12;

    // Account block: two columns of labelled values in a panel.
    const pad = 10;
    const columnWidth = (CONTENT_WIDTH - 3 * pad) / 2;
    const labelHeight = text.lineHeight(TEXT.label);
    const valueHeight = text.lineHeight(TEXT.value);
    const left: [string, string[]][] = [
      ['Account holder', text.wrap(input.holderName, columnWidth, TEXT.value)],
      ['Registered mobile', [input.maskedPhone]],
    ];
    const right: [string, string[]][] = [
      ['Statement period', [this.period]],
      ['Currency', ['Indian Rupee (INR)']],
    ];
    const fieldGap = 6;
    const columnHeight = (fields: [string, string[]][]): number =>
      fields.reduce((sum, [, values]) => sum + labelHeight + values.length * valueHeight + fieldGap, -fieldGap);
    const panelHeight = 2 * pad + Math.max(columnHeight(left), columnHeight(right));
    this.doc.save().roundedRect(MARGIN, y, CONTENT_WIDTH, panelHeight, 6).fillAndStroke(COLOUR.panel, COLOUR.rule).restore();
    const drawFields = (fields: [string, string[]][], x: number): void => {
      let top = y + pad;
      for (const [label, values] of fields) {
        text.draw(label, x, top, TEXT.label);
        values.forEach((value, i) => text.draw(value, x, top + labelHeight + i * valueHeight, TEXT.value));
        top += labelHeight + values.length * valueHeight + fieldGap;
      }
    };
    drawFields(left, MARGIN + pad + 2);
    drawFields(right, MARGIN + 2 * pad + columnWidth + 2);
    y += panelHeight + 12;

    const figures: [string, bigint][] = [
      ['Opening balance', input.openingPaise],
      ['Total credits', input.lines.reduce((sum, line) => sum + line.creditPaise, 0n)],
      ['Total debits', input.lines.reduce((sum, line) => sum + line.debitPaise, 0n)],
      ['Closing balance', input.closingPaise],
    ];
    const gap = 8;
    const boxWidth = (CONTENT_WIDTH - gap * (figures.length - 1)) / figures.length;
    const boxHeight = 14 + labelHeight + valueHeight;
    figures.forEach(([label, paise], i) => {
      const x = MARGIN + i * (boxWidth + gap);
      this.doc.save().roundedRect(x, y, boxWidth, boxHeight, 6).lineWidth(0.75).strokeColor(COLOUR.rule).stroke().restore();
      text.draw(label, x + pad, y + 7, TEXT.label);
      text.draw(`₹ ${formatIndianRupees(paise)}`, x + pad, y + 7 + labelHeight, TEXT.value);
    });
    return y + boxHeight + 16;
  }

  /** Enough to tell whose statement a loose page belongs to. */
  private drawLaterPageTop(): number {
    this.text.draw(this.input.appName, MARGIN, MARGIN, TEXT.title);
    this.text.drawRightAligned(`Wallet statement, ${this.period}`, RIGHT, MARGIN + 3, TEXT.body);
    this.text.draw(`${this.input.holderName}  ·  ${this.input.maskedPhone}`, MARGIN, MARGIN + 20, TEXT.quiet);
    this.rule(MARGIN + 38, COLOUR.brand, 1);
    return MARGIN + 48;
  }

  private drawTableHead(columns: Column[], top: number): number {
    const height = this.text.lineHeight(TEXT.tableHead) + 2 * CELL_PAD_Y + 2;
    this.fill(MARGIN, top, CONTENT_WIDTH, height, COLOUR.tableHead);
    this.drawCells(
      columns,
      columns.map((column) => [column.title]),
      top + 1,
      TEXT.tableHead,
    );
    return top + height;
  }

  private drawCells(columns: Column[], cells: string[][], top: number, style: TextStyle): void {
    let x = MARGIN;
    columns.forEach((column, i) => {
      (cells[i] ?? []).forEach((line, n) => {
        const lineTop = top + CELL_PAD_Y + n * this.text.lineHeight(style);
        if (column.align === 'right') this.text.drawRightAligned(line, x + column.width - CELL_PAD_X, lineTop, style);
        else this.text.draw(line, x + CELL_PAD_X, lineTop, style);
      });
      x += column.width;
    });
  }

  /** Drawn last, on every page: only then is the page count known. */
  private drawFooters(): void {
    const { start, count } = this.doc.bufferedPageRange();
    for (let page = 0; page < count; page++) {
      this.doc.switchToPage(start + page);
      this.rule(FOOTER_TOP);
      this.text.draw('This is a computer-generated statement and does not require a signature.', MARGIN, FOOTER_TOP + 6, TEXT.footer);
      this.text.drawRightAligned(`Page ${page + 1} of ${count}`, RIGHT, FOOTER_TOP + 6, TEXT.footer);
      this.text.draw(`${this.input.legalName}  ·  ${this.generated}`, MARGIN, FOOTER_TOP + 18, TEXT.footer);
    }
  }

  private rule(y: number, color = COLOUR.rule, width = 0.5): void {
    this.doc.save().moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke().restore();
  }

  private fill(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.save().rect(x, y, width, height).fillColor(color).fill().restore();
  }
}

export async function renderStatementPdf(input: StatementPdfInput): Promise<Buffer> {
  assertStatementAddsUp(input);
  const from = formatIsoDay(input.period.from);
  const to = formatIsoDay(input.period.to);
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, PAGE_HEIGHT],
    // Without a font of ours pdfkit opens Helvetica, which we never use and which it finds through
    // package imports that break when the server is bundled.
    font: DEFAULT_FACE.file('regular'),
    margin: 0,
    // Pages stay open until the end so that every footer can say "of n".
    bufferPages: true,
    pdfVersion: '1.7',
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: `${input.appName} wallet statement, ${from} to ${to}`,
      Author: input.legalName,
      Subject: 'Wallet statement',
      Creator: input.appName,
      CreationDate: input.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new StatementDrawing(doc, input, from, to).draw();
  doc.end();
  return finished;
}
