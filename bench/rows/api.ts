// Authenticated reads under load: GET /api/user and a 50-row page of GET /api/transactions, 16
// connections, against the bare Fastify + pg baseline answering the same JSON from the same database.
import { adminToken, withDatabase } from '../lib/database.ts';
import { interleave, load } from '../lib/measure.ts';
import { goal, report } from '../lib/report.ts';
import { connect, rebuildCounters, seedHistory, seedSessions, seedUsers } from '../lib/seed.ts';
import { startBaseline, startOurs } from '../lib/servers.ts';

export async function benchApi(): Promise<void> {
  console.log('\n# api: authenticated reads, 16 connections, against bare Fastify + pg (3 interleaved rounds, medians)');
  await withDatabase(async (url) => {
    const ours = await startOurs({ databaseUrl: url });
    const base = await startBaseline(url);
    const db = await connect(url);
    try {
      await adminToken(ours);
      const [userId] = await seedUsers(db, 1, { prefix: 1, activated: true });
      await seedHistory(db, userId!, 100);
      const [token] = await seedSessions(db, [userId!]);
      await rebuildCounters(db);
      await db.query('analyze');
      const headers = { authorization: `Bearer ${token}` };
      for (const [name, path, target] of [
        ['api.user', '/api/user', 0.8],
        ['api.transactions-page', '/api/transactions?limit=50', 0.7],
      ] as const) {
        const r = await interleave(
          3,
          async () => ({ ...(await load(`${ours.url}${path}`, { headers })) }),
          async () => ({ ...(await load(`${base.url}${path}`, { headers })) }),
        );
        const ratio = r.ours.rps / r.base.rps;
        await report({ name: `${name}-rps`, value: r.ours.rps, unit: 'req/s', baseline: { name: 'bare', value: r.base.rps, unit: 'req/s' }, ratio, ...goal(ratio, 'atLeast', target) });
        const p99 = r.ours.p99 / r.base.p99;
        await report({ name: `${name}-p99`, value: r.ours.p99, unit: 'ms', baseline: { name: 'bare', value: r.base.p99, unit: 'ms' }, ratio: p99, ...(name === 'api.user' ? goal(p99, 'atMost', 1.5) : {}) });
      }
    } finally {
      await db.end();
      await ours.stop();
      await base.stop();
    }
  });
}
