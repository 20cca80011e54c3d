// The tamper-evident chain over the ledger. After entries commit, a sealer (one process at a time,
// by an advisory lock) takes the entries not sealed yet, oldest first, hashes each one with its
// lines in a canonical form, and appends a block whose digest is HMAC-SHA256, under the seal key,
// of the previous block's digest and those hashes. Money writes never touch the chain, so they
// never wait on one hot row. Entries may commit out of the order of their times: one that commits
// late is sealed in a later block (the sealer looks an hour back from the newest entry it sealed).
// The entries, lines and seals are append-only in the database (migration 0012); verifyLedgerChain
// recomputes everything and names the first entry or block that no longer matches.
//
// The seal key (32 random bytes) is kept in the database only sealed with SECRETS_KEY, so someone
// who can write the database but does not hold SECRETS_KEY cannot compute a digest: editing an
// entry and recomputing the chain after it is no longer possible. What stays possible is deleting
// the chain for the sealer to build again; the chain head an operator keeps elsewhere (ledgerHeadLine,
// `npm run ledger:head`) catches that: `ledger:check --head` fails when the chain no longer holds
// that block with that digest. Decision 031.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import { openSecret, sealSecret } from '../admin-security/secret-box.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ledgerBlocks, ledgerEntrySeals, ledgerSealKey } from '../db/schema.ts';

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
/** A block's digest: HMAC-SHA256 under the seal key of the previous digest and the block's entry hashes. */
export function blockDigest(prevDigest: string, hashes: string[], key: Buffer): string {
  return createHmac('sha256', key).update([prevDigest, ...hashes].join('\n'), 'utf8').digest('hex');
}

/** The associated data the seal key is sealed with (secret-box.ts): it opens nowhere else. */
const SEAL_KEY_CONTEXT = 'ledger-seal-key';

/** The seal key, or null when the database has none (before the first block). */
export async function loadSealKey(db: DbOrTx, secretsKey: Buffer): Promise<Buffer | null> {
  const [row] = await db.select().from(ledgerSealKey).limit(1);
  if (!row) return null;
  try {
    return Buffer.from(openSecret(secretsKey, row.sealedKey, SEAL_KEY_CONTEXT), 'hex');
  } catch {
    throw new Error('the ledger seal key does not open with SECRETS_KEY: is it the key the server uses?');
  }
}

/** Rotating SECRETS_KEY: the seal key itself stays (the chain's digests need it), sealed anew. */
export async function resealSealKey(tx: DbOrTx, oldKey: Buffer, newKey: Buffer): Promise<boolean> {
  const key = await loadSealKey(tx, oldKey);
  if (!key) return false;
  await tx.update(ledgerSealKey).set({ sealedKey: sealSecret(newKey, key.toString('hex'), SEAL_KEY_CONTEXT) });
  return true;
}

/**
 * The seal key, made with the first block. Once a block exists, a missing key is never replaced:
 * the chain could no longer be verified, and a new key would let whoever deleted the old one have
 * the ledger sealed again from its first entry.
 */
async function sealKeyForSealing(tx: DbOrTx, secretsKey: Buffer): Promise<Buffer> {
  const existing = await loadSealKey(tx, secretsKey);
  if (existing) return existing;
  const [blocks] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ledger_blocks`);
  if ((blocks?.n ?? 0) > 0) throw new Error('the ledger seal key is missing although the chain has blocks: sealing stopped');
  await tx
    .insert(ledgerSealKey)
    .values({ id: 1, sealedKey: sealSecret(secretsKey, randomBytes(32).toString('hex'), SEAL_KEY_CONTEXT) })
    .onConflictDoNothing();
  return (await loadSealKey(tx, secretsKey))!;
}

/** The entries (with lines) a query selects, in canonical form; `where` filters `ledger_entries e`. */
export async function readEntries(db: DbOrTx, where: ReturnType<typeof sql>, limit: number): Promise<CanonicalEntry[]> {
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
export async function sealLedger(db: Db, now: Date, secretsKey: Buffer): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const [lock] = await queryRows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${SEAL_LOCK_KEY}::bigint) as ok`);
      if (!lock?.ok) return 0;
      const key = await sealKeyForSealing(tx, secretsKey);
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
        digest: blockDigest(prevDigest, hashes, key),
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

/** A block of the chain and its digest: what an operator records elsewhere to check against later. */
export interface ChainHead {
  block: number;
  digest: string;
}

/** The head as one line to keep (`npm run ledger:head`, the daily job's log). */
export function ledgerHeadLine(head: ChainHead, sealedAt?: Date): string {
  return `ledger-head block=${head.block} digest=${head.digest}${sealedAt ? ` sealed=${sealedAt.toISOString()}` : ''}`;
}

/** Reads a head line back (extra words around it are ignored); null when it is not one. */
export function parseLedgerHead(line: string): ChainHead | null {
  const m = /\bblock=(\d+)\s+digest=([0-9a-f]{64})\b/.exec(line.trim());
  return m ? { block: Number(m[1]), digest: m[2]! } : null;
}

/** The newest block, or null before the first. */
export async function readLedgerHead(db: DbOrTx): Promise<(ChainHead & { sealedAt: Date }) | null> {
  const [last] = await db.select().from(ledgerBlocks).orderBy(desc(ledgerBlocks.seq)).limit(1);
  return last ? { block: last.seq, digest: last.digest, sealedAt: last.sealedAt } : null;
}

/** How long an entry may stay unsealed before the check calls it a problem (a running server seals within seconds). */
export const UNSEALED_GRACE_MS = 5 * 60 * 1000;

export interface ChainReport {
  blocks: number;
  sealedEntries: number;
  unsealedEntries: number;
  /** Entries unsealed for longer than UNSEALED_GRACE_MS: a sealer that stopped, or seals deleted. */
  staleUnsealedEntries: number;
  headDigest: string | null;
  /** The first problem found, in chain order; null when the chain holds. */
  broken: { block: number; entryId?: string; problem: string } | null;
}

/** Blocks read per query while verifying (and their entries with their lines). */
const VERIFY_BLOCKS = 50;

/**
 * Recomputes every entry's hash and every block's digest from the rows as they are now, keyed
 * blocks with the seal key. With `head` (a line an operator kept), the chain must still hold that
 * block with that digest.
 */
export async function verifyLedgerChain(db: DbOrTx, secretsKey: Buffer, opts: { head?: ChainHead } = {}): Promise<ChainReport> {
  const [counts] = await queryRows<{ sealed: number; unsealed: number; stale: number }>(
    db,
    sql`select (select count(*)::int from ledger_entry_seals) as sealed,
          (select count(*)::int from ledger_entries e where not exists (select 1 from ledger_entry_seals s where s.entry_id = e.id)) as unsealed,
          (select count(*)::int from ledger_entries e where e.created_at < now() - make_interval(secs => ${UNSEALED_GRACE_MS / 1000})
             and not exists (select 1 from ledger_entry_seals s where s.entry_id = e.id)) as stale`,
  );
  const report: ChainReport = {
    blocks: 0,
    sealedEntries: counts?.sealed ?? 0,
    unsealedEntries: counts?.unsealed ?? 0,
    staleUnsealedEntries: counts?.stale ?? 0,
    headDigest: null,
    broken: null,
  };
  const key = await loadSealKey(db, secretsKey);
  const fail = (block: number, problem: string, entryId?: string) => {
    report.broken ??= { block, problem, ...(entryId ? { entryId } : {}) };
  };

  let prevDigest = GENESIS_DIGEST;
  let expectedSeq = 1;
  let headSeen = false;
  for (let after = 0; ; ) {
    const blocks = await queryRows<{ seq: number; prev_digest: string; digest: string; entry_count: number }>(
      db,
      sql`select seq::int, prev_digest, digest, entry_count from ledger_blocks where seq > ${after} order by seq limit ${VERIFY_BLOCKS}`,
    );
    if (blocks.length === 0) break;
    const first = blocks[0]!.seq;
    const last = blocks.at(-1)!.seq;
    after = last;
    // Every seal of these blocks in chain order, with its entry (null when the entry is gone).
    const sealed = report.broken ? [] : await readSealedEntries(db, first, last);
    let i = 0;
    for (const block of blocks) {
      report.blocks += 1;
      report.headDigest = block.digest;
      if (opts.head && block.seq === opts.head.block) {
        headSeen = true;
        if (block.digest !== opts.head.digest) fail(block.seq, `block ${block.seq} no longer has the digest recorded in the head`);
      }
      const seals: { entryId: string; hash: string; entry: CanonicalEntry | null }[] = [];
      while (i < sealed.length && sealed[i]!.block === block.seq) seals.push(sealed[i++]!);
      if (report.broken) continue;
      if (block.seq !== expectedSeq) fail(block.seq, `block ${expectedSeq} is missing`);
      else if (block.prev_digest !== prevDigest) fail(block.seq, 'does not follow the previous block');
      else if (!key) fail(block.seq, 'the seal key is missing, so no block can be verified');
      expectedSeq = block.seq + 1;
      if (report.broken) continue;
      for (const seal of seals) {
        if (!seal.entry) {
          fail(block.seq, 'the sealed entry is missing', seal.entryId);
          break;
        }
        if (entryHash(seal.entry) !== seal.hash) {
          fail(block.seq, 'the entry or its lines changed after sealing', seal.entryId);
          break;
        }
      }
      if (report.broken) continue;
      const digest = blockDigest(prevDigest, seals.map((s) => s.hash), key!);
      if (seals.length !== block.entry_count || digest !== block.digest) fail(block.seq, 'the block digest does not match its entries');
      prevDigest = block.digest;
    }
  }
  if (opts.head && !headSeen) fail(opts.head.block, `the chain no longer holds block ${opts.head.block} of the recorded head`);
  return report;
}

/** The seals of blocks first..last in chain order, each with its entry and lines in canonical form. */
async function readSealedEntries(db: DbOrTx, first: number, last: number): Promise<{ block: number; entryId: string; hash: string; entry: CanonicalEntry | null }[]> {
  const rows = await queryRows<{
    block_seq: number;
    entry_id: string;
    entry_hash: string;
    kind: string | null;
    ref_id: string;
    user_id: string | null;
    description: string;
    reverses_entry_id: string | null;
    at: string;
    lines: { id: string; a: string; m: string; s: number | null; b: string | null }[] | null;
  }>(
    db,
    sql`select s.block_seq::int, s.entry_id::text, s.entry_hash, e.kind, e.ref_id::text, e.user_id::text, e.description, e.reverses_entry_id::text,
          to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
          (select json_agg(json_build_object('id', l.id::text, 'a', l.account_id::text, 'm', l.amount_paise::text, 's', l.seq, 'b', l.balance_after_paise::text))
             from ledger_lines l where l.entry_id = e.id) as lines
        from ledger_entry_seals s left join ledger_entries e on e.id = s.entry_id
        where s.block_seq between ${first} and ${last}
        order by s.block_seq, s.position`,
  );
  return rows.map((r) => ({
    block: r.block_seq,
    entryId: r.entry_id,
    hash: r.entry_hash,
    entry:
      r.kind === null
        ? null
        : {
            id: r.entry_id,
            kind: r.kind,
            refId: r.ref_id,
            userId: r.user_id,
            description: r.description,
            reversesEntryId: r.reverses_entry_id,
            at: r.at,
            lines: (r.lines ?? []).map((l) => ({ id: l.id, account: l.a, amount: l.m, seq: l.s, balanceAfter: l.b })),
          },
  }));
}

/** Seals every couple of seconds until stopped; a database outage only skips a round. */
export function startLedgerSealer(ctx: { db: Db; now: () => Date; secretsKey: Buffer }, onError: (err: unknown) => void, intervalMs = 2_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sealLedger(ctx.db, ctx.now(), ctx.secretsKey)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
