// The admin CLIs run as real processes (tsx) against an embedded database in a temporary
// DATA_DIR: create the first admin, refuse a second, and reset 2FA (sessions signed out).
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema, toConfig } from '../server/env.ts';
import { createContext } from '../server/create-context.ts';
import { buildApp } from '../server/app.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], env: Record<string, string>, stdin?: string): Promise<RunResult> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _omit, ...baseEnv } = process.env;
    const child = execFile(
      tsx,
      [path.join(root, 'scripts', script), ...args],
      { cwd: root, env: { ...baseEnv, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(stdin ?? '');
  });
}

const EMAIL = 'root@example.com';
const PASSWORD = 'Root@123456';

// `any`: tests read arbitrary fields of JSON answers.
type Api = (method: string, url: string, body?: unknown, token?: string) => Promise<{ status: number; body: any }>;

/** The real server on the same DATA_DIR, for the steps a CLI does not do. */
async function withServer<T>(dataDir: string, fn: (api: Api) => Promise<T>): Promise<T> {
  const config = toConfig(EnvSchema.parse({ NODE_ENV: 'test', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }));
  const { ctx, database } = await createContext(config, { smsLog: () => undefined });
  const app = await buildApp(ctx, { rateLimitPerMinute: 100_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  try {
    return await fn(async (method, url, body, token) => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    });
  } finally {
    await app.close();
    await database.close();
  }
}

// Each CLI run boots tsx and opens (and migrates) the embedded database: slow on a busy machine.
describe('admin CLIs', { timeout: 180_000 }, () => {
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'rh-cli-'));
    env = { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('explains missing arguments with one clear line and exit 1', async () => {
    const res = await run('create-admin.ts', ['--email', EMAIL], env);
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toMatch(/^Error: missing --username, --phone\. Usage: npm run admin:create/);
    const reset = await run('reset-2fa.ts', [], env);
    expect(reset.code).toBe(1);
    expect(reset.stderr.trim()).toMatch(/^Error: missing --email\./);
  });

  it('creates the first admin with the password from stdin, then refuses a second', async () => {
    const res = await run('create-admin.ts', ['--email', EMAIL, '--username', 'root', '--phone', '9876500001'], env, `${PASSWORD}\n`);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Admin created: root <root@example.com> \(id [0-9a-f-]{36}\)/);

    const again = await run('create-admin.ts', ['--email', 'two@example.com', '--username', 'two', '--phone', '9876500002', '--password', PASSWORD], env);
    expect(again.code).toBe(1);
    expect(again.stderr.trim()).toBe('Error: An admin account already exists');
  });

  it('resets 2FA: codes gone, sessions signed out, password sign-in works again', async () => {
    const token = await withServer(dataDir, async (api) => {
      const login = await api('POST', '/api/login', { email: EMAIL, password: PASSWORD });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const setup = await api('POST', '/api/admin/2fa/setup', undefined, login.body.token);
      expect(setup.status).toBe(200);
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.body.secret) }).generate();
      const verify = await api('POST', '/api/admin/2fa/verify', { token: code }, login.body.token);
      expect(verify.status).toBe(200);
      const plain = await api('POST', '/api/login', { email: EMAIL, password: PASSWORD });
      expect(plain.body.code).toBe('TWO_FACTOR_REQUIRED');
      return login.body.token as string;
    });

    const unknown = await run('reset-2fa.ts', ['--email', 'nobody@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe('Error: No admin with the e-mail nobody@example.com');

    const res = await run('reset-2fa.ts', ['--email', EMAIL.toUpperCase()], env);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`Two-factor authentication reset for ${EMAIL}: 2FA disabled, backup codes deleted, all sessions signed out.`);

    await withServer(dataDir, async (api) => {
      expect((await api('GET', '/api/admin/security/status', undefined, token)).status).toBe(401);
      const login = await api('POST', '/api/login', { email: EMAIL, password: PASSWORD });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const status = await api('GET', '/api/admin/security/status', undefined, login.body.token);
      expect(status.body.twoFactorEnabled).toBe(false);
      const activity = await api('GET', '/api/admin/activity', undefined, login.body.token);
      expect(activity.body.items.map((i: { action: string }) => i.action)).toContain('admin.2fa_reset');
    });
  });

  it('rotates the secrets key: 2FA codes still work under the new key, backup codes are replaced', async () => {
    const secret = await withServer(dataDir, async (api) => {
      const login = await api('POST', '/api/login', { email: EMAIL, password: PASSWORD });
      const setup = await api('POST', '/api/admin/2fa/setup', undefined, login.body.token);
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.body.secret) }).generate();
      expect((await api('POST', '/api/admin/2fa/verify', { token: code }, login.body.token)).status).toBe(200);
      return setup.body.secret as string;
    });

    const bad = await run('rotate-secrets-key.ts', [], { ...env, NEW_SECRETS_KEY: 'short' });
    expect(bad.code).toBe(1);
    expect(bad.stderr.trim()).toMatch(/^Error: set NEW_SECRETS_KEY to 64 hex characters/);
    const wrongOld = await run('rotate-secrets-key.ts', [], { ...env, SECRETS_KEY: 'c'.repeat(64), NEW_SECRETS_KEY: 'd'.repeat(64) });
    expect(wrongOld.code).toBe(1);
    expect(wrongOld.stderr).toContain('does not open with the current key');

    const res = await run('rotate-secrets-key.ts', [], { ...env, NEW_SECRETS_KEY: 'e'.repeat(64) });
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Re-sealed the two-factor secrets of 1 admin(s) under the new key.');
    expect(res.stdout).toContain(`Backup codes cannot be carried over and were deleted for: ${EMAIL}.`);

    // The server, reading the new key from DATA_DIR, accepts the authenticator as before (the next
    // step's code: this step's was used up by the verification).
    await withServer(dataDir, async (api) => {
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 });
      const login = await api('POST', '/api/admin/2fa/login', { email: EMAIL, password: PASSWORD, twoFactorToken: code });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const activity = await api('GET', '/api/admin/activity', undefined, login.body.token);
      expect(activity.body.items.map((i: { action: string }) => i.action)).toContain('secrets.rotated');
    });
  });
});
