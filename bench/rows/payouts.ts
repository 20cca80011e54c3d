// Payouts through the queue (issue 28): 100 withdrawals approved at once on PostgreSQL, each paid by
// the worker through the fake RazorpayX (server/test/fake-razorpayx.ts, in this process). Measured:
// payouts made per second from the moment the approvals are sent to the 100th payout call, and the
// time from each approval to its payout call (p50, p99: from the approval's answer reaching the
// admin's client to the call reaching the fake, one machine's clock). Baselines are fixed budgets, not a second
// server: RazorpayX asks callers to stay within 5 to 10 calls a second, so the queue must manage 10
// payouts a second (it is then never what holds payouts back), and a payout should be asked for
// within a second of its approval. Run once with the fake answering at once (our own cost), and
// reported once more with 300 ms answers, about what the real API takes.
import { performance } from 'node:perf_hooks';
import { PRIVACY_POLICY_VERSION } from '../../contract/privacy.ts';
import { startFakeRazorpayX, type FakeRazorpayX } from '../../server/test/fake-razorpayx.ts';
import type { ServerProcess } from '../../server/test/server-process.ts';
import { adminToken, withDatabase } from '../lib/database.ts';
import { median, throughput } from '../lib/measure.ts';
import { goal, report } from '../lib/report.ts';
import { connect, fundWallets, rebuildCounters, seedSessions, seedUsers, type Sql } from '../lib/seed.ts';
import { startOurs } from '../lib/servers.ts';

const APPROVALS = 100;
const ROUNDS = 3;
/** RazorpayX's guidance: 5 to 10 API calls a second. */
const PROVIDER_RATE_BUDGET = 10;
const LATENCY_BUDGET_MS = 1000;
const WEBHOOK_SECRET = 'whsec-bench-0123456789';

interface Round {
  rate: number;
  p50: number;
  p99: number;
}

/** One approval at a time (how an admin works): its answer to its payout call, median of these. */
const ONE_AT_A_TIME = 20;

const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** 100 withdrawals (₹100 each, to each person's own UPI ID) made through the API; their ids. */
async function requestWithdrawals(server: ServerProcess, tokens: string[]): Promise<string[]> {
  const ids: string[] = new Array(tokens.length);
  await throughput(tokens.length, 16, async (i) => {
    const form = new FormData();
    form.set('amount', '100');
    form.set('method', 'upi');
    form.set('bankDetails', JSON.stringify({ accountHolderName: 'Asha Verma', upiId: `payee${i}.${tokens[i]!.slice(0, 6).replace(/[^A-Za-z0-9]/g, 'x')}@okaxis` }));
    const res = await server.upload('POST', '/api/withdraw', form, { token: tokens[i] });
    if (res.status !== 201) throw new Error(`withdraw: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    ids[i] = res.body.id as string;
  });
  return ids;
}

async function approveAllAtOnce(server: ServerProcess, fake: FakeRazorpayX, db: Sql, admin: string, ids: string[]): Promise<Round> {
  const before = fake.createRequests().length;
  const startedAt = Date.now();
  // Each approval's moment is when its answer came back: the admin's "approved", the money's job committed.
  const answeredAt = new Map<string, number>();
  const answers = await Promise.all(
    ids.map(async (id) => {
      const answer = await server.api('PUT', `/api/admin/withdrawals/${id}`, { token: admin, body: { status: 'approved' } });
      answeredAt.set(id, Date.now());
      return answer;
    }),
  );
  const refused = answers.filter((a) => a.status !== 200 || a.body.status !== 'paying');
  if (refused.length) throw new Error(`approvals: ${refused.length} not paying, e.g. ${refused[0]!.status} ${JSON.stringify(refused[0]!.body).slice(0, 200)}`);
  const deadline = performance.now() + 60_000;
  while (fake.createRequests().length - before < ids.length) {
    if (performance.now() > deadline) throw new Error(`only ${fake.createRequests().length - before} of ${ids.length} payouts asked for within a minute`);
    await new Promise((r) => setTimeout(r, 5));
  }
  const calls = fake.createRequests().slice(before);
  const lastCall = Math.max(...calls.map((c) => c.at));
  const firstCall = new Map<string, number>();
  for (const c of calls) if (c.idempotencyKey && !firstCall.has(c.idempotencyKey)) firstCall.set(c.idempotencyKey, c.at);
  // A worker may call before the approval's answer has reached the admin: then it counts as 0.
  const latencies = ids.map((id) => Math.max(0, firstCall.get(id)! - answeredAt.get(id)!));
  // Every job recorded as sent before the next round, so rounds do not overlap.
  for (;;) {
    const { rows: open } = await db.query<{ n: number }>(`select count(*)::int as n from payout_jobs where withdrawal_id = any($1::uuid[]) and status <> 'sent'`, [ids]);
    if (open[0]!.n === 0) break;
    if (performance.now() > deadline) throw new Error(`${open[0]!.n} payouts not recorded as sent`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { rate: ids.length / ((lastCall - startedAt) / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function measure(answerDelayMs: number): Promise<Round & { alone: number }> {
  return withDatabase(async (url) => {
    const fake = await startFakeRazorpayX({ answerDelayMs });
    const server = await startOurs({
      databaseUrl: url,
      env: {
        PAYOUT_PROVIDER: 'razorpayx',
        RAZORPAYX_KEY_ID: fake.keyId,
        RAZORPAYX_KEY_SECRET: fake.keySecret,
        RAZORPAYX_ACCOUNT_NUMBER: fake.accountNumber,
        RAZORPAYX_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAYX_BASE_URL: fake.url,
      },
    });
    const db = await connect(url);
    try {
      const admin = await adminToken(server);
      const users = await seedUsers(db, APPROVALS * (ROUNDS + 1) + ONE_AT_A_TIME, { prefix: 3, activated: true });
      await fundWallets(db, users, 1_000_00);
      // People who accepted the current privacy notice (decision 031): anyone else may not withdraw.
      await db.query(`update users set policy_version = $2, policy_accepted_at = now() where id = any($1::uuid[])`, [users, PRIVACY_POLICY_VERSION]);
      const tokens = await seedSessions(db, users);
      await rebuildCounters(db);
      await db.query('analyze');
      const rounds: Round[] = [];
      // Round 0 warms the server and the pool up; not counted.
      for (let round = 0; round <= ROUNDS; round++) {
        const ids = await requestWithdrawals(server, tokens.slice(round * APPROVALS, (round + 1) * APPROVALS));
        const r = await approveAllAtOnce(server, fake, db, admin, ids);
        if (round > 0) rounds.push(r);
      }
      const single = await requestWithdrawals(server, tokens.slice((ROUNDS + 1) * APPROVALS));
      const alone: number[] = [];
      for (const id of single) alone.push((await approveAllAtOnce(server, fake, db, admin, [id])).p50);
      return { rate: median(rounds.map((r) => r.rate)), p50: median(rounds.map((r) => r.p50)), p99: median(rounds.map((r) => r.p99)), alone: median(alone) };
    } finally {
      await db.end();
      await server.stop();
      await fake.close();
    }
  });
}

export async function benchPayouts(): Promise<void> {
  console.log(`\n# payouts: ${APPROVALS} approvals at once, paid through the queue against the fake RazorpayX on PostgreSQL (${ROUNDS} rounds, medians)`);
  const now = await measure(0);
  const rateRatio = now.rate / PROVIDER_RATE_BUDGET;
  await report({
    name: 'payouts.created-per-second',
    value: now.rate,
    unit: 'payouts/s',
    baseline: { name: 'razorpayx-rate-guidance', value: PROVIDER_RATE_BUDGET, unit: 'calls/s' },
    ratio: rateRatio,
    ...goal(rateRatio, 'atLeast', 1),
    notes: 'from sending 100 approvals at once to the 100th POST /v1/payouts at a fake answering at once',
  });
  for (const [name, value] of [['p50', now.p50], ['p99', now.p99]] as const) {
    const ratio = value / LATENCY_BUDGET_MS;
    await report({
      name: `payouts.approval-to-call-${name}`,
      value,
      unit: 'ms',
      baseline: { name: 'budget', value: LATENCY_BUDGET_MS, unit: 'ms' },
      ratio,
      ...goal(ratio, 'atMost', 1),
      notes: "from each approval's answer to its payout call reaching the fake, 100 approvals at once",
    });
  }
  await report({
    name: 'payouts.approval-to-call-one-at-a-time',
    value: now.alone,
    unit: 'ms',
    baseline: { name: 'budget', value: LATENCY_BUDGET_MS, unit: 'ms' },
    ratio: now.alone / LATENCY_BUDGET_MS,
    ...goal(now.alone / LATENCY_BUDGET_MS, 'atMost', 1),
    notes: `median of ${ONE_AT_A_TIME} approvals made one after another, as an admin makes them`,
  });
  const slow = await measure(300);
  await report({
    name: 'payouts.created-per-second-300ms-api',
    value: slow.rate,
    unit: 'payouts/s',
    baseline: { name: 'razorpayx-rate-guidance', value: PROVIDER_RATE_BUDGET, unit: 'calls/s' },
    ratio: slow.rate / PROVIDER_RATE_BUDGET,
    notes: `the fake answering in 300 ms, about the real API's time; approval-to-call p50 ${slow.p50.toFixed(0)} ms, p99 ${slow.p99.toFixed(0)} ms`,
  });
}
