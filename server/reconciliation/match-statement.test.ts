import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchStatement, type PendingProof } from './match-statement.ts';
import { parseStatement, type StatementRow } from './statement-parser.ts';

const FEE = 50000n;

function row(line: number, utr: string | null, creditPaise: bigint, debitPaise = 0n): StatementRow {
  return { line, date: '2026-09-05', narration: `line ${line}`, reference: null, creditPaise, debitPaise, utr, utrs: utr === null ? [] : [utr] };
}

describe('matchStatement', () => {
  const rows: StatementRow[] = [
    row(10, '400000000001', FEE), // matched
    row(11, '400000000002', 45000n), // the proof says 500: amountDiffers
    row(12, '400000000003', FEE), // nobody claims it: creditWithoutProof
    row(13, null, FEE), // the fee without a UTR: creditWithoutProof
    row(14, null, 1500000n), // some other money without a UTR: not ours, not listed
    row(15, '400000000004', 0n, FEE), // a debit is never a credit to match
    row(16, '400000000005', FEE), // the same UTR credited twice:
    row(17, '400000000005', FEE), //   one line matched, the other listed as unclaimed
    row(18, '400000000006', 40000n), // the same UTR twice with different amounts:
    row(19, '400000000006', FEE), //   the line whose amount agrees is taken
    row(20, '400000000007', FEE), // credited, then sent back:
    row(21, '400000000007', 0n, FEE), //   matched but flagged reversed
  ];
  const proofs: PendingProof[] = [
    { id: 'p7', utr: '400000000007', amountPaise: FEE },
    { id: 'p1', utr: '400000000001', amountPaise: FEE },
    { id: 'p2', utr: '400000000002', amountPaise: FEE },
    { id: 'p4', utr: '400000000004', amountPaise: FEE },
    { id: 'p5', utr: '400000000005', amountPaise: FEE },
    { id: 'p6', utr: '400000000006', amountPaise: FEE },
    { id: 'p8', utr: '499999999999', amountPaise: FEE },
  ];

  it('sorts every proof and every relevant credit into exactly one list', () => {
    expect(matchStatement(rows, proofs, { expectedFeePaise: FEE })).toEqual({
      matched: [
        { proofId: 'p1', utr: '400000000001', amountPaise: FEE, line: 10, date: '2026-09-05', reversedOnLine: null },
        { proofId: 'p5', utr: '400000000005', amountPaise: FEE, line: 16, date: '2026-09-05', reversedOnLine: null },
        { proofId: 'p6', utr: '400000000006', amountPaise: FEE, line: 19, date: '2026-09-05', reversedOnLine: null },
        { proofId: 'p7', utr: '400000000007', amountPaise: FEE, line: 20, date: '2026-09-05', reversedOnLine: 21 },
      ],
      amountDiffers: [
        {
          proofId: 'p2',
          utr: '400000000002',
          proofAmountPaise: FEE,
          creditedPaise: 45000n,
          line: 11,
          date: '2026-09-05',
          reversedOnLine: null,
        },
      ],
      proofWithoutCredit: [
        { proofId: 'p4', utr: '400000000004', amountPaise: FEE, claimedBy: null },
        { proofId: 'p8', utr: '499999999999', amountPaise: FEE, claimedBy: null },
      ],
      creditWithoutProof: [
        { line: 12, date: '2026-09-05', narration: 'line 12', utr: '400000000003', creditPaise: FEE, otherLinesWithUtr: [] },
        { line: 13, date: '2026-09-05', narration: 'line 13', utr: null, creditPaise: FEE, otherLinesWithUtr: [] },
        { line: 17, date: '2026-09-05', narration: 'line 17', utr: '400000000005', creditPaise: FEE, otherLinesWithUtr: [16] },
        { line: 18, date: '2026-09-05', narration: 'line 18', utr: '400000000006', creditPaise: 40000n, otherLinesWithUtr: [19] },
      ],
    });
  });

  it('gives the same answer whatever order rows and proofs come in', () => {
    const expected = matchStatement(rows, proofs, { expectedFeePaise: FEE });
    expect(matchStatement([...rows].reverse(), [...proofs].reverse(), { expectedFeePaise: FEE })).toEqual(expected);
  });

  it('lets one statement line go to one proof only: the older proof (lower id) keeps it', () => {
    const result = matchStatement(
      [row(5, '400000000009', FEE)],
      [
        { id: 'b', utr: '400000000009', amountPaise: FEE },
        { id: 'a', utr: '400000000009', amountPaise: FEE },
      ],
      { expectedFeePaise: FEE },
    );
    expect(result.matched.map((m) => m.proofId)).toEqual(['a']);
    expect(result.proofWithoutCredit).toEqual([{ proofId: 'b', utr: '400000000009', amountPaise: FEE, claimedBy: 'a' }]);
    expect(result.creditWithoutProof).toEqual([]);
  });

  it('matches a parsed statement end to end', () => {
    const text = readFileSync(new URL('./fixtures/axis.csv', import.meta.url), 'utf8');
    const statement = parseStatement(text);
    if (statement.status !== 'parsed') throw new Error('axis fixture did not parse');
    const result = matchStatement(
      statement.rows,
      [
        { id: 'p1', utr: '412345678931', amountPaise: FEE },
        { id: 'p2', utr: '412345678933', amountPaise: FEE },
        { id: 'p3', utr: '412345678939', amountPaise: FEE },
      ],
      { expectedFeePaise: FEE },
    );
    expect(result.matched.map((m) => [m.proofId, m.line])).toEqual([['p1', 14]]);
    expect(result.amountDiffers.map((m) => [m.proofId, m.creditedPaise])).toEqual([['p2', 100000n]]);
    // 412345678939 is a payment the business made, not a credit: the proof is suspicious.
    expect(result.proofWithoutCredit.map((p) => p.proofId)).toEqual(['p3']);
    expect(result.creditWithoutProof.map((c) => [c.line, c.utr])).toEqual([[17, '412345678932']]);
  });
});
