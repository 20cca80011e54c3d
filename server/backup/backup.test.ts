// Backups round-trip a populated database, on the embedded database and on PostgreSQL: after
// `restore`, a fresh server on the restored data signs the same people in, shows the same
// balances and screenshots, and the ledger holds. An embedded backup moves into PostgreSQL (the
// real commands, as an operator runs them), and the embedded database is never backed up or
// checked while a server runs on it.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { loadConfig, type Config } from '../env.ts';
import { checkLedgerInvariants } from '../ledger/ledger-check.ts';
import { createUploadStore } from '../create-context.ts';
import { createPostgresDatabase, TEST_SECRETS_KEY } from '../test/harness.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { ADMIN, createActivatedUser, createAdmin, nextUtr, PNG_1X1, pngFile, registerUser } from '../test/fixtures.ts';
import { totp } from '../test/independent-totp.ts';
import { readBackup, restoreBackup, writeBackup } from './backup.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => undefined);
});

function configFor(env: Record<string, string>): Config {
  const loaded = loadConfig({ SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'silent', ...env }, 'tool');
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.config;
}

interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** One of the npm commands (scripts/<name>.ts) as a real process, with only the environment given. */
function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [path.join(ROOT, 'scripts', `${name}.ts`), ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

interface Populated {
  admin: { token: string };
  user: { phone: string; password: string; balance: string };
  proofId: string;
  totalUsers: number;
}

async function populate(p: ServerProcess): Promise<Populated> {
  const admin = await createAdmin(p);
  const user = await createActivatedUser(p, admin.token, admin.user.referralCode);
  for (let i = 0; i < 2; i++) await createActivatedUser(p, admin.token, user.user.referralCode);
  // A pending proof, so its screenshot must survive the round trip.
  const pending = await registerUser(p, user.user.referralCode);
  const form = new FormData();
  form.set('utrNumber', nextUtr());
  form.set('screenshot', pngFile('proof.png', PNG_1X1));
  const proof = await p.upload('POST', '/api/submit-manual-payment', form, { token: pending.token });
  expect(proof.status, JSON.stringify(proof.body)).toBe(201);
  const me = await p.api('GET', '/api/user', { token: user.token });
  expect(me.body.walletBalance).toBe('800.00');
  const stats = await p.api('GET', '/api/admin/stats', { token: admin.token });
  return {
    admin: { token: admin.token },
    user: { phone: user.phone, password: user.password, balance: me.body.walletBalance },
    proofId: proof.body.id,
    totalUsers: stats.body.totalUsers,
  };
}

async function expectSameProduct(p: ServerProcess, before: Populated): Promise<void> {
  const login = await p.api('POST', '/api/login', { body: { phone: before.user.phone, password: before.user.password } });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  expect(login.body.user.walletBalance).toBe(before.user.balance);
  const shot = await fetch(`${p.url}/api/manual-payments/${before.proofId}/screenshot`, { headers: { Authorization: `Bearer ${before.admin.token}` } });
  expect(shot.status).toBe(200);
  expect(Buffer.from(await shot.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  const stats = await p.api('GET', '/api/admin/stats', { token: before.admin.token });
  expect(stats.body.totalUsers).toBe(before.totalUsers);
}

// Real processes, each booting tsx and opening (and migrating) a database: slow on a busy machine.
describe('backup and restore', { timeout: 240_000 }, () => {
  it('round-trips the embedded database with its uploads and generated key', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rh-backup-src-'));
    const target = await mkdtemp(path.join(tmpdir(), 'rh-backup-dst-'));
    const file = path.join(target, 'site.backup');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }), () => rm(target, { recursive: true, force: true }));
    const source = await startServerProcess({ dataDir });
    const before = await populate(source);
    await source.stop(); // PGlite is one process's database: back it up stopped
    await writeFile(path.join(dataDir, 'secrets.key'), `${'ab'.repeat(32)}\n`);

    const manifest = await writeBackup(configFor({ DATA_DIR: dataDir, SECRETS_KEY: '' }), file);
    expect(manifest.database).toBe('pglite');
    expect(manifest.sections.filter((s) => s.name.startsWith('uploads/')).length).toBeGreaterThanOrEqual(1);
    expect((await readBackup(file)).sections.get('secrets.key')?.toString()).toBe(`${'ab'.repeat(32)}\n`);

    const restoredDir = path.join(target, 'data');
    const config = configFor({ DATA_DIR: restoredDir, SECRETS_KEY: '' });
    await restoreBackup(config, file, async () => createUploadStore(config, await openDatabase({ dataDir: restoredDir })));
    expect(await readFile(path.join(restoredDir, 'secrets.key'), 'utf8')).toBe(`${'ab'.repeat(32)}\n`);
    await expect(restoreBackup(config, file, () => Promise.reject(new Error('unused')))).rejects.toThrow(/not empty: restore into a new DATA_DIR/);

    const restored = await startServerProcess({ dataDir: restoredDir });
    cleanup.push(() => restored.stop());
    await expectSameProduct(restored, before);
    await restored.stop();
    const database = await openDatabase({ dataDir: restoredDir });
    try {
      expect((await checkLedgerInvariants(database.db, Buffer.from(TEST_SECRETS_KEY, 'hex'))).filter((r) => !r.ok)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.skipIf(!BASE_URL)('round-trips PostgreSQL (uploads inside it) while the server keeps running', async () => {
    const source = await createPostgresDatabase(BASE_URL!);
    const target = await createPostgresDatabase(BASE_URL!);
    const dir = await mkdtemp(path.join(tmpdir(), 'rh-backup-pg-'));
    const file = path.join(dir, 'site.backup');
    cleanup.push(() => source.drop(), () => target.drop(), () => rm(dir, { recursive: true, force: true }));
    const server = await startServerProcess({ databaseUrl: source.url });
    cleanup.push(() => server.stop());
    const before = await populate(server);
    const manifest = await writeBackup(configFor({ DATABASE_URL: source.url, DATA_DIR: dir }), file);
    expect(manifest).toMatchObject({ database: 'postgres', storage: 'db' });
    await server.stop();

    const config = configFor({ DATABASE_URL: target.url, DATA_DIR: dir });
    await restoreBackup(config, file, () => Promise.reject(new Error('uploads are inside the database')));
    const database = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    try {
      expect((await checkLedgerInvariants(database.db, Buffer.from(TEST_SECRETS_KEY, 'hex'))).filter((r) => !r.ok)).toEqual([]);
    } finally {
      await database.close();
    }
    const restored = await startServerProcess({ databaseUrl: target.url });
    cleanup.push(() => restored.stop());
    await expectSameProduct(restored, before);
    await expect(restoreBackup(configFor({ DATA_DIR: dir }), file, () => Promise.reject(new Error('unused')))).rejects.toThrow(/set DATABASE_URL/);
  });
  it('writes to DATA_DIR/backups by default, and refuses (as ledger:check does) while a server runs on the embedded database', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rh-backup-lock-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir, SECRETS_KEY: TEST_SECRETS_KEY };
    const server = await startServerProcess({ dataDir });
    cleanup.push(() => server.stop());
    await createAdmin(server);

    const backup = await runScript('backup', [], env);
    expect(backup.code, backup.stdout + backup.stderr).toBe(1);
    expect(backup.stderr).toContain(`Backup failed: a server (process ${server.pid}) is running on the embedded database in ${dataDir}: stop it first, then back it up.`);
    expect(existsSync(path.join(dataDir, 'backups'))).toBe(false);
    const check = await runScript('ledger-check', [], env);
    expect(check.code, check.stdout + check.stderr).toBe(1);
    expect(check.stderr).toContain(`a server (process ${server.pid}) is running on the embedded database in ${dataDir}: stop it first, then check the ledger.`);
    expect(check.stdout).not.toContain('Ledger invariants');

    await server.stop();
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false); // the server took its mark away
    const written = await runScript('backup', [], env);
    expect(written.code, written.stdout + written.stderr).toBe(0);
    const files = await readdir(path.join(dataDir, 'backups'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^referralhub-\d{4}-\d{2}-\d{2}T[\d-]+Z\.backup$/);
    const file = path.join(dataDir, 'backups', files[0]!);
    expect(written.stdout).toContain(`Backup written to ${file}: the embedded database`);
    expect((await stat(file)).mode & 0o777).toBe(0o600); // every account and the key: the owner's only
    expect((await stat(path.join(dataDir, 'backups'))).mode & 0o777).toBe(0o700);
    expect((await readBackup(file)).manifest.database).toBe('pglite');
    const checked = await runScript('ledger-check', [], env);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);

    // A mark left by a server that was killed (its process gone) does not hold the directory.
    const gone = execFile(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    await writeFile(path.join(dataDir, 'server.pid'), `${gone.pid} -\n`);
    const afterCrash = await runScript('backup', [path.join(dataDir, 'again.backup')], env);
    expect(afterCrash.code, afterCrash.stdout + afterCrash.stderr).toBe(0);
  });

  it.skipIf(!BASE_URL)('moves an embedded install into an empty PostgreSQL: same people, same money, same two-factor secrets, a clean ledger:check', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rh-move-src-'));
    const target = await createPostgresDatabase(BASE_URL!);
    const other = await createPostgresDatabase(BASE_URL!);
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }), () => target.drop(), () => other.drop());
    // The embedded default: no SECRETS_KEY, so the install generates DATA_DIR/secrets.key.
    const source = await startServerProcess({ dataDir, env: { SECRETS_KEY: '' } });
    cleanup.push(() => source.stop());
    const before = await populate(source);
    const setup = await source.api('POST', '/api/admin/2fa/setup', { token: before.admin.token });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const verified = await source.api('POST', '/api/admin/2fa/verify', { token: before.admin.token, body: { token: totp(setup.body.secret, Date.now()) } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    const userLogin = await source.api('POST', '/api/login', { body: { phone: before.user.phone, password: before.user.password } });
    const history = await source.api('GET', '/api/transactions', { token: userLogin.body.token });
    expect(history.status).toBe(200);
    await source.stop();
    const generatedKey = (await readFile(path.join(dataDir, 'secrets.key'), 'utf8')).trim();

    // 1. npm run backup (the server stopped), into DATA_DIR/backups/.
    const backup = await runScript('backup', [], { DATA_DIR: dataDir });
    expect(backup.code, backup.stdout + backup.stderr).toBe(0);
    const [name] = await readdir(path.join(dataDir, 'backups'));
    const file = path.join(dataDir, 'backups', name!);
    // The chain head an operator kept before the move: the stopped server sealed what it wrote.
    const head = await runScript('ledger-head', [], { DATA_DIR: dataDir });
    expect(head.stdout, head.stderr).toMatch(/^ledger-head block=\d+ digest=[0-9a-f]{64}/);

    // 2. DATABASE_URL=... npm run restore FILE, into the new database, SECRETS_KEY not set yet.
    const newDataDir = await mkdtemp(path.join(tmpdir(), 'rh-move-dst-'));
    cleanup.push(() => rm(newDataDir, { recursive: true, force: true }));
    const restore = await runScript('restore', [file], { DATABASE_URL: target.url, DATA_DIR: newDataDir });
    expect(restore.code, restore.stdout + restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(new RegExp(`Moved the embedded backup of \\S+ into PostgreSQL: ${before.totalUsers + 1} account\\(s\\)`)); // the people and the admin
    expect(restore.stdout).not.toContain('✗');
    expect(restore.stdout).toContain(`  SECRETS_KEY=${generatedKey}\n`);
    expect(existsSync(path.join(newDataDir, 'secrets.key'))).toBe(false); // PostgreSQL takes it from the environment
    expect(existsSync(path.join(newDataDir, 'uploads'))).toBe(false); // screenshots went into the database (STORAGE=db)

    // 3. Every process on PostgreSQL with the printed key: the same product.
    const moved = await startServerProcess({ databaseUrl: target.url, env: { SECRETS_KEY: generatedKey } });
    cleanup.push(() => moved.stop());
    await expectSameProduct(moved, before);
    const relogin = await moved.api('POST', '/api/login', { body: { phone: before.user.phone, password: before.user.password } });
    expect((await moved.api('GET', '/api/transactions', { token: relogin.body.token })).body).toEqual(history.body);
    const passwordOnly = await moved.api('POST', '/api/login', { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(passwordOnly.body.code).toBe('TWO_FACTOR_REQUIRED');
    const adminLogin = await moved.api('POST', '/api/admin/2fa/login', {
      // The next step's code: this step's was used up by the verification.
      body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: totp(setup.body.secret, Date.now() + 30_000) },
    });
    expect(adminLogin.status, JSON.stringify(adminLogin.body)).toBe(200);
    await moved.stop();

    const check = await runScript('ledger-check', ['--head', head.stdout.trim()], { DATABASE_URL: target.url, SECRETS_KEY: generatedKey });
    expect(check.code, check.stdout + check.stderr).toBe(0);
    expect(check.stdout).toContain('Database: PostgreSQL');
    expect(check.stdout).not.toContain('✗');

    // Refused: a database that now holds people, and a SECRETS_KEY other than the data's.
    const again = await runScript('restore', [file], { DATABASE_URL: target.url, DATA_DIR: newDataDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('Restore failed: DATABASE_URL names a database that is not empty (users has rows)');
    const wrongKey = await runScript('restore', [file], { DATABASE_URL: other.url, DATA_DIR: newDataDir, SECRETS_KEY: TEST_SECRETS_KEY });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).toContain('Restore failed: SECRETS_KEY differs from the key this embedded install generated');
  });
});
