// Money writes against the database's own speed: payment approvals (each activates the payer and
// pays the referrer's reward), withdrawal requests and withdrawal approvals, at 8 and 16 at once,
// against pgbench's TPC-B-like transactions at the same concurrency on the same server (interleaved).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { adminToken, withDatabase } from '../lib/database.ts';
import { median, throughput } from '../lib/measure.ts';
import { goal, report } from '../lib/report.ts';
import { connect, rebuildCounters, fundWallets, seedPendingProofs, seedSessions, seedUsers } from '../lib/seed.ts';
import { startOurs } from '../lib/servers.ts';
import type { ServerProcess } from '../../server/test/server-process.ts';

const run = promisify(execFile);
const BATCH = 240;
const ROUNDS = 3;

/** pgbench -b tpcb-like on its own scale-10 database: transactions per second. */
async function pgbenchTps(url: string, clients: number): Promise<number> {
  const { stdout } = await run('pgbench', ['-n', '-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', '6', url]);
  const tps = /tps = ([\d.]+)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(tps[1]);
}

async function expectOk(res: Promise<{ status: number; body: unknown }>, what: string): Promise<void> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
}

function withdrawForm(): FormData {
  const form = new FormData();
  form.set('amount', '100');
  form.set('bankDetails', JSON.stringify({ accountHolderName: 'Asha Verma', accountNumber: '123456789012', ifscCode: 'HDFC0001234' }));
  return form;
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
        const funded = await seedUsers(db, BATCH * ROUNDS * 2, { prefix: prefix++, activated: true });
        await fundWallets(db, funded, 10_000_00);
        const fundedTokens = await seedSessions(db, funded);
        await rebuildCounters(db);
        await db.query('analyze');
        let fundedNext = 0;

        for (const clients of [8, 16]) {
          const approvals: number[] = [];
          const requests: number[] = [];
          const payouts: number[] = [];
          const bench: number[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            // Payment approvals: a fresh batch of pending proofs from referred, unactivated users.
            const payers = await seedUsers(db, BATCH, { prefix: prefix++, activated: false, referredBy: referrers });
            const proofs = await seedPendingProofs(db, payers, prefix);
            await rebuildCounters(db);
            bench.push(await pgbenchTps(pgbenchUrl, clients));
            approvals.push(
              await throughput(proofs.length, clients, (i) => expectOk(ours.api('PUT', `/api/admin/manual-payments/${proofs[i]}`, { token: admin, body: { status: 'approved' } }), 'approve')),
            );
            // Withdrawal requests by distinct funded users, then their approvals.
            const tokens = fundedTokens.slice(fundedNext, fundedNext + BATCH);
            fundedNext += BATCH;
            const ids: string[] = [];
            requests.push(
              await throughput(tokens.length, clients, async (i) => {
                const res = await ours.upload('POST', '/api/withdraw', withdrawForm(), { token: tokens[i] });
                if (res.status !== 201) throw new Error(`withdraw: ${res.status} ${JSON.stringify(res.body)}`);
                ids.push(res.body.id);
              }),
            );
            bench.push(await pgbenchTps(pgbenchUrl, clients));
            payouts.push(await throughput(ids.length, clients, (i) => expectOk(ours.api('PUT', `/api/admin/withdrawals/${ids[i]}`, { token: admin, body: { status: 'approved' } }), 'payout')));
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
