// Someone with write access to the database (the append-only triggers switched off) but not
// SECRETS_KEY tries to hide or rewrite money. Each attempt leaves ledger:check failing: an edited
// sealed line; an edited entry with its block's digest recomputed the way an unkeyed chain would
// allow; an edited entry with every seal and block deleted for the sealer to rebuild, checked against
// a head recorded before; the chain cut short; the seal key deleted; and entries left unsealed.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, type RegisteredUser } from '../test/fixtures.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';
import { checkLedgerInvariants } from './ledger-check.ts';
import { entryHash, parseLedgerHead, readEntries, readLedgerHead, sealLedger, type ChainHead } from './ledger-seal.ts';

const TABLES = ['ledger_entries', 'ledger_lines', 'ledger_blocks', 'ledger_entry_seals', 'ledger_seal_key'];

/** Runs statements with the ledger's append-only triggers off, as a database superuser could. */
async function asIntruder(db: Db, statements: ReturnType<typeof sql>[]): Promise<void> {
  for (const t of TABLES) await db.execute(sql.raw(`alter table ${t} disable trigger user`));
  try {
    for (const statement of statements) await db.execute(statement);
  } finally {
    for (const t of TABLES) await db.execute(sql.raw(`alter table ${t} enable trigger user`));
  }
}

describe.each(drivers)('the sealed ledger against an insider (%s)', (driver) => {
  let s: TestServer;
  let a: RegisteredUser;
  /** The names of the invariants that fail now. */
  let broken: (opts?: { head?: ChainHead }) => Promise<string[]>;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    const admin = await createAdmin(s);
    a = await createFundedUser(s, admin.token, admin.user.referralCode, 5);
    expect((await withdraw(s, a.token, { amount: '300' })).status).toBe(201);
    broken = async (opts = {}) => (await checkLedgerInvariants(s.ctx.db, s.ctx.secretsKey, opts)).filter((r) => !r.ok).map((r) => r.name);
  });
  afterAll(() => s.close());

  beforeEach(async () => {
    // Each attempt starts from a fresh, honest, fully sealed ledger: new entries sealed in new blocks.
    expect((await withdraw(s, a.token, { amount: '100' })).status).toBe(201);
    await sealLedger(s.ctx.db, s.ctx.now(), s.ctx.secretsKey);
    expect(await broken()).toEqual([]);
  });

  const someLine = async () => {
    const [line] = await queryRows<{ id: string; entry_id: string; twin: string }>(
      s.ctx.db,
      sql`select l.id::text, l.entry_id::text, t.id::text as twin from ledger_lines l join ledger_lines t on t.entry_id = l.entry_id and t.id <> l.id
          where l.account_id = ${a.user.id} order by l.seq limit 1`,
    );
    return line!;
  };

  it('an edited sealed line (balanced, so every sum still adds up) breaks the chain', async () => {
    const line = await someLine();
    await asIntruder(s.ctx.db, [
      sql`update ledger_lines set amount_paise = amount_paise + 100 where id = ${line.id}::uuid`,
      sql`update ledger_lines set amount_paise = amount_paise - 100 where id = ${line.twin}::uuid`,
    ]);
    try {
      expect(await broken()).toContain('the sealed chain of entries is unbroken');
    } finally {
      await asIntruder(s.ctx.db, [
        sql`update ledger_lines set amount_paise = amount_paise - 100 where id = ${line.id}::uuid`,
        sql`update ledger_lines set amount_paise = amount_paise + 100 where id = ${line.twin}::uuid`,
      ]);
    }
    expect(await broken()).toEqual([]);
  });

  it('an edited entry with its seal and the digests after it recomputed, as an unkeyed chain would allow, still fails', async () => {
    const line = await someLine();
    const [seal] = await queryRows<{ block_seq: number; entry_hash: string; description: string }>(
      s.ctx.db,
      sql`select x.block_seq::int, x.entry_hash, e.description from ledger_entry_seals x join ledger_entries e on e.id = x.entry_id where x.entry_id = ${line.entry_id}::uuid`,
    );
    const blocks = await queryRows<{ seq: number; digest: string; prev_digest: string }>(
      s.ctx.db,
      sql`select seq::int, digest, prev_digest from ledger_blocks where seq >= ${seal!.block_seq} order by seq`,
    );
    await asIntruder(s.ctx.db, [sql`update ledger_entries set description = 'Adjusted' where id = ${line.entry_id}::uuid`]);
    // Everything an intruder without the key can compute: the entry's new hash, and each block's
    // digest from the one before it (SHA-256 here; any function but the keyed one fails alike).
    const [edited] = await readEntries(s.ctx.db, sql`e.id = ${line.entry_id}::uuid`, 1);
    const rewrite: ReturnType<typeof sql>[] = [sql`update ledger_entry_seals set entry_hash = ${entryHash(edited!)} where entry_id = ${line.entry_id}::uuid`];
    let prev = blocks[0]!.prev_digest;
    for (const block of blocks) {
      const hashes = (await queryRows<{ entry_id: string; entry_hash: string }>(s.ctx.db, sql`select entry_id::text, entry_hash from ledger_entry_seals where block_seq = ${block.seq} order by position`)).map((x) =>
        x.entry_id === line.entry_id ? entryHash(edited!) : x.entry_hash,
      );
      const digest = createHash('sha256').update([prev, ...hashes].join('\n'), 'utf8').digest('hex');
      rewrite.push(sql`update ledger_blocks set prev_digest = ${prev}, digest = ${digest} where seq = ${block.seq}`);
      prev = digest;
    }
    await asIntruder(s.ctx.db, rewrite);
    try {
      expect(await broken()).toContain('the sealed chain of entries is unbroken');
    } finally {
      await asIntruder(s.ctx.db, [
        sql`update ledger_entries set description = ${seal!.description} where id = ${line.entry_id}::uuid`,
        sql`update ledger_entry_seals set entry_hash = ${seal!.entry_hash} where entry_id = ${line.entry_id}::uuid`,
        ...blocks.map((b) => sql`update ledger_blocks set prev_digest = ${b.prev_digest}, digest = ${b.digest} where seq = ${b.seq}`),
      ]);
    }
    expect(await broken()).toEqual([]);
  });

  it('an edited entry with every seal and block deleted and sealed again passes on its own, but not against the recorded head', async () => {
    const recorded = await readLedgerHead(s.ctx.db);
    const head = parseLedgerHead(`ledger-head block=${recorded!.block} digest=${recorded!.digest}`)!;
    const line = await someLine();
    await asIntruder(s.ctx.db, [
      sql`update ledger_entries set description = 'Adjusted' where id = ${line.entry_id}::uuid`,
      sql`delete from ledger_entry_seals`,
      sql`delete from ledger_blocks`,
    ]);
    // The sealer (which holds the key) seals everything again into a chain that verifies...
    await sealLedger(s.ctx.db, s.ctx.now(), s.ctx.secretsKey);
    expect(await broken()).toEqual([]);
    // ...but it is not the chain the operator recorded.
    expect(await broken({ head })).toContain('the sealed chain of entries is unbroken');
    const violation = (await checkLedgerInvariants(s.ctx.db, s.ctx.secretsKey, { head })).find((r) => !r.ok)!.violations[0];
    expect(JSON.stringify(violation)).toMatch(/no longer (has the digest recorded in the head|holds block)/);
  });

  it('a chain cut short fails against the head, and its entries left unsealed fail after five minutes', async () => {
    const recorded = (await readLedgerHead(s.ctx.db))!;
    await asIntruder(s.ctx.db, [
      sql`delete from ledger_entry_seals where block_seq = ${recorded.block}`,
      sql`delete from ledger_blocks where seq = ${recorded.block}`,
    ]);
    expect(await broken({ head: recorded })).toContain('the sealed chain of entries is unbroken');
    await asIntruder(s.ctx.db, [sql`update ledger_entries set created_at = created_at - interval '10 minutes' where not exists (select 1 from ledger_entry_seals x where x.entry_id = ledger_entries.id)`]);
    expect(await broken()).toContain('no entry is left unsealed for more than 5 minutes');
  });

  it('without its seal key the chain cannot be verified, and the sealer will not make a new key', async () => {
    const [key] = await queryRows<{ sealed_key: string }>(s.ctx.db, sql`select sealed_key from ledger_seal_key`);
    await asIntruder(s.ctx.db, [sql`delete from ledger_seal_key`]);
    try {
      expect(await broken()).toContain('the sealed chain of entries is unbroken');
      expect((await withdraw(s, a.token, { amount: '100' })).status).toBe(201);
      await expect(sealLedger(s.ctx.db, s.ctx.now(), s.ctx.secretsKey)).rejects.toThrow(/seal key is missing/);
    } finally {
      await asIntruder(s.ctx.db, [sql`insert into ledger_seal_key (id, sealed_key) values (1, ${key!.sealed_key})`]);
    }
    await sealLedger(s.ctx.db, s.ctx.now(), s.ctx.secretsKey);
    expect(await broken()).toEqual([]);
  });
});
