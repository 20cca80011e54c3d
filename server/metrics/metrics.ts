// What an operator watches (GET /metrics, Prometheus text format, prom-client): requests by route
// and status with their latency, the database pool, money operations by kind and outcome, pending
// payments and withdrawals (from the Overview's running counters) and SMS sent and failed. One
// registry per app, so test servers in one process keep their own counts.
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/** Money-moving routes, by the kind of operation they are. */
const MONEY_ROUTES: Record<string, string> = {
  'POST /api/submit-manual-payment': 'payment_proof',
  'PUT /api/admin/manual-payments/:id': 'payment_decision',
  'PUT /api/admin/users/:id/activate': 'direct_activation',
  'POST /api/withdraw': 'withdrawal_request',
  'PUT /api/admin/withdrawals/:id': 'withdrawal_decision',
  'POST /api/use-spin': 'spin',
};

export interface MetricsSources {
  db: Db;
  poolStats(): { total: number; idle: number; waiting: number } | null;
}

export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'route' | 'method' | 'status'>;
  private readonly latency: Histogram<'route' | 'method' | 'status'>;
  private readonly money: Counter<'kind' | 'outcome'>;
  private readonly smsSent: Counter<'outcome'>;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route, method and status', labelNames: ['route', 'method', 'status'], registers });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.money = new Counter({ name: 'money_operations_total', help: 'Money operations by kind and outcome (ok, refused, failed)', labelNames: ['kind', 'outcome'], registers });
    this.smsSent = new Counter({ name: 'sms_total', help: 'SMS handed to the provider, by outcome (sent, failed)', labelNames: ['outcome'], registers });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on the embedded database',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = sources.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'pending_items',
      help: 'Payment proofs and withdrawals waiting for an admin',
      labelNames: ['kind'],
      registers,
      async collect() {
        const rows = await queryRows<{ name: string; total: string }>(
          sources.db,
          sql`select name, sum(value)::text as total from stat_counters where name in ('pending_payments', 'pending_withdrawals') group by name`,
        );
        const total = (name: string) => Number(rows.find((r) => r.name === name)?.total ?? 0);
        this.set({ kind: 'payments' }, total('pending_payments'));
        this.set({ kind: 'withdrawals' }, total('pending_withdrawals'));
      },
    });
    new Gauge({
      name: 'ledger_head_block',
      help: "The ledger chain's newest sealed block (its digest: npm run ledger:head); a number that goes down means the chain was cut",
      registers,
      async collect() {
        const [row] = await queryRows<{ seq: string | null }>(sources.db, sql`select max(seq)::text as seq from ledger_blocks`);
        this.set(Number(row?.seq ?? 0));
      },
    });
  }

  /** One answered request (route is the route's pattern, never the raw URL, so labels stay few). */
  observeRequest(route: string | undefined, method: string, status: number, seconds: number): void {
    const labels = { route: route ?? 'unmatched', method, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
    const kind = route ? MONEY_ROUTES[`${method} ${route}`] : undefined;
    if (kind) this.money.inc({ kind, outcome: status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed' });
  }

  sms(outcome: 'sent' | 'failed'): void {
    this.smsSent.inc({ outcome });
  }
}
