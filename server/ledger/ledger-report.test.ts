import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drivers, startTestServer, TEST_SECRETS_KEY, type TestServer } from '../test/harness.ts';
import { createAdmin, type RegisteredUser } from '../test/fixtures.ts';
import { createFundedUser, withdraw } from '../test/money-fixtures.ts';
import { buildLedgerReport } from './ledger-report.ts';
import { sealLedger } from './ledger-seal.ts';
import { queryRows } from '../db/rows.ts';

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
    const report = await buildLedgerReport(s.ctx.db, s.ctx.secretsKey);
    expect(report.ok).toBe(true);
    const text = report.lines.join('\n');
    expect(text).toContain('✓ every entry sums to zero');
    expect(text).not.toContain('✗');
    // A's five referrals, plus the admin's reward for referring A (held: the admin approved it).
    expect(text).toMatch(/referral_rewards\s+-2400\.00/);
    expect(text).toMatch(/spin_prizes\s+-200\.00/);
    expect(text).toMatch(/payouts_pending\s+700\.00/);
    expect(text).toMatch(/user wallets\s+1500\.00/);
  });

  it('fails and names the broken invariant when a cached balance is tampered with', async () => {
    await s.ctx.db.execute(sql`update ledger_accounts set balance_paise = balance_paise + 1 where id = ${a.user.id}`);
    try {
      const report = await buildLedgerReport(s.ctx.db, s.ctx.secretsKey);
      expect(report.ok).toBe(false);
      const text = report.lines.join('\n');
      expect(text).toContain('✗ every cached balance (wallets and debts) equals the sum of its lines');
      expect(text).toContain(a.user.id);
    } finally {
      await s.ctx.db.execute(sql`update ledger_accounts set balance_paise = balance_paise - 1 where id = ${a.user.id}`);
    }
  });

  it('refuses to change or delete a posted entry or line: a mistake is corrected by a reversing entry', async () => {
    const [line] = await queryRows<{ id: string; entry_id: string }>(s.ctx.db, sql`select id::text, entry_id::text from ledger_lines where account_id = ${a.user.id} limit 1`);
    for (const statement of [
      sql`update ledger_lines set amount_paise = amount_paise + 1 where id = ${line!.id}`,
      sql`delete from ledger_lines where id = ${line!.id}`,
      sql`update ledger_entries set description = 'changed' where id = ${line!.entry_id}`,
      sql`delete from ledger_entries where id = ${line!.entry_id}`,
      sql`truncate ledger_lines`,
    ]) {
      await expect(s.ctx.db.execute(statement)).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'RH003' }) });
    }
  });

  it('seals entries into a chain that ledger:check recomputes, and names the entry a superuser edited', async () => {
    await sealLedger(s.ctx.db, s.ctx.now(), s.ctx.secretsKey);
    const sealed = await buildLedgerReport(s.ctx.db, s.ctx.secretsKey);
    expect(sealed.ok).toBe(true);
    expect(sealed.lines.join('\n')).toMatch(/Sealed chain: \d+ block\(s\), \d+ entries sealed, 0 not sealed yet/);
    expect(sealed.lines.join('\n')).toMatch(/ledger-head block=\d+ digest=[0-9a-f]{64}/);
    // The seals are append-only too.
    for (const statement of [sql`update ledger_entry_seals set entry_hash = 'x'`, sql`delete from ledger_blocks`]) {
      await expect(s.ctx.db.execute(statement)).rejects.toMatchObject({ cause: expect.objectContaining({ code: 'RH003' }) });
    }

    // A balanced edit (+1 on a's line, -1 on its platform twin) passes every sum check: only the chain sees it.
    const [line] = await queryRows<{ id: string; entry_id: string; twin: string }>(
      s.ctx.db,
      sql`select l.id::text, l.entry_id::text, t.id::text as twin from ledger_lines l join ledger_lines t on t.entry_id = l.entry_id and t.id <> l.id
          where l.account_id = ${a.user.id} order by l.seq limit 1`,
    );
    const edit = async (delta: number) => {
      await s.ctx.db.execute(sql`alter table ledger_lines disable trigger ledger_lines_append_only`);
      await s.ctx.db.execute(sql`update ledger_lines set amount_paise = amount_paise + ${delta} where id = ${line!.id}`);
      await s.ctx.db.execute(sql`update ledger_lines set amount_paise = amount_paise - ${delta} where id = ${line!.twin}`);
      await s.ctx.db.execute(sql`alter table ledger_lines enable trigger ledger_lines_append_only`);
    };
    await edit(1);
    try {
      const report = await buildLedgerReport(s.ctx.db, s.ctx.secretsKey);
      expect(report.ok).toBe(false);
      const text = report.lines.join('\n');
      expect(text).toContain('✓ every entry sums to zero');
      expect(text).toContain('✗ the sealed chain of entries is unbroken');
      expect(text).toContain(line!.entry_id);
    } finally {
      await edit(-1);
    }
    expect((await buildLedgerReport(s.ctx.db, s.ctx.secretsKey)).ok).toBe(true);
  });

  it.runIf(driver === 'postgres')('npm run ledger:check exits 0 on good data, 1 on broken data', async () => {
    const env = { ...process.env, DATABASE_URL: s.ctx.config.databaseUrl!, SECRETS_KEY: TEST_SECRETS_KEY, DATA_DIR: s.dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
    await sealLedger(s.ctx.db, s.ctx.now(), s.ctx.secretsKey);
    const head = (await run('npx', ['tsx', 'scripts/ledger-head.ts'], { cwd: root, env })).stdout.trim();
    expect(head).toMatch(/^ledger-head block=\d+ digest=[0-9a-f]{64} sealed=\S+$/);
    const good = await run('npx', ['tsx', 'scripts/ledger-check.ts', '--head', head], { cwd: root, env });
    expect(good.stdout).toContain('All ledger invariants hold.');
    const wrongHead = head.replace(/digest=(.)/, (_, c: string) => `digest=${c === '0' ? '1' : '0'}`);
    const refused = await run('npx', ['tsx', 'scripts/ledger-check.ts', '--head', wrongHead], { cwd: root, env }).then(
      () => ({ code: 0, stdout: '' }),
      (err: { code: number; stdout: string }) => err,
    );
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('no longer has the digest recorded in the head');
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
