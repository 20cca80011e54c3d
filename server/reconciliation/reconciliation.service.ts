// Bank statement reconciliation (Admin > Manual Payments > Reconcile): reads an uploaded statement
// as the bank gave it (CSV, TXT, .xls, .xlsx or a text PDF, told apart by content), remembers it (the
// same file again is the same reconciliation), matches its credits with the pending proofs by UTR
// and amount, and approves the matched ones each through the normal approval (rh_decide_payment:
// fee, activation, reward, audit, notifications). A bank whose layout we do not know is mapped once
// by an admin and recognised by its header row afterwards.
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import type { ApproveMatchedResponse, LayoutUnknown, Reconciliation, ReconciliationList, StatementMapping } from '../../contract/reconciliation.ts';
import type { AppContext } from '../context.ts';
import { isUuid, newId } from '../db/ids.ts';
import { at, isoText, queryRows } from '../db/rows.ts';
import { manualPayments, reconciliations, statementLayouts } from '../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getAppSettings } from '../settings/settings.service.ts';
import { extractUtrs } from './extract-utr.ts';
import { matchStatement, type StatementMatch } from './match-statement.ts';
import { parseStatementContent, readStatementContent, UNREADABLE_STATEMENT_MESSAGE } from './statement-file.ts';
import type { StatementRow } from './statement-parser.ts';
import { bankDisplayName, normaliseHeader } from './statement-layouts.ts';

type ReconciliationRow = typeof reconciliations.$inferSelect;
type StoredLine = ReconciliationRow['lines'][number];

/**
 * A pending proof counts as "without credit" only if it was sent within the statement's period, give
 * or take a day (a payment late in the evening is often credited the next morning). Statement dates
 * are days in India.
 */
const PERIOD_SLACK_DAYS = 1;
const DAY_MS = 24 * 60 * 60_000;

/** Statements the reconcile screen lists, newest first. */
const RECENT_STATEMENTS = 20;

export class LayoutUnknownError extends Error {
  constructor(readonly body: LayoutUnknown) {
    super(body.message);
  }
}

const headerSignature = (columns: readonly string[]) => columns.map(normaliseHeader).filter(Boolean).join('|');

/**
 * Reads and stores a statement, then reconciles it. `mapping` (with `bank`) is an admin's answer to
 * an unknown layout: it is remembered under the bank's name and used for files with the same header.
 */
export async function uploadStatement(
  ctx: AppContext,
  actor: { id: string; ip: string },
  file: { bytes: Buffer; fileName: string },
  fields: { bank?: string; mapping?: StatementMapping },
): Promise<Reconciliation> {
  const sha = createHash('sha256').update(file.bytes).digest('hex');
  const [seen] = await ctx.db.select().from(reconciliations).where(eq(reconciliations.fileSha256, sha)).limit(1);
  if (seen) return reconcile(ctx, seen);

  const content = await readStatementContent(file.bytes);
  let mapping = fields.mapping;
  let bank = fields.bank;
  let parsed = parseStatementContent(content, mapping);
  if (parsed.status === 'mapping-needed' && !mapping) {
    // A bank an admin mapped before, recognised by its header row.
    const remembered = await ctx.db.select().from(statementLayouts).where(eq(statementLayouts.header, headerSignature(parsed.columns))).limit(1);
    if (remembered[0]) {
      mapping = remembered[0].mapping as StatementMapping;
      bank = remembered[0].bank;
      parsed = parseStatementContent(content, mapping);
    }
  }
  if (parsed.status === 'mapping-needed') {
    if (parsed.columns.length === 0) throw badRequest(UNREADABLE_STATEMENT_MESSAGE, 'STATEMENT_UNREADABLE');
    throw new LayoutUnknownError({
      message:
        parsed.reason === 'unknown-header'
          ? 'This bank’s statement layout is new to us: say which column holds the date, the narration and the amounts'
          : parsed.reason === 'mapping-without-amount'
            ? 'Choose the credit column or the amount column'
            : 'The file has no row with every column the mapping names',
      code: 'STATEMENT_LAYOUT_UNKNOWN',
      columns: parsed.columns,
      missingColumns: parsed.missingColumns,
    });
  }
  if (mapping && parsed.bank === 'custom') {
    if (!bank) throw badRequest('Name the bank, so its layout is remembered', 'VALIDATION_FAILED', { bank: 'Name the bank, so its layout is remembered' });
    const header = headerSignature(parsed.headerCells);
    await ctx.db
      .insert(statementLayouts)
      .values({ bank, mapping: mapping as Record<string, string>, header, updatedById: actor.id, updatedAt: ctx.now() })
      .onConflictDoUpdate({ target: statementLayouts.bank, set: { mapping: mapping as Record<string, string>, header, updatedById: actor.id, updatedAt: ctx.now() } });
  }
  const lines: StoredLine[] = parsed.rows.map((r) => ({
    line: r.line,
    date: r.date,
    narration: r.narration.slice(0, 300),
    reference: r.reference,
    credit: String(r.creditPaise),
    debit: String(r.debitPaise),
    utr: r.utr,
  }));
  const dates = lines.map((l) => l.date).sort();
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(reconciliations)
    .values({
      id: newId(),
      fileSha256: sha,
      fileName: file.fileName.slice(0, 200) || 'statement.csv',
      bank: parsed.bank === 'custom' ? (bank ?? 'custom') : parsed.bank,
      lines,
      lineCount: lines.length,
      firstDate: dates[0] ?? null,
      lastDate: dates.at(-1) ?? null,
      uploadedById: actor.id,
      createdAt: now,
    })
    // Two admins uploading the same file at once: one row, both see it.
    .onConflictDoNothing()
    .returning();
  const stored = row ?? (await ctx.db.select().from(reconciliations).where(eq(reconciliations.fileSha256, sha)).limit(1))[0]!;
  if (row) {
    await recordAudit(ctx.db, {
      actorId: actor.id,
      action: 'reconciliation.uploaded',
      targetType: 'reconciliation',
      targetId: row.id,
      ip: actor.ip,
      details: { bank: row.bank, fileName: row.fileName, lines: row.lineCount, firstDate: row.firstDate, lastDate: row.lastDate },
      at: now,
    });
  }
  return reconcile(ctx, stored, parsed.problems);
}

/** The statements uploaded lately, newest first: the reconcile screen lists them to open again. */
export async function listReconciliations(ctx: AppContext): Promise<ReconciliationList> {
  const rows = await ctx.db
    .select({
      id: reconciliations.id,
      bank: reconciliations.bank,
      fileName: reconciliations.fileName,
      lineCount: reconciliations.lineCount,
      firstDate: reconciliations.firstDate,
      lastDate: reconciliations.lastDate,
      createdAt: reconciliations.createdAt,
    })
    .from(reconciliations)
    .orderBy(desc(reconciliations.createdAt), desc(reconciliations.id))
    .limit(RECENT_STATEMENTS);
  return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
}

export async function readReconciliation(ctx: AppContext, id: string): Promise<Reconciliation> {
  if (!isUuid(id)) throw notFound('Reconciliation not found');
  const [row] = await ctx.db.select().from(reconciliations).where(eq(reconciliations.id, id)).limit(1);
  if (!row) throw notFound('Reconciliation not found');
  return reconcile(ctx, row);
}

/** The stored lines as rows again; every reference a line offers is read from its narration and reference anew. */
function toRows(lines: readonly StoredLine[]): StatementRow[] {
  return lines.map((l) => {
    const utrs = extractUtrs(l.narration, l.reference);
    return {
      line: l.line,
      date: l.date,
      narration: l.narration,
      reference: l.reference,
      creditPaise: BigInt(l.credit),
      debitPaise: BigInt(l.debit),
      utr: l.utr,
      utrs: l.utr === null || utrs.includes(l.utr) ? utrs : [l.utr, ...utrs],
    };
  });
}

interface ProofRow extends Record<string, unknown> {
  id: string;
  utr: string;
  amount: string;
  status: string;
  username: string;
  created_at: string;
}

/** The four lists, against the proofs as they are now. */
async function matchNow(
  ctx: AppContext,
  row: ReconciliationRow,
): Promise<{ match: StatementMatch; proofs: Map<string, ProofRow>; decided: ProofRow[]; rows: StatementRow[] }> {
  const rows = toRows(row.lines);
  const utrs = [...new Set(rows.flatMap((r) => r.utrs))];
  // Every pending proof (few: people waiting to be let in), and the decided ones this statement names.
  const pending = await queryRows<ProofRow>(
    ctx.db,
    sql`select m.id::text, m.utr_number as utr, m.amount_paise::text as amount, m.status, u.username,
          ${isoText('m.created_at')} as created_at
        from manual_payments m join users u on u.id = m.user_id
        where m.status = 'pending' and m.method = 'upi_proof'`,
  );
  const decided =
    utrs.length === 0
      ? []
      : await queryRows<ProofRow>(
          ctx.db,
          sql`select m.id::text, m.utr_number as utr, m.amount_paise::text as amount, m.status, u.username,
                ${isoText('m.created_at')} as created_at
              from manual_payments m join users u on u.id = m.user_id
              where m.utr_number in (select jsonb_array_elements_text(${JSON.stringify(utrs)}::jsonb)) and m.status <> 'pending'`,
        );
  const settings = await getAppSettings(ctx.db);
  const match = matchStatement(
    rows,
    pending.map((p) => ({ id: p.id, utr: p.utr, amountPaise: BigInt(p.amount) })),
    { expectedFeePaise: settings.activationFeePaise },
  );
  return { match, proofs: new Map(pending.map((p) => [p.id, p])), decided, rows };
}

async function reconcile(ctx: AppContext, row: ReconciliationRow, problems: { line: number; kind: string; value: string }[] = []): Promise<Reconciliation> {
  const { match, proofs, decided, rows } = await matchNow(ctx, row);
  const approvedUtrs = new Set(decided.filter((p) => p.status === 'approved' || p.status === 'reversed').map((p) => p.utr));
  const rejectedByUtr = new Map(decided.filter((p) => p.status === 'rejected').map((p) => [p.utr, p]));
  const utrsOfLine = new Map(rows.map((r) => [r.line, r.utrs]));
  const proof = (id: string) => proofs.get(id)!;
  // From the first day's start to the last day's end in India, a day of slack either side.
  const from = row.firstDate ? Date.parse(`${row.firstDate}T00:00:00+05:30`) - PERIOD_SLACK_DAYS * DAY_MS : -Infinity;
  const to = row.lastDate ? Date.parse(`${row.lastDate}T00:00:00+05:30`) + (PERIOD_SLACK_DAYS + 1) * DAY_MS : Infinity;
  const credits = match.creditWithoutProof.filter((c) => !(utrsOfLine.get(c.line) ?? []).some((u) => approvedUtrs.has(u)));
  return {
    id: row.id,
    bank: row.bank,
    fileName: row.fileName,
    lineCount: row.lineCount,
    firstDate: row.firstDate,
    lastDate: row.lastDate,
    createdAt: row.createdAt.toISOString(),
    matched: match.matched.map((m) => ({ paymentId: m.proofId, username: proof(m.proofId).username, utr: m.utr, line: m.line, date: m.date, amount: formatPaise(m.amountPaise) })),
    amountDiffers: match.amountDiffers.map((m) => ({
      paymentId: m.proofId,
      username: proof(m.proofId).username,
      utr: m.utr,
      line: m.line,
      date: m.date,
      proofAmount: formatPaise(m.proofAmountPaise),
      credited: formatPaise(m.creditedPaise),
    })),
    proofWithoutCredit: match.proofWithoutCredit
      .filter((p) => {
        const sent = Date.parse(proof(p.proofId).created_at);
        return sent >= from && sent < to;
      })
      .map((p) => ({ paymentId: p.proofId, username: proof(p.proofId).username, utr: p.utr, amount: formatPaise(p.amountPaise), submittedAt: proof(p.proofId).created_at })),
    creditWithoutProof: credits.map((c) => {
      const rejected = (utrsOfLine.get(c.line) ?? []).map((u) => rejectedByUtr.get(u)).find((p) => p !== undefined);
      return {
        line: c.line,
        date: c.date,
        narration: c.narration,
        utr: c.utr,
        amount: formatPaise(c.creditPaise),
        otherLines: c.otherLinesWithUtr,
        rejectedProof: rejected ? { paymentId: rejected.id, username: rejected.username, utr: rejected.utr } : null,
      };
    }),
    alreadyApproved: match.creditWithoutProof.length - credits.length,
    problems: problems.slice(0, 100),
  };
}

/**
 * Approves every proof the statement matches now, one approval (one transaction) each, through the
 * same function as an approval by eye, with the statement line in the admin notes and on the
 * payment. Idempotent: a proof approved already is no longer pending and no longer matched.
 */
export async function approveMatched(ctx: AppContext, actor: { id: string; ip: string }, id: string): Promise<ApproveMatchedResponse> {
  if (!isUuid(id)) throw notFound('Reconciliation not found');
  const [row] = await ctx.db.select().from(reconciliations).where(eq(reconciliations.id, id)).limit(1);
  if (!row) throw notFound('Reconciliation not found');
  const { match } = await matchNow(ctx, row);
  const result: ApproveMatchedResponse = { approved: 0, alreadyDecided: 0, skipped: [] };
  for (const m of match.matched) {
    const note = `Matched to ${bankDisplayName(row.bank)} statement line ${m.line} (${m.date})`;
    const outcome = await ctx.db.transaction(async (tx) => {
      const [decided] = await queryRows<{ outcome: string }>(
        tx,
        sql`select outcome from rh_decide_payment(${m.proofId}::uuid, ${actor.id}::uuid, ${actor.ip}, 'approved', ${note}, ${at(ctx.now())})`,
      );
      if (decided?.outcome === 'ok') {
        await tx.update(manualPayments).set({ reconciliationId: row.id, reconciledLine: m.line }).where(eq(manualPayments.id, m.proofId));
      }
      return decided?.outcome ?? 'not_found';
    });
    if (outcome === 'ok') result.approved += 1;
    else if (outcome === 'self_dealing') result.skipped.push({ paymentId: m.proofId, reason: 'Your own payment: another admin must approve it' });
    else result.alreadyDecided += 1;
  }
  return result;
}
