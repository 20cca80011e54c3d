// Two server processes on one PostgreSQL, each with its own DATA_DIR, as behind a load balancer:
// an SMS code sent by one is accepted by the other (they share SECRETS_KEY, which is required
// whenever DATABASE_URL is set), and the sign-in budget and the API's per-address request limit
// are one budget and one limit whichever process answers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/harness.ts';
import { startServerProcess, type ServerProcess } from '../test/server-process.ts';
import { createAdmin, nextPhone, nextUtr, PNG_1X1, pngFile, type SignedIn } from '../test/fixtures.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

const BASE_URL = process.env.TEST_DATABASE_URL;
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe.skipIf(!BASE_URL)('two server processes on one database', () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let a: ServerProcess;
  let b: ServerProcess;
  let admin: SignedIn;

  beforeAll(async () => {
    pgDb = await createPostgresDatabase(BASE_URL!);
    [a, b] = await Promise.all([startServerProcess({ databaseUrl: pgDb.url }), startServerProcess({ databaseUrl: pgDb.url })]);
    expect(a.dataDir).not.toBe(b.dataDir);
    admin = await createAdmin(a);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pgDb?.drop();
  });

  it('a code sent by one process is accepted by the other', async () => {
    const phone = nextPhone();
    const reg = await a.api('POST', '/api/register', { body: { username: 'Two Hosts', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    // The SMS leaves through whichever process's worker claims its job first; either way once.
    const code = await Promise.any([a.lastCode(phone), b.lastCode(phone)]);
    const sent = [...(await a.outbox()), ...(await b.outbox())].filter((m) => m.to === phone);
    expect(sent).toHaveLength(1);
    const verified = await b.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: code } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect((await a.api('GET', '/api/user', { token: verified.body.token })).status).toBe(200);
  });

  it('the sign-in budget is shared: 10 failures on one process close the door on the other', async () => {
    const phone = nextPhone();
    const reg = await b.api('POST', '/api/register', { body: { username: 'Shared', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION } });
    await a.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: await Promise.any([a.lastCode(phone), b.lastCode(phone)]) } });
    for (let i = 0; i < 10; i++) {
      const target = i % 2 ? a : b;
      expect((await target.api('POST', '/api/login', { body: { phone, password: `wrong-${i}` } })).status).toBe(401);
    }
    expect((await a.api('POST', '/api/login', { body: { phone, password: 'secret123' } })).status).toBe(429);
    expect((await b.api('POST', '/api/login', { body: { phone, password: 'secret123' } })).status).toBe(429);
  });

  it('a proof uploaded through one process is seen through the other (uploads live in PostgreSQL)', async () => {
    const phone = nextPhone();
    const reg = await a.api('POST', '/api/register', { body: { username: 'Uploader', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION } });
    const user = await b.api('POST', '/api/verify-otp', { body: { userId: reg.body.userId, otpCode: await Promise.any([a.lastCode(phone), b.lastCode(phone)]) } });
    const form = new FormData();
    form.set('utrNumber', nextUtr());
    form.set('screenshot', pngFile('proof.png', PNG_1X1));
    const proof = await a.upload('POST', '/api/submit-manual-payment', form, { token: user.body.token });
    expect(proof.status, JSON.stringify(proof.body)).toBe(201);
    for (const server of [a, b]) {
      const shot = await fetch(`${server.url}/api/manual-payments/${proof.body.id}/screenshot`, { headers: { Authorization: `Bearer ${admin.token}` } });
      expect(shot.status).toBe(200);
      expect(Buffer.from(await shot.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    }
  });

  it('refuses to start on PostgreSQL without SECRETS_KEY, naming it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: pgDb.url, PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toMatch(/^Invalid configuration: SECRETS_KEY: SECRETS_KEY is required when DATABASE_URL is set/);
  });
});

/** A fixed one-minute window must not end mid-test: wait for the next minute when few seconds are left. */
async function awayFromMinuteEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 500));
}

describe.skipIf(!BASE_URL)('the API request limit across two processes', () => {
  let pgDb: { url: string; drop(): Promise<void> };
  let a: ServerProcess;
  let b: ServerProcess;
  const env = { RATE_LIMIT_PER_MINUTE: '20' };

  beforeAll(async () => {
    pgDb = await createPostgresDatabase(BASE_URL!);
    [a, b] = await Promise.all([startServerProcess({ databaseUrl: pgDb.url, env }), startServerProcess({ databaseUrl: pgDb.url, env })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await pgDb?.drop();
  });

  const statuses = async (server: ServerProcess, n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await server.api('GET', '/api/app-settings')).status);
    return out;
  };

  it('is one limit: what one process counted, the other refuses past', async () => {
    // The windows are fixed minutes: on a busy machine the scenario can outlast the minute it
    // started in, and a new minute is a new budget. Then it runs once more, in the next minute.
    for (let attempt = 1; ; attempt++) {
      await awayFromMinuteEdge();
      const minute = Math.floor(Date.now() / 60_000);
      const first = await statuses(a, 12);
      // Each process adds its counts to the shared table about once a second (given a few
      // seconds here: on a busy machine a timer can fire late).
      await new Promise((r) => setTimeout(r, 3_000));
      const second = await statuses(b, 12);
      await new Promise((r) => setTimeout(r, 3_000));
      const third = await statuses(a, 2);
      if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) {
        await new Promise((r) => setTimeout(r, 60_000 - (Date.now() % 60_000) + 500));
        continue;
      }
      expect(first).toEqual(Array(12).fill(200));
      // Separate counters would allow B 20 more; the shared limit allows the 8 left of 20.
      expect(second).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
      expect(third).toEqual([429, 429]);
      return;
    }
  }, 240_000);
});
