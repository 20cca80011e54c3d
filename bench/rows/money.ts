// Money writes against the database's own speed: payment approvals (each activates the payer and
// pays the referrer's reward), withdrawal requests and withdrawal approvals, at 8 and 16 at once,
// against pgbench's TPC-B-like transactions at the same concurrency on the same server (interleaved).
// Like pgbench, which measures warm connections over seconds, each kind of operation first runs a
// warm-up batch that is not counted, then batches of BATCH distinct operations (each approval its
// own pending proof, each withdrawal its own funded user), sent by the same lean HTTP client the
// read benchmarks use. Beside them, without a target, the approval's database function run by
// pgbench alone: how far the database itself lets an approval go on this machine.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountNumberFor } from '../../server/test/bank-account.ts';
import { promisify } from 'node:util';
import { adminToken, withDatabase } from '../lib/database.ts';
import { median, replay, type ReplayRequest } from '../lib/measure.ts';
import { goal, report } from '../lib/report.ts';
import { connect, rebuildCounters, fundWallets, seedPendingProofs, seedSessions, seedUsers, type Sql } from '../lib/seed.ts';
import { startOurs } from '../lib/servers.ts';
import type { ServerProcess } from '../../server/test/server-process.ts';

const run = promisify(execFile);
const BATCH = 1200;
const WARMUP = 400;
const ROUNDS = 3;

/**
 * The approval's database function alone, run by pgbench on `proofs` (each once, in order) with no
 * HTTP and no Node: the ceiling for the HTTP row on the same machine.
 */
async function approvalFunctionTps(db: Sql, url: string, proofs: string[], clients: number): Promise<number> {
  const admin = (await db.query<{ id: string }>('select id from users where is_admin limit 1')).rows[0]!.id;
  await db.query('drop table if exists bench_proofs; drop sequence if exists bench_proofs_next; create table bench_proofs (n int primary key, id uuid not null); create sequence bench_proofs_next');
  await db.query('insert into bench_proofs (n, id) select n, id from unnest($1::uuid[]) with ordinality as p(id, n)', [proofs]);
  const script = path.join(await mkdtemp(path.join(tmpdir(), 'rh-bench-')), 'approve.sql');
  await writeFile(script, `select outcome from rh_decide_payment((select id from bench_proofs where n = (select nextval('bench_proofs_next'))), '${admin}'::uuid, '127.0.0.1', 'approved', null, now());\n`);
  try {
    const { stdout } = await run('pgbench', ['-n', '-f', script, '-c', String(clients), '-j', '2', '-t', String(Math.floor(proofs.length / clients)), url]);
    const tps = /tps = ([\d.]+)/.exec(stdout);
    if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from manual_payments where status = 'pending' and id = any($1::uuid[])`, [proofs]);
    if (rows[0]!.n > proofs.length % clients) throw new Error(`${rows[0]!.n} proofs left pending by the approval function's run`);
    return Number(tps[1]);
  } finally {
    await rm(path.dirname(script), { recursive: true, force: true });
  }
}

/** pgbench -b tpcb-like on its own scale-10 database: transactions per second. */
async function pgbenchTps(url: string, clients: number): Promise<number> {
  const { stdout } = await run('pgbench', ['-n', '-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', '6', url]);
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(tps[1]);
}

const BOUNDARY = 'bench-withdrawal-form';
/** A withdrawal form (₹100 to the person's own bank account), multipart as the web app sends it. */
function withdrawBody(token: string): string {
  return [
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n100\r\n`,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="bankDetails"\r\n\r\n`,
    JSON.stringify({ accountHolderName: 'Asha Verma', accountNumber: accountNumberFor(token), ifscCode: 'HDFC0001234' }),
    `\r\n--${BOUNDARY}--\r\n`,
  ].join('');
}

function withdrawRequest(token: string): ReplayRequest {
  return { method: 'POST', path: '/api/withdraw', headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body: withdrawBody(token) };
}

function decisionRequest(path: string, admin: string): ReplayRequest {
  return { method: 'PUT', path, headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: '{"status":"approved"}' };
}

export async function benchMoney(): Promise<void> {
  console.log(`\n# money: writes per second against pgbench tpcb-like at the same concurrency (${ROUNDS} interleaved rounds, medians)`);
  await withDatabase(async (pgbenchUrl) => {
    await run('pgbench', ['-i', '-q', '-s', '10', pgbenchUrl]);
    await withDatabase(async (url) => {
      const ours: ServerProcess = await startOurs({ databaseUrl: url });
      const db = await connect(url);
      try {
        const admin = await adminToken(ours);
        const referrers = await seedUsers(db, 60, { prefix: 1, activated: true });
        let prefix = 2;
        const funded = await seedUsers(db, (WARMUP + BATCH * ROUNDS * 2) * 2, { prefix: prefix++, activated: true });
        await fundWallets(db, funded, 10_000_00);
        const fundedTokens = await seedSessions(db, funded);
        let fundedNext = 0;
        /** The next `n` funded users who have not withdrawn yet, with their tokens. */
        const nextFunded = (n: number) => {
          const from = fundedNext;
          fundedNext += n;
          return { ids: funded.slice(from, fundedNext), tokens: fundedTokens.slice(from, fundedNext) };
        };
        /** Pending proofs of referred, unactivated users: each approval activates one and pays a referrer. */
        const freshProofs = async (n: number) => {
          const payers = await seedUsers(db, n, { prefix: prefix++, activated: false, referredBy: referrers });
          return seedPendingProofs(db, payers, prefix);
        };
        const approve = (proofs: string[], clients: number) => replay(ours.url, proofs.length, clients, (i) => decisionRequest(`/api/admin/manual-payments/${proofs[i]}`, admin));
        const requestWithdrawals = async (users: { ids: string[]; tokens: string[] }, clients: number) => {
          const ops = await replay(ours.url, users.tokens.length, clients, (i) => withdrawRequest(users.tokens[i]!));
          const { rows } = await db.query<{ id: string }>(`select id from withdrawals where status = 'pending' and user_id = any($1::uuid[])`, [users.ids]);
          return { ops, ids: rows.map((r) => r.id) };
        };
        const payOut = (ids: string[], clients: number) => replay(ours.url, ids.length, clients, (i) => decisionRequest(`/api/admin/withdrawals/${ids[i]}`, admin));

        // Warm-up: every pooled connection has planned each operation once before anything is counted.
        await approve(await freshProofs(WARMUP), 16);
        await payOut((await requestWithdrawals(nextFunded(WARMUP), 16)).ids, 16);
        await rebuildCounters(db);
        await db.query('analyze');

        for (const clients of [8, 16]) {
          const approvals: number[] = [];
          const requests: number[] = [];
          const payouts: number[] = [];
          const bench: number[] = [];
          const alone: number[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            const proofs = await freshProofs(BATCH);
            bench.push(await pgbenchTps(pgbenchUrl, clients));
            approvals.push(await approve(proofs, clients));
            alone.push(await approvalFunctionTps(db, url, await freshProofs(BATCH), clients));
            const requested = await requestWithdrawals(nextFunded(BATCH), clients);
            requests.push(requested.ops);
            bench.push(await pgbenchTps(pgbenchUrl, clients));
            payouts.push(await payOut(requested.ids, clients));
          }
          const tps = median(bench);
          const pg = { name: `pgbench-c${clients}`, value: tps, unit: 'tps' };
          for (const [name, values] of [
            ['money.payment-approvals', approvals],
            ['money.withdrawal-requests', requests],
            ['money.withdrawal-approvals', payouts],
          ] as const) {
            const value = median(values);
            await report({ name: `${name}-c${clients}`, value, unit: 'ops/s', baseline: pg, ratio: value / tps, ...goal(value / tps, 'atLeast', 0.3) });
          }
          // No target: what the database alone allows an approval (see approvalFunctionTps).
          const ceiling = median(alone);
          await report({ name: `money.approval-function-alone-c${clients}`, value: ceiling, unit: 'ops/s', baseline: pg, ratio: ceiling / tps, notes: 'rh_decide_payment by pgbench, no HTTP' });
        }
        const broken = await db.query(`select count(*)::int as n from ledger_accounts a where kind = 'wallet' and balance_paise <> (select coalesce(sum(amount_paise), 0) from ledger_lines where account_id = a.id)`);
        if (broken.rows[0].n !== 0) throw new Error(`${broken.rows[0].n} wallets disagree with their lines after the money benchmark`);
      } finally {
        await db.end();
        await ours.stop();
      }
    });
  });
}
