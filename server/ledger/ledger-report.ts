// The report `npm run ledger:check` prints: each ledger invariant with ✓/✗ and its first
// violations, then the balance of every platform account. Kept apart from the script so a test
// can run it against a live test server's database.
import { sql } from 'drizzle-orm';
import { formatPaise } from '../../contract/money.ts';
import type { Db } from '../db/client.ts';
import { checkLedgerInvariants } from './ledger-check.ts';
import { PLATFORM_ACCOUNTS } from './ledger.service.ts';
import { ledgerHeadLine, readLedgerHead, verifyLedgerChain, type ChainHead } from './ledger-seal.ts';

export interface LedgerReport {
  ok: boolean;
  lines: string[];
}

const SHOWN_VIOLATIONS = 5;

export async function buildLedgerReport(db: Db, secretsKey: Buffer, opts: { head?: ChainHead } = {}): Promise<LedgerReport> {
  const lines: string[] = ['Ledger invariants:'];
  const results = await checkLedgerInvariants(db, secretsKey, opts);
  for (const r of results) {
    lines.push(`  ${r.ok ? '✓' : '✗'} ${r.name}`);
    if (!r.ok) {
      for (const v of r.violations.slice(0, SHOWN_VIOLATIONS)) lines.push(`      ${JSON.stringify(v)}`);
      if (r.violations.length > SHOWN_VIOLATIONS) lines.push(`      ... and ${r.violations.length - SHOWN_VIOLATIONS} more`);
    }
  }

  const totals = await db.execute(sql`
    select a.id::text as id, coalesce(sum(l.amount_paise), 0)::text as total
    from ledger_accounts a left join ledger_lines l on l.account_id = a.id
    where a.kind = 'platform' group by a.id`);
  const byId = new Map((totals as unknown as { rows: { id: string; total: string }[] }).rows.map((r) => [r.id, BigInt(r.total)]));
  const wallets = await db.execute(sql`
    select count(*)::text as n, coalesce(sum(balance_paise), 0)::text as total from ledger_accounts where kind = 'wallet'`);
  const w = (wallets as unknown as { rows: { n: string; total: string }[] }).rows[0] ?? { n: '0', total: '0' };

  lines.push('', 'Platform accounts (sum of lines, ₹):');
  const names = Object.keys(PLATFORM_ACCOUNTS) as (keyof typeof PLATFORM_ACCOUNTS)[];
  const width = Math.max(...names.map((n) => n.length), 'user wallets'.length);
  for (const name of names) {
    lines.push(`  ${name.padEnd(width)}  ${formatPaise(byId.get(PLATFORM_ACCOUNTS[name]) ?? 0n).padStart(14)}`);
  }
  lines.push(`  ${'user wallets'.padEnd(width)}  ${formatPaise(BigInt(w.total)).padStart(14)}  (${w.n} wallets)`);

  const chain = await verifyLedgerChain(db, secretsKey, opts);
  lines.push(
    '',
    `Sealed chain: ${chain.blocks} block(s), ${chain.sealedEntries} entries sealed, ${chain.unsealedEntries} not sealed yet (a running server seals them within seconds).`,
  );
  const head = await readLedgerHead(db);
  if (head) lines.push(`  ${ledgerHeadLine(head, head.sealedAt)}`, '  (keep this line elsewhere; `npm run ledger:check -- --head "<line>"` fails if the chain no longer holds it)');
  if (opts.head) lines.push(`  checked against the recorded head: block ${opts.head.block}`);
  if (chain.broken) lines.push(`  broken at block ${chain.broken.block}${chain.broken.entryId ? `, entry ${chain.broken.entryId}` : ''}: ${chain.broken.problem}`);

  if (BigInt(w.n) === 0n && [...byId.values()].every((v) => v === 0n)) {
    lines.push('', 'Note: this database has no wallets and no movements. Is DATA_DIR / DATABASE_URL the one the server uses?');
  }
  const ok = results.every((r) => r.ok);
  lines.push('', ok ? 'All ledger invariants hold.' : `${results.filter((r) => !r.ok).length} invariant(s) broken.`);
  return { ok, lines };
}
