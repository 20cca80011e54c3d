// GET /metrics (Prometheus text, behind METRICS_TOKEN), GET /readyz (database, migrations, not
// shutting down), and readiness failing first when the process is told to stop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, nextUtr, pngFile, registerUser } from '../test/fixtures.ts';
import { startServerProcess } from '../test/server-process.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line, e.g. `money_operations_total{kind="payment_decision",outcome="ok"}`. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const inside = /\{(.*)\}/.exec(line)?.[1] ?? '';
    if (want.every((w) => inside.split(',').includes(w))) return Number(line.split(' ').pop());
  }
  return null;
}

describe.each(drivers)('metrics and readiness (%s)', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver, env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => s.close());

  const metrics = async () => {
    const res = await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    return res.text();
  };

  it('refuses /metrics without the token or with a wrong one', async () => {
    expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${s.url}/metrics`, { headers: { Authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    expect((await fetch(`${s.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
  });

  it('counts requests by route pattern, money operations by outcome, SMS and pending work', async () => {
    const admin = await createAdmin(s);
    const user = await registerUser(s, admin.user.referralCode);
    const form = new FormData();
    form.set('utrNumber', nextUtr());
    form.set('screenshot', pngFile());
    const proof = await s.upload('POST', '/api/submit-manual-payment', form, { token: user.token });
    expect(proof.status).toBe(201);
    let text = await metrics();
    expect(sample(text, 'pending_items', { kind: 'payments' })).toBe(1);
    expect(sample(text, 'sms_total', { outcome: 'sent' })).toBeGreaterThanOrEqual(1);

    expect((await s.api('PUT', `/api/admin/manual-payments/${proof.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200);
    expect((await s.api('PUT', `/api/admin/manual-payments/${proof.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(409);
    const poor = await createActivatedUser(s, admin.token, admin.user.referralCode);
    expect((await s.api('POST', '/api/withdraw', { token: poor.token, body: { amount: '5000', method: 'upi', accountHolderName: 'A', upiId: 'a@okaxis' } })).status).toBe(400);

    text = await metrics();
    expect(sample(text, 'money_operations_total', { kind: 'payment_decision', outcome: 'ok' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'money_operations_total', { kind: 'payment_decision', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'money_operations_total', { kind: 'withdrawal_request', outcome: 'refused' })).toBe(1);
    expect(sample(text, 'pending_items', { kind: 'payments' })).toBe(0);
    // Routes by pattern, never by raw URL: an id never becomes a label.
    expect(sample(text, 'http_requests_total', { route: '/api/admin/manual-payments/:id', method: 'PUT', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(proof.body.id);
    expect(text).toContain('http_request_duration_seconds_bucket');
    if (driver === 'postgres') expect(sample(text, 'db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    await expectLedgerHolds(s);
  });

  it('is ready when the database answers and every migration is applied', async () => {
    const res = await s.api('GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ready');
    expect(res.body.migrations).toBeGreaterThanOrEqual(9);
  });
});

describe('without METRICS_TOKEN', () => {
  it('has no /metrics at all', async () => {
    const s = await startTestServer();
    try {
      expect((await fetch(`${s.url}/metrics`)).status).toBe(404);
    } finally {
      await s.close();
    }
  });
});

describe('shutting down', () => {
  it('fails /readyz first, keeps serving through the drain time, then exits cleanly', async () => {
    const p = await startServerProcess({ env: { SHUTDOWN_DRAIN_MS: '1500' } });
    try {
      expect((await p.api('GET', '/readyz')).status).toBe(200);
      p.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await p.api('GET', '/readyz')).status).toBe(503);
      expect((await p.api('GET', '/healthz')).status).toBe(200);
      expect(await p.exited).toBe(0);
    } finally {
      await p.stop().catch(() => undefined);
    }
  });
});
