// What an uploaded bank statement file is, told by its content and never by its name: a PDF, an
// Excel 97-2003 workbook (an OLE compound file), an .xlsx (a ZIP), an HTML table saved as ".xls", or
// delimited text (CSV, TXT: UTF-8, UTF-16 or Windows-1252). Each is read into what the statement
// parser takes; what cannot be read is a 400 that says why.
import type { CsvRecord } from './csv-reader.ts';
import { badRequest } from '../errors.ts';
import { readPdfLines } from './pdf-reader.ts';
import { tableFromPdfLines } from './pdf-table.ts';
import { headerResolver, parseStatement, parseStatementTables, type StatementParseResult } from './statement-parser.ts';
import type { StatementColumnMapping } from './statement-layouts.ts';
import { readSpreadsheet } from './spreadsheet-reader.ts';
import type { PdfLine } from './pdf-reader.ts';

export type StatementFormat = 'text' | 'xls' | 'xlsx' | 'html' | 'pdf';

export type StatementContent =
  | { format: 'text'; text: string }
  | { format: 'xls' | 'xlsx' | 'html'; sheets: CsvRecord[][] }
  | { format: 'pdf'; lines: PdfLine[] };

export const EMPTY_STATEMENT_MESSAGE = 'The statement file is empty';
export const UNREADABLE_STATEMENT_MESSAGE = 'This file could not be read as a bank statement: upload the CSV, TXT, Excel or PDF file your bank gave you';
export const BROKEN_WORKBOOK_MESSAGE = 'This Excel file could not be opened: download the statement again';
export const PASSWORD_WORKBOOK_MESSAGE = 'This Excel file is protected by a password: download the statement again without one';

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function sniffStatement(bytes: Uint8Array): StatementFormat {
  const startsWith = (magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);
  // The PDF header may follow a little junk (the format allows 1 KB of it).
  if (Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')) return 'pdf';
  if (startsWith(OLE_MAGIC)) return 'xls';
  if (startsWith(ZIP_MAGIC)) return 'xlsx';
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1').replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trimStart();
  if (head.startsWith('<') && /<table[\s>]/i.test(Buffer.from(bytes.subarray(0, 65536)).toString('latin1'))) return 'html';
  return 'text';
}

/** The file read once; parsing it (again, with a mapping) costs no second read. */
export async function readStatementContent(bytes: Uint8Array): Promise<StatementContent> {
  if (bytes.length === 0) throw badRequest(EMPTY_STATEMENT_MESSAGE, 'STATEMENT_UNREADABLE');
  const format = sniffStatement(bytes);
  if (format === 'pdf') return { format, lines: await readPdfLines(bytes) };
  if (format === 'text') return { format, text: decodeText(bytes) };
  let sheets: CsvRecord[][];
  try {
    sheets = await readSpreadsheet(bytes);
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    throw badRequest(/password|encrypt/i.test(message) ? PASSWORD_WORKBOOK_MESSAGE : BROKEN_WORKBOOK_MESSAGE, 'STATEMENT_UNREADABLE');
  }
  if (sheets.every((s) => s.length === 0)) throw badRequest(UNREADABLE_STATEMENT_MESSAGE, 'STATEMENT_UNREADABLE');
  return { format, sheets };
}

export function parseStatementContent(content: StatementContent, mapping?: StatementColumnMapping): StatementParseResult {
  switch (content.format) {
    case 'text':
      return parseStatement(content.text, mapping);
    case 'pdf':
      return parseStatementTables([tableFromPdfLines(content.lines, headerResolver(mapping))], mapping);
    default:
      return parseStatementTables(content.sheets, mapping);
  }
}

/**
 * UTF-16 exports (some banks' "Excel" text) start with a byte-order mark; UTF-8 is the rule; a file
 * that is not valid UTF-8 is an older Windows export (Windows-1252, a superset of Latin-1).
 */
function decodeText(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  text = text.replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw badRequest(UNREADABLE_STATEMENT_MESSAGE, 'STATEMENT_UNREADABLE');
  return text;
}
