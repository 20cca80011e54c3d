// Reconciling a bank statement as banks give it: the time from uploading a 10,000-line statement
// (CSV, TXT, .xls, .xlsx, text PDF) to the answer, against its 2 s budget, with 200 pending proofs
// in the database and 200 of the lines theirs; each round a new file (the same file again is answered
// from what was stored). Then the spreadsheet reader's peak memory on a 10 MB .xlsx, in a process of
// its own, against the file's size.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { generateStatementSheet, type GeneratedLayout } from '../../server/reconciliation/fixtures/generate-statement.ts';
import { writeStatementFile, type StatementFileType } from '../../server/reconciliation/fixtures/statement-files.ts';
import { adminToken, withDatabase } from '../lib/database.ts';
import { median } from '../lib/measure.ts';
import { BENCH_ROOT, report } from '../lib/report.ts';
import { connect, seedPendingProofs, seedUsers } from '../lib/seed.ts';
import { startOurs } from '../lib/servers.ts';

const run = promisify(execFile);
const LINES = 10_000;
const ROUNDS = 3;
const BUDGET_MS = 2000;
/** The bank each file type is measured with: what that bank serves in that type. */
const CASES: readonly { type: StatementFileType; layout: GeneratedLayout }[] = [
  { type: 'csv', layout: 'axis-2026' },
  { type: 'txt', layout: 'sbi' },
  { type: 'xls', layout: 'hdfc' },
  { type: 'xlsx', layout: 'sbi-2026' },
  { type: 'pdf', layout: 'kotak-2025' },
];

export async function benchReconcile(): Promise<void> {
  console.log(`\n# reconcile: upload-to-answer for a ${LINES.toLocaleString('en-IN')}-line statement per file type (${ROUNDS} rounds, medians), against a ${BUDGET_MS} ms budget`);
  await withDatabase(async (url) => {
    const server = await startOurs({ databaseUrl: url });
    const db = await connect(url);
    try {
      const token = await adminToken(server);
      const users = await seedUsers(db, 200, { prefix: 7, activated: false });
      await seedPendingProofs(db, users, 412345);
      const credits = users.map((_, i) => ({ utr: String(412345_000_001 + i), amountPaise: 50_000n }));
      for (const [c, { type, layout }] of CASES.entries()) {
        const samples: number[] = [];
        for (let round = 0; round < ROUNDS + 1; round++) {
          const sheet = generateStatementSheet({ layout, transactions: LINES, credits, seed: 1000 * c + round });
          const bytes = await writeStatementFile(sheet, type);
          const form = new FormData();
          form.set('statement', new File([new Uint8Array(bytes)], `statement.${type}`));
          const t0 = performance.now();
          const res = await server.upload('POST', '/api/admin/reconciliation', form, { token });
          const ms = performance.now() - t0;
          if (res.status !== 201) throw new Error(`${type}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
          if (res.body.lineCount !== LINES || res.body.matched.length !== credits.length) throw new Error(`${type}: ${res.body.lineCount} lines, ${res.body.matched.length} matched`);
          // The first upload of each type warms the reader's module up; it is not counted.
          if (round > 0) samples.push(ms);
        }
        const ms = median(samples);
        await report({
          name: `reconcile.${type}-${LINES}`,
          value: ms,
          unit: 'ms',
          baseline: { name: 'budget', value: BUDGET_MS, unit: 'ms' },
          ratio: ms / BUDGET_MS,
          target: 'ratio <= 1',
          pass: ms <= BUDGET_MS,
          notes: `${layout} layout as .${type}, upload to the four lists, ${credits.length} matched`,
        });
      }
    } finally {
      await db.end();
      await server.stop();
    }
  });
  await benchReaderMemory();
}

/** The .xlsx reader's peak resident memory on a workbook of about 10 MB (the upload limit), in a fresh process. */
async function benchReaderMemory(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'rh-bench-xlsx-'));
  try {
    // About 10 MB of .xlsx: a busy account's year and more, at the upload limit.
    let lines = 150_000;
    let bytes = await writeStatementFile(generateStatementSheet({ layout: 'sbi-2026', transactions: lines, credits: [], seed: 3 }), 'xlsx');
    lines = Math.round((lines * 9.9 * 1024 * 1024) / bytes.length);
    bytes = await writeStatementFile(generateStatementSheet({ layout: 'sbi-2026', transactions: lines, credits: [], seed: 3 }), 'xlsx');
    const file = path.join(dir, 'statement.xlsx');
    await writeFile(file, bytes);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(BENCH_ROOT, 'bench', 'rows', 'reconcile-memory-probe.ts'), file], { cwd: BENCH_ROOT, maxBuffer: 1 << 20 });
    const probe = JSON.parse(stdout.trim().split('\n').at(-1)!) as { bytes: number; rows: number; beforeKb: number; afterKb: number; ms: number };
    const peakMb = (probe.afterKb - probe.beforeKb) / 1024;
    const fileMb = probe.bytes / (1024 * 1024);
    await report({
      name: 'reconcile.xlsx-10mb-peak-memory',
      value: peakMb,
      unit: 'MB',
      baseline: { name: 'file', value: fileMb, unit: 'MB' },
      ratio: peakMb / fileMb,
      notes: `peak resident memory added by reading a ${fileMb.toFixed(1)} MB .xlsx of ${probe.rows.toLocaleString('en-IN')} rows (${lines.toLocaleString('en-IN')} lines) with the spreadsheet reader, in ${Math.round(probe.ms)} ms`,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
