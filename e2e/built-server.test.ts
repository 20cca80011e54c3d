// The server as `npm start` runs it: the bundled dist/server/main.js (built by `npm run build`,
// which `npm run test:e2e` runs first) on a brand-new embedded database. The bundle inlines most
// packages, so this walks every path that loads one: sign-up and SMS, a multipart upload, an
// approval that pays a reward, TOTP and passkey set-up, the precompressed web app, JSON compression.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../server/test/server-process.ts';
import { activateUser, createAdmin, registerUser } from '../server/test/fixtures.ts';
import { TEST_SECRETS_KEY } from '../server/test/harness.ts';
import { REPO_ROOT } from './harness.ts';

const run = promisify(execFile);
const BUILT = path.join(REPO_ROOT, 'dist', 'server', 'main.js');

describe('the built server', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    if (!existsSync(BUILT)) throw new Error('dist/server/main.js is missing: run `npm run build` first (npm run test:e2e does it)');
    dataDir = await mkdtemp(path.join(tmpdir(), 'rh-built-'));
    server = await startServerProcess({ dataDir, args: [BUILT] });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates its database on first start and serves a whole activation', async () => {
    const admin = await createAdmin(server);
    const referrer = await registerUser(server, admin.user.referralCode);
    await activateUser(server, admin.token, referrer);
    const referred = await registerUser(server, referrer.user.referralCode);
    await activateUser(server, admin.token, referred);
    const me = await server.api('GET', '/api/user', { token: referrer.token });
    expect(me.status).toBe(200);
    expect(me.body.isActivated).toBe(true);
    expect(me.body.walletBalance).not.toBe('0.00');
  });

  it('sets up TOTP and starts a passkey registration', async () => {
    const admin = await createAdmin(server);
    const totp = await server.api('POST', '/api/admin/2fa/setup', { token: admin.token });
    expect(totp.status, JSON.stringify(totp.body)).toBe(200);
    expect(totp.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const passkey = await server.api('POST', '/api/admin/passkey/register/begin', { token: admin.token, body: {} });
    expect(passkey.status, JSON.stringify(passkey.body)).toBe(200);
    expect(typeof passkey.body.challenge).toBe('string');
  });

  it('serves the web app precompressed and compresses JSON', async () => {
    const page = await fetch(`http://127.0.0.1:${server.port}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(await page.text()).toContain('<div id="root">');
    const admin = await createAdmin(server);
    // The admin activity list: every sign-in and approval above, well over the 1 KB threshold.
    const activity = await fetch(`http://127.0.0.1:${server.port}/api/admin/activity?limit=50`, { headers: { 'accept-encoding': 'gzip', authorization: `Bearer ${admin.token}` } });
    expect(activity.status).toBe(200);
    expect(activity.headers.get('content-encoding')).toBe('gzip');
    expect((await activity.json()).items.length).toBeGreaterThanOrEqual(5);
  });

  it('leaves a ledger whose invariants hold (checked on the stopped server\'s data)', async () => {
    await server.stop();
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ledger-check.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, SECRETS_KEY: TEST_SECRETS_KEY, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toContain('All ledger invariants hold.');
  });
});
