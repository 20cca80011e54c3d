import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, type RegisteredUser } from '../test/fixtures.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';
import { buildLedgerReport } from './ledger-report.ts';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe.each(drivers)('ledger:check report (%s)', (driver) => {
  let s: TestServer;
  let a: RegisteredUser;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    const admin = await createAdmin(s);
    a = await createFundedUser(s, admin.token, admin.user.referralCode, 5);
    await s.api('POST', '/api/use-spin', { token: a.token });
    expect((await withdraw(s, a.token, { amount: '700' })).status).toBe(201);
  });
  afterAll(() => s.close());

  it('passes on real data and prints the platform totals', async () => {
    const report = await buildLedgerReport(s.ctx.db);
    expect(report.ok).toBe(true);
    const text = report.lines.join('\n');
    expect(text).toContain('✓ every entry sums to zero');
    expect(text).not.toContain('✗');
    // A's five referrals, plus the admin's reward for referring A.
    expect(text).toMatch(/referral_rewards\s+-2400\.00/);
    expect(text).toMatch(/spin_prizes\s+-200\.00/);
    expect(text).toMatch(/payouts_pending\s+700\.00/);
    expect(text).toMatch(/user wallets\s+1900\.00/);
  });

  it('fails and names the broken invariant when a cached balance is tampered with', async () => {
    await s.ctx.db.execute(sql`update ledger_accounts set balance_paise = balance_paise + 1 where id = ${a.user.id}`);
    try {
      const report = await buildLedgerReport(s.ctx.db);
      expect(report.ok).toBe(false);
      const text = report.lines.join('\n');
      expect(text).toContain('✗ every cached wallet balance equals the sum of its lines');
      expect(text).toContain(a.user.id);
    } finally {
      await s.ctx.db.execute(sql`update ledger_accounts set balance_paise = balance_paise - 1 where id = ${a.user.id}`);
    }
  });

  it.runIf(driver === 'postgres')('npm run ledger:check exits 0 on good data, 1 on broken data', async () => {
    const env = { ...process.env, DATABASE_URL: s.ctx.config.databaseUrl!, DATA_DIR: s.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    const good = await run('npx', ['tsx', 'scripts/ledger-check.ts'], { cwd: root, env });
    expect(good.stdout).toContain('All ledger invariants hold.');
    await s.ctx.db.execute(sql`update ledger_accounts set balance_paise = balance_paise + 1 where id = ${a.user.id}`);
    try {
      const bad = await run('npx', ['tsx', 'scripts/ledger-check.ts'], { cwd: root, env }).then(
        () => ({ code: 0, stdout: '' }),
        (err: { code: number; stdout: string }) => err,
      );
      expect(bad.code).toBe(1);
      expect(bad.stdout).toContain('✗');
    } finally {
      await s.ctx.db.execute(sql`update ledger_accounts set balance_paise = balance_paise - 1 where id = ${a.user.id}`);
    }
  });
});
