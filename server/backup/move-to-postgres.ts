// The move from the embedded database to PostgreSQL: an embedded backup's data copied into an
// empty PostgreSQL database (decision 033). The backup's PGlite data directory is unpacked into a
// temporary directory and opened as the server would open it (so a backup of an older build is
// migrated first); the PostgreSQL database is migrated by this build (schema and functions are
// this build's own), then every application table's rows are copied, parents before children, in
// one transaction: a move that fails leaves the database as empty as it was.
//
// Rows travel as row_to_json text, never parsed here (amounts beyond 2^53 paise and timestamps to
// the microsecond, which the ledger's chain hashes, stay exact), and land through
// json_populate_recordset, which reads each value with the column's own type.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, expectedMigrations, type Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { openSecret } from '../admin-security/secret-box.ts';
import { totpContext } from '../admin-security/two-factor.service.ts';
import { loadSealKey } from '../ledger/ledger-seal.ts';

/** Tables the migrated target already has for itself: drizzle's journal (another schema) and the function files' versions. */
const TARGET_OWNED = new Set(['db_function_files']);
/** The tables whose rows say a database is in use (people, or money). */
const IN_USE_TABLES = ['users', 'ledger_entries', 'ledger_blocks', 'ledger_seal_key'];
/** Rows fetched from PGlite at a time, and JSON text gathered before one INSERT. */
const FETCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;

export interface MoveResult {
  tables: number;
  rows: number;
  people: number;
  ms: number;
}

interface ForeignKey {
  child: string;
  parent: string;
  childColumns: string[];
  parentColumns: string[];
}

type PgClient = import('pg').Client;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function connect(url: string): Promise<PgClient> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  // A connection that ends under the move fails the statement in flight; without a listener the
  // 'error' event would end the process before the move could say what happened.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * Refuses a PostgreSQL database that holds anything: it must be new (no tables), or one this
 * build has only migrated (a server started on it once, nobody signed up, no money moved).
 */
async function assertEmptyTarget(client: PgClient): Promise<void> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p')`,
  );
  if (tables.length === 0) return;
  const names = new Set(tables.map((t) => t.name));
  const { rows: journal } = await client.query<{ ok: boolean }>(`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`);
  if (!names.has('users') || !journal[0]?.ok) {
    throw new Error(`DATABASE_URL names a database that already has ${tables.length} table(s) of something else: create a new, empty database and restore into it`);
  }
  for (const table of IN_USE_TABLES.filter((t) => names.has(t))) {
    const { rows } = await client.query<{ any: boolean }>(`select exists (select 1 from ${ident(table)}) as any`);
    if (rows[0]?.any) throw new Error(`DATABASE_URL names a database that is not empty (${table} has rows): create a new, empty database and restore into it`);
  }
}

/** Tables in an order where every table comes after the tables it references (itself aside). */
function parentsFirst(tables: string[], keys: ForeignKey[]): string[] {
  const ordered: string[] = [];
  const placed = new Set<string>();
  let remaining = [...tables].sort();
  while (remaining.length > 0) {
    const ready = remaining.filter((t) => keys.every((k) => k.child !== t || k.parent === t || placed.has(k.parent) || !tables.includes(k.parent)));
    if (ready.length === 0) throw new Error(`the tables ${remaining.join(', ')} reference each other in a cycle: the move cannot order them`);
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
    remaining = remaining.filter((t) => !placed.has(t));
  }
  return ordered;
}

/**
 * The SELECT that reads a table's rows as JSON text. A table that references itself (a person's
 * referrer, the entry a reversal reverses) is read root first, by depth, so that a batch never
 * holds a row whose parent comes in a later one; a foreign key is checked at the end of each
 * INSERT statement, so parent and child may share a batch.
 */
function readQuery(table: string, keys: ForeignKey[]): string {
  const self = keys.filter((k) => k.child === table && k.parent === table);
  if (self.length === 0) return `select row_to_json(t)::text as j from ${ident(table)} t`;
  if (self.length > 1 || self[0]!.childColumns.length !== 1) throw new Error(`${table} references itself in more than one column: the move cannot order it`);
  const fk = ident(self[0]!.childColumns[0]!);
  const key = ident(self[0]!.parentColumns[0]!);
  return `with recursive tree(k, depth) as (
            select ${key}, 0 from ${ident(table)} where ${fk} is null
            union all
            select c.${key}, tree.depth + 1 from ${ident(table)} c join tree on c.${fk} = tree.k)
          select row_to_json(t)::text as j from ${ident(table)} t join tree on t.${key} = tree.k order by tree.depth`;
}

/** Columns the target fills itself (generated) are left out; the rest are named, whatever their order. */
async function insertableColumns(client: PgClient, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.name);
}

/** The key must open what the embedded install sealed with it: the ledger's seal key and an admin's TOTP secret. */
async function assertKeyOpens(source: Database, secretsKey: Buffer): Promise<void> {
  await loadSealKey(source.db, secretsKey);
  const [admin] = await queryRows<{ user_id: string; sealed: string }>(
    source.db,
    sql`select user_id::text, coalesce(secret_enc, pending_secret_enc) as sealed from admin_two_factor
        where coalesce(secret_enc, pending_secret_enc) is not null limit 1`,
  );
  if (!admin) return;
  try {
    openSecret(secretsKey, admin.sealed, totpContext(admin.user_id));
  } catch {
    throw new Error("the admins' two-factor secrets in the backup do not open with this SECRETS_KEY: set the key the embedded install used");
  }
}

/**
 * Copies the embedded database in `dump` (PGlite's dumpDataDir) into the empty PostgreSQL database
 * at `databaseUrl`. `secretsKey` must be the key the data was sealed with.
 */
export async function moveEmbeddedToPostgres(dump: Buffer, databaseUrl: string, secretsKey: Buffer): Promise<MoveResult> {
  const started = Date.now();
  const check = await connect(databaseUrl);
  try {
    await assertEmptyTarget(check);
  } finally {
    await check.end();
  }

  const dir = await mkdtemp(path.join(tmpdir(), 'rh-move-'));
  let source: Database | null = null;
  let target: PgClient | null = null;
  try {
    // Unpack the backup as the embedded restore does, and see which build made it.
    const { PGlite } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const unpacked = await PGlite.create(path.join(dir, 'db'), { extensions: { pg_trgm }, loadDataDir: new Blob([new Uint8Array(dump)]) });
    const applied = await unpacked
      .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
      .then((r) => r.rows[0]?.n ?? 0)
      .finally(() => unpacked.close());
    if (applied > (await expectedMigrations())) {
      throw new Error(`the backup was made by a newer build (${applied} migrations, this build has ${await expectedMigrations()}): restore it with that build or a later one`);
    }
    // Opened as the server opens it: a backup of an older build is migrated to this one's schema.
    source = await openDatabase({ dataDir: dir });
    await assertKeyOpens(source, secretsKey);

    // This build's schema and functions on PostgreSQL, under the migration lock, as a server would.
    const migrated = await openDatabase({ databaseUrl, poolSize: 1 });
    await migrated.close();

    target = await connect(databaseUrl);
    const { rows: tableRows } = await target.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition`,
    );
    const tables = tableRows.map((r) => r.name).filter((t) => !TARGET_OWNED.has(t));
    const { rows: keys } = await target.query<ForeignKey>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
              array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as "childColumns",
              array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "parentColumns"
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname = 'public'`,
    );
    const order = parentsFirst(tables, keys);
    const sourceTables = new Set(
      (await queryRows<{ name: string }>(source.db, sql`select tablename::text as name from pg_tables where schemaname = 'public'`)).map((r) => r.name),
    );

    let rows = 0;
    await target.query('begin');
    // The move is one long transaction: the server's per-statement and idle limits do not apply.
    await target.query("set local statement_timeout = 0; set local idle_in_transaction_session_timeout = 0; set local lock_timeout = '30s'");
    // What migrating (and perhaps a server's first start) put in: the platform accounts and the
    // counters' rows, which the backup carries with their real values. The ledger tables were
    // found empty, so their append-only triggers have nothing to refuse.
    for (const table of [...order].reverse()) await target.query(`delete from ${ident(table)}`);
    for (const table of order) {
      if (!sourceTables.has(table)) continue; // a table this build adds after the backup's: empty
      const columns = (await insertableColumns(target, table)).map(ident).join(', ');
      const insert = `insert into ${ident(table)} (${columns}) select ${columns} from json_populate_recordset(null::${ident(table)}, $1::json)`;
      let copied = 0;
      await source.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`declare move_rows no scroll cursor for ${readQuery(table, keys)}`));
        let batch: string[] = [];
        let bytes = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          await target!.query(insert, [`[${batch.join(',')}]`]);
          copied += batch.length;
          batch = [];
          bytes = 0;
        };
        for (;;) {
          const fetched = await queryRows<{ j: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from move_rows`));
          for (const r of fetched) {
            batch.push(r.j);
            bytes += r.j.length;
          }
          if (bytes >= BATCH_BYTES || (fetched.length < FETCH_ROWS && batch.length > 0)) await flush();
          if (fetched.length < FETCH_ROWS) break;
        }
        await tx.execute(sql.raw('close move_rows'));
      });
      const [counted] = await queryRows<{ n: string }>(source.db, sql.raw(`select count(*)::text as n from ${ident(table)}`));
      if (String(copied) !== counted?.n) {
        throw new Error(`${table}: ${copied} of ${counted?.n} rows copied (rows whose references form a loop cannot be ordered)`);
      }
      rows += copied;
    }
    // Columns that draw numbers from a sequence continue after the highest copied value (none
    // today: ids are UUIDs; this keeps a future serial column right).
    const { rows: serials } = await target.query<{ t: string; c: string; s: string }>(
      `select table_name as t, column_name as c, pg_get_serial_sequence(quote_ident(table_name), column_name) as s
       from information_schema.columns where table_schema = 'public' and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const s of serials) await target.query(`select setval($1, coalesce((select max(${ident(s.c)}) from ${ident(s.t)}), 0) + 1, false)`, [s.s]);
    await target.query('commit');
    const { rows: people } = await target.query<{ n: number }>('select count(*)::int as n from users');
    return { tables: order.length, rows, people: people[0]?.n ?? 0, ms: Date.now() - started };
  } catch (err) {
    await target?.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await target?.end().catch(() => undefined);
    await source?.close().catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}
