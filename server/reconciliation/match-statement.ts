// Matches the credits of a parsed bank statement against the pending payment proofs users submitted,
// by UTR (any of the UPI references a line offers), and sorts every proof and every relevant credit
// into one of four lists for an admin. Pure.
import type { StatementRow } from './statement-parser.ts';

export type PendingProof = { id: string; utr: string; amountPaise: bigint };

/** The statement line a proof was paired with; reversedOnLine is a debit row carrying the same UTR. */
type PairedCredit = { proofId: string; utr: string; line: number; date: string; reversedOnLine: number | null };

export type MatchedProof = PairedCredit & { amountPaise: bigint };
export type AmountMismatch = PairedCredit & { proofAmountPaise: bigint; creditedPaise: bigint };
/** claimedBy: the proof that took the only credit(s) with this UTR; null when the UTR was never credited. */
export type ProofWithoutCredit = { proofId: string; utr: string; amountPaise: bigint; claimedBy: string | null };
/** otherLinesWithUtr: further credit lines of the statement with the same UTR (a repeat to look at). */
export type CreditWithoutProof = {
  line: number;
  date: string;
  narration: string;
  utr: string | null;
  creditPaise: bigint;
  otherLinesWithUtr: number[];
};

export type StatementMatch = {
  matched: MatchedProof[];
  amountDiffers: AmountMismatch[];
  proofWithoutCredit: ProofWithoutCredit[];
  creditWithoutProof: CreditWithoutProof[];
};

/**
 * Duplicates. Proofs are taken in id order (ids are time-ordered, so the oldest claim first), each
 * claiming one statement credit line at most and each line going to one proof at most:
 * - The same UTR credited on several lines: the proof takes the earliest line whose amount equals its
 *   own, else the earliest line (amountDiffers). The lines left over stay in creditWithoutProof with
 *   otherLinesWithUtr set, since that money arrived and nobody has claimed it.
 * - Several proofs with one UTR (the database forbids it; checked anyway): each takes a line as above
 *   while lines remain; a proof finding them all taken is proofWithoutCredit with claimedBy set.
 * Lists tied to a statement line are in line order; proofWithoutCredit is in proof id order.
 * A credit without a UTR is listed only when it equals the expected fee: anything else is not ours.
 */
export function matchStatement(
  rows: readonly StatementRow[],
  proofs: readonly PendingProof[],
  options: { expectedFeePaise: bigint },
): StatementMatch {
  const credits = rows.filter((r) => r.creditPaise > 0n).sort((a, b) => a.line - b.line);
  const creditsByUtr = groupByUtr(credits);
  const reversals = new Map<string, number>();
  for (const row of rows) {
    if (row.debitPaise <= 0n) continue;
    for (const utr of row.utrs) if (!reversals.has(utr)) reversals.set(utr, row.line);
  }
  const claimedBy = new Map<number, string>();
  const result: StatementMatch = { matched: [], amountDiffers: [], proofWithoutCredit: [], creditWithoutProof: [] };

  for (const proof of [...proofs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const lines = creditsByUtr.get(proof.utr) ?? [];
    const open = lines.filter((r) => !claimedBy.has(r.line));
    const credit = open.find((r) => r.creditPaise === proof.amountPaise) ?? open[0];
    if (!credit) {
      const taken = lines[0] ? (claimedBy.get(lines[0].line) ?? null) : null;
      result.proofWithoutCredit.push({ proofId: proof.id, utr: proof.utr, amountPaise: proof.amountPaise, claimedBy: taken });
      continue;
    }
    claimedBy.set(credit.line, proof.id);
    const paired = {
      proofId: proof.id,
      utr: proof.utr,
      line: credit.line,
      date: credit.date,
      reversedOnLine: reversals.get(proof.utr) ?? null,
    };
    if (credit.creditPaise === proof.amountPaise) result.matched.push({ ...paired, amountPaise: credit.creditPaise });
    else result.amountDiffers.push({ ...paired, proofAmountPaise: proof.amountPaise, creditedPaise: credit.creditPaise });
  }

  for (const credit of credits) {
    if (claimedBy.has(credit.line)) continue;
    if (credit.utr === null && credit.creditPaise !== options.expectedFeePaise) continue;
    const sameUtr = credit.utr === null ? [] : (creditsByUtr.get(credit.utr) ?? []);
    result.creditWithoutProof.push({
      line: credit.line,
      date: credit.date,
      narration: credit.narration,
      utr: credit.utr,
      creditPaise: credit.creditPaise,
      otherLinesWithUtr: sameUtr.map((r) => r.line).filter((line) => line !== credit.line),
    });
  }
  result.matched.sort(byLine);
  result.amountDiffers.sort(byLine);
  return result;
}

/** Each credit under every reference it offers: a proof naming either the narration's or the reference column's finds it. */
function groupByUtr(credits: readonly StatementRow[]): Map<string, StatementRow[]> {
  const groups = new Map<string, StatementRow[]>();
  for (const credit of credits) {
    for (const utr of credit.utrs) {
      const group = groups.get(utr);
      if (group) group.push(credit);
      else groups.set(utr, [credit]);
    }
  }
  return groups;
}

function byLine(a: { line: number }, b: { line: number }): number {
  return a.line - b.line;
}
