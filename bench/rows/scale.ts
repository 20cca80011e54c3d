// At scale (1,000,000 users by default, BENCH_USERS): the admin user list (keyset pages and searches
// against /healthz), a user's transaction history whatever its length (a user with 10,000 entries
// against one with 100), and the admin stats against a one-row read on the baseline server.
import { adminToken, withDatabase } from '../lib/database.ts';
import { latency, median } from '../lib/measure.ts';
import { goal, report } from '../lib/report.ts';
import { connect, rebuildCounters, seedHistory, seedSessions, seedUsers } from '../lib/seed.ts';
import { startBaseline, startOurs } from '../lib/servers.ts';

export async function benchScale(): Promise<void> {
  const n = Number(process.env.BENCH_USERS ?? 1_000_000);
  console.log(`\n# scale: ${n.toLocaleString('en-IN')} users on PostgreSQL`);
  await withDatabase(async (url) => {
    const ours = await startOurs({ databaseUrl: url });
    const base = await startBaseline(url);
    const db = await connect(url);
    try {
      const admin = await adminToken(ours);
      const t0 = Date.now();
      // In chunks, so no single statement runs into the server's statement timeout.
      for (let done = 0, chunk = 0; done < n; done += 250_000, chunk++) await seedUsers(db, Math.min(250_000, n - done), { prefix: 10 + chunk, activated: chunk % 3 === 0 });
      const [heavy, light] = await seedUsers(db, 2, { prefix: 99, activated: true });
      await seedHistory(db, heavy!, 10_000);
      await seedHistory(db, light!, 100);
      const [heavyToken, lightToken] = await seedSessions(db, [heavy!, light!]);
      await rebuildCounters(db);
      await db.query('analyze');
      console.log(`  seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

      const get = (path: string, token: string) => async () => {
        const res = await ours.api('GET', path, { token });
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      };
      const health = await latency(() => ours.api('GET', '/healthz'));
      const healthBase = { name: 'healthz', value: health, unit: 'ms' };

      // Admin user list, keyset paged.
      const { rows } = await db.query<{ t: string; id: string }>(
        `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, id::text as id from users order by created_at desc, id desc offset $1 limit 1`,
        [Math.floor(n / 2)],
      );
      const cursor = Buffer.from(JSON.stringify([rows[0]!.t, rows[0]!.id])).toString('base64url');
      for (const [name, query] of [
        ['scale.users-first-page', 'limit=50'],
        ['scale.users-deep-page', `limit=50&cursor=${cursor}`],
        ['scale.users-search-name', 'limit=50&q=member100777'],
        ['scale.users-search-part-of-phone', 'limit=50&q=0077777'],
      ] as const) {
        const ms = await latency(get(`/api/admin/users?${query}`, admin));
        await report({ name, value: ms, unit: 'ms', baseline: healthBase, ratio: ms / health });
      }

      // History: the same page for a long and a short history.
      const heavyMs = await latency(get('/api/transactions?limit=50', heavyToken!), 40);
      const lightMs = await latency(get('/api/transactions?limit=50', lightToken!), 40);
      const ratio = heavyMs / lightMs;
      await report({
        name: 'scale.history-10000-vs-100',
        value: heavyMs,
        unit: 'ms',
        baseline: { name: '100-entries', value: lightMs, unit: 'ms' },
        ratio,
        ...goal(ratio, 'atMost', 1.5),
        notes: 'GET /api/transactions?limit=50 for a user with 10,000 wallet lines against one with 100',
      });
      // And a page deep in the long history.
      const mid = (await ours.api('GET', '/api/transactions?limit=200', { token: heavyToken! })).body.at(-1).id as string;
      const deepMs = await latency(get(`/api/transactions?limit=50&before=${mid}`, heavyToken!), 40);
      await report({ name: 'scale.history-deep-page', value: deepMs, unit: 'ms', baseline: { name: '100-entries', value: lightMs, unit: 'ms' }, ratio: deepMs / lightMs, ...goal(deepMs / lightMs, 'atMost', 1.5) });

      // Admin stats against one row read over HTTP on the bare server.
      const statsMs = await latency(get('/api/admin/stats', admin), 25);
      const oneRow = median([await latency(() => base.api('GET', '/one-row')), await latency(() => base.api('GET', '/one-row'))]);
      const statsRatio = statsMs / oneRow;
      await report({ name: 'scale.admin-stats', value: statsMs, unit: 'ms', baseline: { name: 'one-row-read', value: oneRow, unit: 'ms' }, ratio: statsRatio, ...goal(statsRatio, 'atMost', 3) });
    } finally {
      await db.end();
      await ours.stop();
      await base.stop();
    }
  });
}
