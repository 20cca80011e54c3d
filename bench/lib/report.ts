// One benchmark result: a value against a baseline measured in the same run, and their ratio (on a
// shared, noisy machine only ratios mean anything). Each result is written to bench/results/<name>.json
// and printed as one line; printTable() ends a run with the whole table.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsDir = path.join(BENCH_ROOT, 'bench', 'results');

export interface Result {
  name: string;
  value: number;
  unit: string;
  baseline: { name: string; value: number; unit: string };
  ratio: number;
  /** The goal, in words (e.g. 'ratio >= 0.8'). */
  target?: string;
  pass?: boolean;
  notes?: string;
}

export const results: Result[] = [];

export async function report(r: Result): Promise<void> {
  results.push(r);
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, `${r.name}.json`), JSON.stringify({ ...r, at: new Date().toISOString() }, null, 2) + '\n');
  const verdict = r.pass === undefined ? '' : r.pass ? '  PASS' : '  MISS';
  console.log(
    `  ${r.name.padEnd(38)} ${fmt(r.value).padStart(10)} ${r.unit.padEnd(7)} vs ${r.baseline.name} ${fmt(r.baseline.value)} ${r.baseline.unit}  ratio ${r.ratio.toFixed(3)}${r.target ? `  (${r.target})` : ''}${verdict}`,
  );
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));

/** A target on the ratio: `atLeast` or `atMost`. */
export function goal(ratio: number, kind: 'atLeast' | 'atMost', limit: number): { target: string; pass: boolean } {
  return kind === 'atLeast' ? { target: `ratio >= ${limit}`, pass: ratio >= limit } : { target: `ratio <= ${limit}`, pass: ratio <= limit };
}

/** The Markdown table the README shows. */
export function printTable(): void {
  console.log('\n| benchmark | value | baseline | ratio | target |');
  console.log('|---|---|---|---|---|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.baseline.name} ${fmt(r.baseline.value)} ${r.baseline.unit} | ${r.ratio.toFixed(3)} | ${r.target ?? ''}${r.pass === undefined ? '' : r.pass ? ' ✓' : ' ✗'} |`,
    );
  }
}
