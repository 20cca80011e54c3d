// Backups round-trip a populated database, on the embedded database and on PostgreSQL: after
// `restore`, a fresh server on the restored data signs the same people in, shows the same
// balances and screenshots, and the ledger holds.
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { loadConfig, type Config } from '../env.ts';
import { checkLedgerInvariants } from '../ledger/ledger-check.ts';
import { createUploadStore } from '../create-context.ts';
import { createPostgresDatabase, TEST_SECRETS_KEY } from '../test/harness.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { createActivatedUser, createAdmin, nextUtr, PNG_1X1, pngFile, registerUser } from '../test/fixtures.ts';
import { readBackup, restoreBackup, writeBackup } from './backup.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => undefined);
});

function configFor(env: Record<string, string>): Config {
  const loaded = loadConfig({ SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'silent', ...env }, 'tool');
  if (!loaded.ok) throw new Error(loaded.error);
  return loaded.config;
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

describe('backup and restore', () => {
  it('round-trips the embedded database with its uploads and generated key', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'rh-backup-src-'));
    const target = await mkdtemp(path.join(tmpdir(), 'rh-backup-dst-'));
    const file = path.join(target, 'site.backup');
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }), () => rm(target, { recursive: true, force: true }));
    const source = await startServerProcess({ dataDir });
    const before = await populate(source);
    await source.stop(); // PGlite is one process's database: back it up stopped
    await writeFile(path.join(dataDir, 'secrets.key'), 'a generated key\n');

    const manifest = await writeBackup(configFor({ DATA_DIR: dataDir, SECRETS_KEY: '' }), file);
    expect(manifest.database).toBe('pglite');
    expect(manifest.sections.filter((s) => s.name.startsWith('uploads/')).length).toBeGreaterThanOrEqual(1);
    expect((await readBackup(file)).sections.get('secrets.key')?.toString()).toBe('a generated key\n');

    const restoredDir = path.join(target, 'data');
    const config = configFor({ DATA_DIR: restoredDir, SECRETS_KEY: '' });
    await restoreBackup(config, file, async () => createUploadStore(config, await openDatabase({ dataDir: restoredDir })));
    expect(await readFile(path.join(restoredDir, 'secrets.key'), 'utf8')).toBe('a generated key\n');
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
});
