// The sign-in budget under attack: parallel guesses are counted before they are checked, so at
// most 10 per account per 15 minutes are ever checked, however many arrive at once; and the
// budget is the account's, shared by /api/login (phone or e-mail) and /api/admin/2fa/login.
// Real concurrency needs PostgreSQL; the shared-budget rules hold on both drivers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { ADMIN, createAdmin, registerUser, type RegisteredUser, type SignedIn } from '../test/fixtures.ts';
import { totp } from '../test/independent-totp.ts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe.each(drivers)('sign-in throttle (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  const newUser = async (email?: string): Promise<RegisteredUser> => registerUser(s, admin.user.referralCode, email ? { email } : {});
  const login = (body: Record<string, string>) => s.api('POST', '/api/login', { body });

  it.skipIf(driver !== 'postgres')('200 parallel wrong passwords on one phone: exactly 10 are checked, 190 answer 429', async () => {
    const u = await newUser();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => login({ phone: u.phone, password: `wrong-${i}` })));
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 10, 429: 190 });
    const limited = answers.find((a) => a.status === 429)!;
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.message).toMatch(/^Too many failed login attempts\. Please try again in \d+ minutes?$/);
    // ... and then even the right password waits out the window.
    expect((await login({ phone: u.phone, password: u.password })).status).toBe(429);
    s.clock.advance(15 * 60 * 1000 + 1000);
    expect((await login({ phone: u.phone, password: u.password })).status).toBe(200);
  });

  it.skipIf(driver !== 'postgres')('the right password hidden among 100 parallel wrong ones is checked only if it is among the first 10', async () => {
    const u = await newUser();
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 80 ? u.password : `wrong-${i}`));
    const answers = await Promise.all(guesses.map((password) => login({ phone: u.phone, password })));
    const checked = answers.filter((a) => a.status !== 429).length;
    const rightOne = answers[80]!;
    // A success gives the budget back, so guesses queued behind it may be checked too; without one, 10.
    if (rightOne.status === 200) expect(checked).toBeLessThanOrEqual(100);
    else {
      expect(rightOne.status).toBe(429);
      expect(checked).toBe(10);
    }
  });

  it.skipIf(driver !== 'postgres')('60 parallel wrong codes on /api/admin/2fa/login: exactly 10 are checked', async () => {
    // A second admin with 2FA on, so the first admin's session stays usable for the other tests.
    const a2 = await newUser('second.admin@example.com');
    await s.ctx.db.update(users).set({ isAdmin: true, adminRole: 'super_admin' }).where(eq(users.id, a2.user.id));
    const signIn = await login({ email: 'second.admin@example.com', password: a2.password });
    expect(signIn.status).toBe(200);
    const setup = await s.api('POST', '/api/admin/2fa/setup', { token: signIn.body.token });
    const secret: string = setup.body.secret;
    const enable = await s.api('POST', '/api/admin/2fa/verify', { token: signIn.body.token, body: { token: totp(secret, s.clock.now().getTime()) } });
    expect(enable.status).toBe(200);

    const right = totp(secret, s.clock.now().getTime());
    const wrongCode = (i: number) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        s.api('POST', '/api/admin/2fa/login', { body: { email: 'second.admin@example.com', password: a2.password, twoFactorToken: wrongCode(i) } }),
      ),
    );
    expect(tally(answers.map((a) => a.status))).toEqual({ 401: 10, 429: 50 });
  });

  it('one budget per account: phone, e-mail and the admin route all draw on it', async () => {
    const u = await newUser(`budget.${driver}@example.com`);
    for (let i = 0; i < 4; i++) expect((await login({ phone: u.phone, password: 'nope' })).status).toBe(401);
    for (let i = 0; i < 4; i++) expect((await login({ email: `budget.${driver}@example.com`, password: 'nope' })).status).toBe(401);
    for (let i = 0; i < 2; i++) {
      const res = await s.api('POST', '/api/admin/2fa/login', { body: { email: `budget.${driver}@example.com`, password: 'nope' } });
      expect(res.status).toBe(401);
    }
    // 10 spent across three doors: every door is now shut for this account, even with the right password.
    expect((await login({ phone: u.phone, password: u.password })).status).toBe(429);
    expect((await login({ email: `budget.${driver}@example.com`, password: u.password })).status).toBe(429);
    expect((await s.api('POST', '/api/admin/2fa/login', { body: { email: `budget.${driver}@example.com`, password: u.password } })).status).toBe(429);
    // Another account is untouched.
    const other = await newUser();
    expect((await login({ phone: other.phone, password: other.password })).status).toBe(200);
  });

  it('knowing the admin password does not reset the count of wrong codes', async () => {
    // The first admin turns 2FA on (a fresh sign-in: changing 2FA needs one from the last 15 minutes);
    // then wrong codes interleaved with correct passwords on /api/login.
    const fresh = (await login({ email: ADMIN.email, password: ADMIN.password })).body.token;
    const setup = await s.api('POST', '/api/admin/2fa/setup', { token: fresh });
    const secret: string = setup.body.secret;
    expect((await s.api('POST', '/api/admin/2fa/verify', { token: fresh, body: { token: totp(secret, s.clock.now().getTime()) } })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await login({ email: ADMIN.email, password: ADMIN.password })).status);
      statuses.push((await s.api('POST', '/api/admin/2fa/login', { body: { email: ADMIN.email, password: ADMIN.password, twoFactorToken: '000000' } })).status);
    }
    // Each password-only sign-in (401 TWO_FACTOR_REQUIRED) and each wrong code took one guess: 10, then 429.
    expect(statuses.slice(0, 10).every((st) => st === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});
