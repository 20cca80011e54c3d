// Where the money went, for a Super Admin without SQL: every platform account's balance (the sum of
// its lines), the users' wallets and clawback debts in total, the state of the sealed chain, and a
// drill-down to the entries of one account, newest first, each with all its lines.
import { sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import type { LedgerAccountName, LedgerEntriesPage, LedgerOverview } from '../../contract/ledger.ts';
import type { Db } from '../db/client.ts';
import { isUuid } from '../db/ids.ts';
import { queryRows } from '../db/rows.ts';
import { badRequest } from '../errors.ts';
import { PLATFORM_ACCOUNTS, type PlatformAccount } from './ledger.service.ts';

const PLATFORM_NAMES = Object.keys(PLATFORM_ACCOUNTS) as PlatformAccount[];
const isPlatform = (name: string): name is PlatformAccount => name in PLATFORM_ACCOUNTS;

export async function readLedgerOverview(db: Db): Promise<LedgerOverview> {
  const [totals] = await queryRows<{
    platform: Record<string, string> | null;
    wallets: string;
    wallet_count: number;
    debts: string;
    debt_count: number;
    held: string;
    held_count: number;
  }>(
    db,
    sql`select
          (select json_object_agg(account_id::text, total) from (
             select account_id, sum(amount_paise)::text as total from ledger_lines
             where account_id in (${sql.join(PLATFORM_NAMES.map((n) => sql`${PLATFORM_ACCOUNTS[n]}::uuid`), sql`, `)})
             group by account_id) p) as platform,
          (select coalesce(sum(balance_paise), 0)::text from ledger_accounts where kind = 'wallet') as wallets,
          (select count(*)::int from ledger_accounts where kind = 'wallet') as wallet_count,
          (select coalesce(sum(balance_paise), 0)::text from ledger_accounts where kind = 'debt') as debts,
          (select count(*)::int from ledger_accounts where kind = 'debt' and balance_paise < 0) as debt_count,
          (select coalesce(sum(balance_paise), 0)::text from ledger_accounts where kind = 'held') as held,
          (select count(*)::int from ledger_accounts where kind = 'held' and balance_paise > 0) as held_count`,
  );
  const platform = totals?.platform ?? {};
  const chain = await verifyChainSummary(db);
  return {
    accounts: [
      ...PLATFORM_NAMES.map((name) => ({ name: name as LedgerAccountName, balance: formatPaise(BigInt(platform[PLATFORM_ACCOUNTS[name]] ?? '0')), accounts: 1 })),
      { name: 'user_wallets' as const, balance: formatPaise(BigInt(totals?.wallets ?? '0')), accounts: totals?.wallet_count ?? 0 },
      { name: 'held_rewards' as const, balance: formatPaise(BigInt(totals?.held ?? '0')), accounts: totals?.held_count ?? 0 },
      { name: 'clawback_debt' as const, balance: formatPaise(BigInt(totals?.debts ?? '0')), accounts: totals?.debt_count ?? 0 },
    ],
    chain,
  };
}

/** The chain's size and head, without recomputing every hash (ledger:check does that). */
async function verifyChainSummary(db: Db): Promise<LedgerOverview['chain']> {
  const [row] = await queryRows<{ blocks: number; sealed: number; unsealed: number; head: string | null; sealed_at: string | null }>(
    db,
    sql`select (select count(*)::int from ledger_blocks) as blocks,
               (select count(*)::int from ledger_entry_seals) as sealed,
               (select count(*)::int from ledger_entries e where not exists (select 1 from ledger_entry_seals s where s.entry_id = e.id)) as unsealed,
               (select digest from ledger_blocks order by seq desc limit 1) as head,
               (select sealed_at::text from ledger_blocks order by seq desc limit 1) as sealed_at`,
  );
  return {
    blocks: row?.blocks ?? 0,
    sealedEntries: row?.sealed ?? 0,
    unsealedEntries: row?.unsealed ?? 0,
    headDigest: row?.head ?? null,
    sealedAt: row?.sealed_at ? new Date(row.sealed_at).toISOString() : null,
  };
}

function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): { at: string; id: string } | null {
  if (!raw) return null;
  try {
    const [at, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(at) && isUuid(id)) return { at, id };
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor', 'VALIDATION_FAILED', { cursor: 'Invalid cursor' });
}

/** Entries on one platform account, or on any clawback debt or held account, newest first (keyset on the line's time and id). */
export async function listLedgerEntries(db: Db, name: LedgerAccountName, query: { limit: number; cursor?: string }): Promise<LedgerEntriesPage> {
  if (!isPlatform(name) && name !== 'clawback_debt' && name !== 'held_rewards') {
    throw badRequest('Entries are listed per platform account, for clawback debts and for held rewards; a user’s wallet is on the Users tab', 'VALIDATION_FAILED');
  }
  const cursor = decodeCursor(query.cursor);
  const onAccount = isPlatform(name)
    ? sql`l.account_id = ${PLATFORM_ACCOUNTS[name]}::uuid`
    : sql`l.account_id in (select id from ledger_accounts where kind = ${name === 'clawback_debt' ? 'debt' : 'held'})`;
  const rows = await queryRows<{
    id: string;
    line_id: string;
    kind: string;
    description: string;
    at: string;
    amount: string;
    user_id: string | null;
    username: string | null;
    reverses: string | null;
    lines: { kind: 'platform' | 'wallet' | 'debt' | 'held'; name: string | null; username: string | null; amount: string }[];
  }>(
    db,
    sql`select e.id::text, l.id::text as line_id, e.kind, e.description,
          to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, l.amount_paise::text as amount,
          e.user_id::text, u.username, e.reverses_entry_id::text as reverses,
          (select json_agg(json_build_object(
              'kind', a.kind, 'name', case when a.kind = 'platform' then substr(a.code, 10) end, 'username', au.username,
              'amount', x.amount_paise::text) order by x.amount_paise)
             from ledger_lines x join ledger_accounts a on a.id = x.account_id left join users au on au.id = a.user_id
             where x.entry_id = e.id) as lines
        from ledger_lines l
        join ledger_entries e on e.id = l.entry_id
        left join users u on u.id = e.user_id
        where ${onAccount}
          ${cursor ? sql`and (l.created_at, l.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by l.created_at desc, l.id desc
        limit ${query.limit + 1}`,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      description: r.description,
      at: r.at.replace(/(\.\d{3})\d*Z$/, '$1Z'),
      amount: formatPaise(BigInt(r.amount)),
      userId: r.user_id,
      username: r.username,
      reversesEntryId: r.reverses,
      lines: r.lines.map((l) => ({ kind: l.kind, name: l.name as LedgerAccountName | null, username: l.username, amount: formatPaise(BigInt(l.amount)) })),
    })),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.at, last.line_id) : null,
  };
}
