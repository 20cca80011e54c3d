// Admin TOTP 2FA through the API: setup, verify, sign-in, replay, clock drift window, backup codes
// under parallel use, throttling, and the 12-hour admin session. Codes come from an independent
// RFC 6238 implementation (server/test/independent-totp.ts), not from the library the server uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { ADMIN, createAdmin } from '../test/fixtures.ts';
import { adminTwoFactor, backupCodes } from '../db/schema.ts';
import { totp } from '../test/independent-totp.ts';

const STEP = 30_000;

/** Moves the test clock to 5 s into a fresh step, so no step boundary falls inside a check. */
function alignClock(s: TestServer): number {
  const t = s.clock.now().getTime();
  s.clock.advance(STEP - (t % STEP) + 5_000);
  return s.clock.now().getTime();
}

describe.each(drivers)('admin 2FA (%s)', (driver) => {
  let s: TestServer;
  let adminToken: string;
  let secret: string;
  let codes: string[];
  const login = (body: Record<string, unknown>) =>
    s.api('POST', '/api/admin/2fa/login', { body: { email: ADMIN.email, password: ADMIN.password, ...body } });

  beforeAll(async () => {
    s = await startTestServer({ driver });
    adminToken = (await createAdmin(s)).token;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('sets up a pending secret, stored encrypted, with a PNG QR code', async () => {
    const status0 = await s.api('GET', '/api/admin/security/status', { token: adminToken });
    expect(status0.body).toEqual({ twoFactorEnabled: false, passkeysEnabled: false, passkeyCount: 0 });

    const res = await s.api('POST', '/api/admin/2fa/setup', { token: adminToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/);
    expect(res.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    secret = res.body.secret;

    const rows = await s.ctx.db.select().from(adminTwoFactor);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.enabledAt).toBeNull();
    expect(rows[0]!.pendingSecretEnc).toBeTruthy();
    expect(rows[0]!.pendingSecretEnc).not.toContain(secret);
  });

  it('refuses a wrong or malformed code and enables 2FA with the right one', async () => {
    const at = alignClock(s);
    const right = totp(secret, at);
    const wrong = right === '000000' ? '111111' : '000000';
    const bad = await s.api('POST', '/api/admin/2fa/verify', { token: adminToken, body: { token: wrong } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid verification code');
    const malformed = await s.api('POST', '/api/admin/2fa/verify', { token: adminToken, body: { token: '12ab' } });
    expect(malformed.status).toBe(400);
    const farAway = await s.api('POST', '/api/admin/2fa/verify', { token: adminToken, body: { token: totp(secret, at + 2 * STEP) } });
    expect(farAway.status).toBe(400);

    const ok = await s.api('POST', '/api/admin/2fa/verify', { token: adminToken, body: { token: right } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    codes = ok.body.backupCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    const stored = await s.ctx.db.select().from(backupCodes);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes).not.toContain(row.codeHash);

    const status = await s.api('GET', '/api/admin/security/status', { token: adminToken });
    expect(status.body).toEqual({ twoFactorEnabled: true, passkeysEnabled: false, passkeyCount: 0 });
    const row = (await s.ctx.db.select().from(adminTwoFactor))[0];
    expect(row?.pendingSecretEnc).toBeNull();
    expect(row?.secretEnc).not.toContain(secret);
  });

  it('asks for the second factor and refuses a wrong password', async () => {
    const plain = await s.api('POST', '/api/login', { body: { email: ADMIN.email, password: ADMIN.password } });
    expect(plain.status).toBe(401);
    expect(plain.body.code).toBe('TWO_FACTOR_REQUIRED');

    const noCode = await login({});
    expect(noCode.status).toBe(401);
    expect(noCode.body.code).toBe('TWO_FACTOR_REQUIRED');

    const wrongPassword = await login({ password: 'nope-nope', twoFactorToken: totp(secret, s.clock.now().getTime()) });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body.message).toBe('Invalid email, password or code');
    expect(wrongPassword.body.token).toBeUndefined();
  });

  it('signs in with a fresh code once, even under parallel use; the same code is refused later', async () => {
    const at = alignClock(s);
    const code = totp(secret, at);
    const parallel = await Promise.all(Array.from({ length: 5 }, () => login({ twoFactorToken: code })));
    expect(parallel.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
    const first = parallel.find((r) => r.status === 200)!;
    expect(first.body.token).toEqual(expect.any(String));
    expect(first.body.user.isAdmin).toBe(true);
    expect(first.body.user.email).toBe(ADMIN.email);
    const me = await s.api('GET', '/api/admin/security/status', { token: first.body.token });
    expect(me.status).toBe(200);

    const replay = await login({ twoFactorToken: code });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Invalid email, password or code');
  });

  it('accepts codes one step early or late, refuses two steps away and older steps', async () => {
    const at = alignClock(s); // step N; N-1 was used above
    const tooFar = await login({ twoFactorToken: totp(secret, at + 2 * STEP) });
    expect(tooFar.status).toBe(401);
    const early = await login({ twoFactorToken: totp(secret, at + STEP) }); // N+1
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    const older = await login({ twoFactorToken: totp(secret, at) }); // N, older than N+1 already used
    expect(older.status).toBe(401);

    s.clock.advance(3 * STEP); // now N+3
    const at2 = s.clock.now().getTime();
    const tooOld = await login({ twoFactorToken: totp(secret, at2 - 2 * STEP) }); // N+1 again, also 2 steps back
    expect(tooOld.status).toBe(401);
    const late = await login({ twoFactorToken: totp(secret, at2 - STEP) }); // N+2
    expect(late.status, JSON.stringify(late.body)).toBe(200);
  });

  it('lets exactly one of 10 parallel requests use a backup code', async () => {
    const code = codes[0]!;
    const results = await Promise.all(Array.from({ length: 10 }, () => login({ backupCode: code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(9);
    const again = await login({ backupCode: code });
    expect(again.status).toBe(401);

    // The 10 losers count as failed attempts; wait out the throttle window. Case and dash do not
    // matter when typing a code.
    s.clock.advance(16 * 60_000);
    const other = await login({ backupCode: codes[1]!.replace('-', '').toUpperCase() });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const used = await s.ctx.db.select().from(backupCodes);
    expect(used.filter((r) => r.usedAt !== null)).toHaveLength(2);
  });

  it('throttles wrong codes after 10 failures in 15 minutes', async () => {
    const at = alignClock(s);
    const right = totp(secret, at);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 10; i++) {
      const r = await login({ twoFactorToken: wrong });
      expect(r.status).toBe(401);
    }
    const blocked = await login({ twoFactorToken: right });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    const blockedBackup = await login({ backupCode: codes[5]! });
    expect(blockedBackup.status).toBe(429);

    s.clock.advance(16 * 60_000);
    const later = await login({ twoFactorToken: totp(secret, s.clock.now().getTime()) });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
  });

  it('records the sign-ins and 2FA changes in the activity log', async () => {
    const res = await s.api('GET', '/api/admin/activity?limit=200', { token: adminToken });
    expect(res.status).toBe(200);
    const actions: string[] = res.body.items.map((i: { action: string }) => i.action);
    expect(actions).toContain('admin.2fa_enabled');
    expect(actions).toContain('admin.login');
    expect(actions).toContain('admin.login_failed');
    const login0 = res.body.items.find((i: { action: string }) => i.action === 'admin.login');
    expect(login0.actorName).toBe(ADMIN.username);
    expect(login0.details.method).toEqual(expect.any(String));
  });

  it('ends admin sessions after 12 hours', async () => {
    const at = alignClock(s);
    const fresh = await login({ twoFactorToken: totp(secret, at) });
    expect(fresh.status).toBe(200);
    s.clock.advance(12 * 60 * 60_000 - 60_000);
    expect((await s.api('GET', '/api/admin/security/status', { token: fresh.body.token })).status).toBe(200);
    s.clock.advance(2 * 60_000);
    expect((await s.api('GET', '/api/admin/security/status', { token: fresh.body.token })).status).toBe(401);
  });

  it('asks for a fresh sign-in before 2FA or passkeys change (step-up)', async () => {
    const at = alignClock(s);
    const session = await login({ twoFactorToken: totp(secret, at) });
    expect(session.status).toBe(200);
    const token = session.body.token as string;
    s.clock.advance(16 * 60_000);
    // Still a valid session for everything else...
    expect((await s.api('GET', '/api/admin/security/status', { token })).status).toBe(200);
    // ...but not for planting a new second factor.
    for (const [path, body] of [
      ['/api/admin/2fa/setup', {}],
      ['/api/admin/2fa/verify', { token: '123456' }],
      ['/api/admin/passkey/register/begin', { deviceName: 'Admin Device' }],
      ['/api/admin/passkey/register/finish', { credential: { id: 'x', rawId: 'x', type: 'public-key', response: {} }, deviceName: 'Admin Device' }],
    ] as const) {
      const res = await s.api('POST', path, { token, body });
      expect([path, res.status, res.body.code]).toEqual([path, 403, 'REAUTH_REQUIRED']);
    }
    const again = await login({ twoFactorToken: totp(secret, alignClock(s)) });
    expect((await s.api('POST', '/api/admin/passkey/register/begin', { token: again.body.token, body: { deviceName: 'Admin Device' } })).status).toBe(200);
  });
});
