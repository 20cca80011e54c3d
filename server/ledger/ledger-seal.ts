// The tamper-evident chain over the ledger. After entries commit, a sealer (one process at a time,
// by an advisory lock) takes the entries not sealed yet, oldest first, hashes each one with its
// lines in a canonical form, and appends a block whose digest is sha256 of the previous block's
// digest and those hashes. Money writes never touch the chain, so they never wait on one hot row.
// Entries may commit out of the order of their times: one that commits late is sealed in a later
// block (the sealer looks an hour back from the newest entry it sealed). The entries, lines and
// seals are append-only in the database (migration 0012); verifyLedgerChain recomputes everything
// and names the first entry or block that no longer matches.
import { createHash } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ledgerBlocks, ledgerEntrySeals } from '../db/schema.ts';

/** Any fixed number: one sealer at a time across processes. */
const SEAL_LOCK_KEY = 727_003;
/** How far back from the newest sealed entry to look for entries that committed late. */
const LOOKBACK_MS = 60 * 60 * 1000;
export const GENESIS_DIGEST = '0'.repeat(64);
const BATCH = 1_000;

interface CanonicalLine {
  id: string;
  account: string;
  amount: string;
  seq: number | null;
  balanceAfter: string | null;
}

export interface CanonicalEntry {
  id: string;
  kind: string;
  refId: string;
  userId: string | null;
  description: string;
  reversesEntryId: string | null;
  /** created_at to the microsecond, UTC. */
  at: string;
  lines: CanonicalLine[];
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** One entry and its lines as one line of JSON with a fixed key order: what its hash covers. */
export function canonicalEntryText(e: CanonicalEntry): string {
  const lines = [...e.lines].sort((a, b) => (a.id < b.id ? -1 : 1)).map((l) => [l.id, l.account, l.amount, l.seq, l.balanceAfter]);
  return JSON.stringify([e.id, e.kind, e.refId, e.userId, e.description, e.reversesEntryId, e.at, lines]);
}

export const entryHash = (e: CanonicalEntry) => sha256(canonicalEntryText(e));
export const blockDigest = (prevDigest: string, hashes: string[]) => sha256([prevDigest, ...hashes].join('\n'));

/** The entries (with lines) a query selects, in canonical form; `where` filters `ledger_entries e`. */
async function readEntries(db: DbOrTx, where: ReturnType<typeof sql>, limit: number): Promise<CanonicalEntry[]> {
  const rows = await queryRows<{
    id: string;
    kind: string;
    ref_id: string;
    user_id: string | null;
    description: string;
    reverses_entry_id: string | null;
    at: string;
    lines: { id: string; a: string; m: string; s: number | null; b: string | null }[] | null;
  }>(
    db,
    sql`select e.id::text, e.kind, e.ref_id::text, e.user_id::text, e.description, e.reverses_entry_id::text,
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
          (select json_agg(json_build_object('id', l.id::text, 'a', l.account_id::text, 'm', l.amount_paise::text, 's', l.seq, 'b', l.balance_after_paise::text))
             from ledger_lines l where l.entry_id = e.id) as lines
        from ledger_entries e
        where ${where}
        order by e.created_at, e.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    refId: r.ref_id,
    userId: r.user_id,
    description: r.description,
    reversesEntryId: r.reverses_entry_id,
    at: r.at,
    lines: (r.lines ?? []).map((l) => ({ id: l.id, account: l.a, amount: l.m, seq: l.s, balanceAfter: l.b })),
  }));
}

/**
 * Seals what has committed and is not sealed yet, in blocks of up to 1,000 entries; returns how
 * many entries it sealed (0 when another process holds the sealer's lock).
 */
export async function sealLedger(db: Db, now: Date): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SEAL_LOCK_KEY}::bigint) as ok`);
      if (!lock?.ok) return 0;
      const [last] = await tx.select().from(ledgerBlocks).orderBy(desc(ledgerBlocks.seq)).limit(1);
      const since = last ? new Date(last.lastEntryAt.getTime() - LOOKBACK_MS).toISOString() : null;
      const entries = await readEntries(
        tx,
        sql`${since ? sql`e.created_at > ${since}::timestamptz and ` : sql``}not exists (select 1 from ledger_entry_seals s where s.entry_id = e.id)`,
        BATCH,
      );
      if (entries.length === 0) return 0;
      const hashes = entries.map(entryHash);
      const prevDigest = last?.digest ?? GENESIS_DIGEST;
      const seq = (last?.seq ?? 0) + 1;
      // Same-format ISO times compare as text.
      const newest = entries.reduce((max, e) => (e.at > max ? e.at : max), entries[0]!.at);
      await tx.insert(ledgerBlocks).values({
        seq,
        prevDigest,
        digest: blockDigest(prevDigest, hashes),
        entryCount: entries.length,
        lastEntryAt: new Date(newest),
        sealedAt: now,
      });
      await tx.insert(ledgerEntrySeals).values(entries.map((e, i) => ({ entryId: e.id, blockSeq: seq, position: i, entryHash: hashes[i]! })));
      return entries.length;
    });
    sealed += count;
    if (count < BATCH) return sealed;
  }
}

export interface ChainReport {
  blocks: number;
  sealedEntries: number;
  unsealedEntries: number;
  headDigest: string | null;
  /** The first problem found, in chain order; null when the chain holds. */
  broken: { block: number; entryId?: string; problem: string } | null;
}

/** Recomputes every entry's hash and every block's digest from the rows as they are now. */
export async function verifyLedgerChain(db: DbOrTx): Promise<ChainReport> {
  const [counts] = await queryRows<{ entries: number; sealed: number }>(
    db,
    sql`select (select count(*)::int from ledger_entries) as entries, (select count(*)::int from ledger_entry_seals) as sealed`,
  );
  const report: ChainReport = { blocks: 0, sealedEntries: counts?.sealed ?? 0, unsealedEntries: 0, headDigest: null, broken: null };
  const [unsealed] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_entries e where not exists (select 1 from ledger_entry_seals s where s.entry_id = e.id)`,
  );
  report.unsealedEntries = unsealed?.n ?? 0;

  let prevDigest = GENESIS_DIGEST;
  let expectedSeq = 1;
  for (let after = 0; ; ) {
    const blocks = await queryRows<{ seq: number; prev_digest: string; digest: string; entry_count: number }>(
      db,
      sql`select seq::int, prev_digest, digest, entry_count from ledger_blocks where seq > ${after} order by seq limit 200`,
    );
    if (blocks.length === 0) break;
    for (const block of blocks) {
      after = block.seq;
      report.blocks += 1;
      report.headDigest = block.digest;
      if (report.broken) continue;
      if (block.seq !== expectedSeq) report.broken = { block: block.seq, problem: `block ${expectedSeq} is missing` };
      else if (block.prev_digest !== prevDigest) report.broken = { block: block.seq, problem: 'does not follow the previous block' };
      expectedSeq = block.seq + 1;
      if (report.broken) continue;
      const seals = await queryRows<{ entry_id: string; entry_hash: string }>(
        db,
        sql`select entry_id::text, entry_hash from ledger_entry_seals where block_seq = ${block.seq} order by position`,
      );
      const entries = new Map(
        (await readEntries(db, sql`e.id in (select s.entry_id from ledger_entry_seals s where s.block_seq = ${block.seq})`, seals.length + 1)).map((e) => [e.id, e]),
      );
      for (const seal of seals) {
        const entry = entries.get(seal.entry_id);
        if (!entry) {
          report.broken = { block: block.seq, entryId: seal.entry_id, problem: 'the sealed entry is missing' };
          break;
        }
        if (entryHash(entry) !== seal.entry_hash) {
          report.broken = { block: block.seq, entryId: seal.entry_id, problem: 'the entry or its lines changed after sealing' };
          break;
        }
      }
      if (!report.broken && (seals.length !== block.entry_count || blockDigest(prevDigest, seals.map((s) => s.entry_hash)) !== block.digest)) {
        report.broken = { block: block.seq, problem: 'the block digest does not match its entries' };
      }
      prevDigest = block.digest;
    }
  }
  return report;
}

/** Seals every couple of seconds until stopped; a database outage only skips a round. */
export function startLedgerSealer(ctx: { db: Db; now: () => Date }, onError: (err: unknown) => void, intervalMs = 2_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sealLedger(ctx.db, ctx.now())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
