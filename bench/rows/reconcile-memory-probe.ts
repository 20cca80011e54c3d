// Run as its own process by the reconcile bench (node with tsx): reads the workbook at argv[2] with the
// reconciliation's spreadsheet reader once and prints, as JSON, the file's size and the process's peak
// resident memory before and after the read, so the reader's peak is their difference. The peak is the
// kernel's high-water mark of this process's memory (VmHWM): getrusage's maxRSS would carry over the
// peak of the bench process that started this one.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { readSpreadsheet } from '../../server/reconciliation/spreadsheet-reader.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: reconcile-memory-probe.ts <workbook>');
const bytes = await readFile(file);
// Load SheetJS first, so its code is not counted as the read's memory.
await import('@e965/xlsx');
const highWaterKb = (): number => Number(/VmHWM:\s*(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN);
const before = highWaterKb();
const started = performance.now();
const sheets = await readSpreadsheet(bytes);
const ms = performance.now() - started;
const after = highWaterKb();
console.log(JSON.stringify({ bytes: bytes.length, rows: sheets.reduce((n, s) => n + s.length, 0), beforeKb: before, afterKb: after, ms }));
