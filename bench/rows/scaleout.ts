// Scaling out (issue 13): the same PostgreSQL served by one process and by two behind HAProxy
// (Debian's, as the balancer test uses it), GET /api/user under load and withdrawal requests at 16
// at once, rounds interleaved; and a start that must build first against one from a fresh build.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startHaproxy, HAPROXY } from '../../server/test/haproxy.ts';
import { createApiClient } from '../../server/test/api-client.ts';
import { startServerProcess } from '../../server/test/server-process.ts';
import { adminToken, withDatabase } from '../lib/database.ts';
import { interleave, load, median, throughput } from '../lib/measure.ts';
import { accountNumberFor } from '../../server/test/bank-account.ts';
import { BENCH_ROOT, report } from '../lib/report.ts';
import { connect, fundWallets, rebuildCounters, seedSessions, seedUsers } from '../lib/seed.ts';
import { prepareServers, startOurs } from '../lib/servers.ts';

/** ₹100 to the person's own UPI ID (people do not share one: that is a fraud signal). */
function withdrawForm(token: string): FormData {
  const form = new FormData();
  form.set('amount', '100');
  form.set('method', 'upi');
  form.set('bankDetails', JSON.stringify({ accountHolderName: 'Asha Verma', upiId: `asha${accountNumberFor(token)}@okaxis` }));
  return form;
}

export async function benchScaleout(): Promise<void> {
  console.log('\n# scaleout: two processes behind HAProxy against one, on one PostgreSQL (3 interleaved rounds, medians)');
  if (!HAPROXY) {
    console.log('  skipped: haproxy is not installed (apt-get install haproxy)');
    return;
  }
  await withDatabase(async (url) => {
    const a = await startOurs({ databaseUrl: url });
    const b = await startOurs({ databaseUrl: url });
    const one = await startHaproxy([{ name: 'a', port: a.port }]);
    const two = await startHaproxy([
      { name: 'a', port: a.port },
      { name: 'b', port: b.port },
    ]);
    const db = await connect(url);
    try {
      await adminToken(a);
      const users = await seedUsers(db, 64, { prefix: 1, activated: true });
      await fundWallets(db, users, 10_000_00);
      const tokens = await seedSessions(db, users);
      await rebuildCounters(db);
      await db.query('analyze');
      const headers = { authorization: `Bearer ${tokens[0]}` };

      const reads = await interleave(
        3,
        async () => ({ ...(await load(`${two.url}/api/user`, { headers })) }),
        async () => ({ ...(await load(`${one.url}/api/user`, { headers })) }),
      );
      await report({ name: 'scaleout.user-rps', value: reads.ours.rps, unit: 'req/s', baseline: { name: 'one-process', value: reads.base.rps, unit: 'req/s' }, ratio: reads.ours.rps / reads.base.rps });

      const withdrawals = (balancer: string) => async () => {
        const client = createApiClient(balancer, a.dataDir);
        const ops = await throughput(320, 16, async (i) => {
          const res = await client.upload('POST', '/api/withdraw', withdrawForm(tokens[i % tokens.length]!), { token: tokens[i % tokens.length] });
          if (res.status !== 201) throw new Error(`withdraw: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        });
        return { ops };
      };
      const writes = await interleave(3, withdrawals(two.url), withdrawals(one.url));
      await report({ name: 'scaleout.withdrawals', value: writes.ours.ops, unit: 'ops/s', baseline: { name: 'one-process', value: writes.base.ops, unit: 'ops/s' }, ratio: writes.ours.ops / writes.base.ops });
    } finally {
      await db.end();
      await one.stop();
      await two.stop();
      await a.stop();
      await b.stop();
    }

    // Start with a build on the way (a fresh checkout, or sources newer than the build) against a
    // start from the prebuilt bundle, both through `npm start`'s script.
    await prepareServers();
    const env = { LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    const startScript = [path.join(BENCH_ROOT, 'scripts', 'start.mjs')];
    const timed = async () => {
      const t0 = performance.now();
      const server = await startServerProcess({ databaseUrl: url, args: startScript, env });
      const ms = performance.now() - t0;
      await server.stop();
      return ms;
    };
    const prebuilt = median([await timed(), await timed(), await timed()]);
    await rm(path.join(BENCH_ROOT, 'dist', '.build-stamp'), { force: true });
    const withBuild = await timed();
    await report({ name: 'scaleout.start-with-build', value: withBuild, unit: 'ms', baseline: { name: 'prebuilt', value: prebuilt, unit: 'ms' }, ratio: withBuild / prebuilt });
  });
}
