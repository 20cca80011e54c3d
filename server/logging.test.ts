// No secrets or personal data in the log. The server runs with the production logger options and a
// capturing stream; requests that fail in every way a person or a database can make them fail
// (a wrong password, a wrong code, an insert refused by a constraint, whose SQL parameters hold a
// phone number and a password hash) must leave no phone, password, hash, code or token behind,
// while the log still says what failed: the route and the database error's code.
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from './test/harness.ts';
import { createAdmin, createActivatedUser, nextPhone, type SignedIn } from './test/fixtures.ts';
import pino from 'pino';
import { errorForLog, loggerOptions, readableLine } from './logging.ts';
import { withdraw } from './test/money-fixtures.ts';
import { PRIVACY_POLICY_VERSION } from '../contract/constants.ts';

describe.each(drivers)('what the log keeps (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });

  beforeAll(async () => {
    s = await startTestServer({ driver, logger: { ...loggerOptions('info'), stream } });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('logs failures by route and code, never their values', async () => {
    const user = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const secrets: string[] = [user.phone, user.password, user.token, admin.token, 'Admin@12345'];

    // A wrong password, a wrong OTP, an admin search by phone number, a withdrawal to a bank account.
    expect((await s.api('POST', '/api/login', { body: { phone: user.phone, password: 'Wrong-Passw0rd' } })).status).toBe(401);
    secrets.push('Wrong-Passw0rd');
    expect((await s.api('POST', '/api/verify-reset-otp', { body: { phone: user.phone, otp: '654321' } })).status).toBe(400);
    secrets.push('654321');
    expect((await s.api('GET', `/api/admin/users?q=${user.phone}`, { token: admin.token })).status).toBe(200);
    await withdraw(s, user.token, { amount: '100', accountNumber: '987654321098' });
    secrets.push('987654321098');

    // An insert the database refuses: its parameters carry the phone number and the password hash.
    await s.ctx.db.execute(sql.raw(`alter table users add constraint log_test_refuse check (username <> 'Refused Person')`));
    try {
      const phone = nextPhone();
      const res = await s.api('POST', '/api/register', {
        body: { username: 'Refused Person', phone, password: 'Very-Secret-99', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
      secrets.push(phone, 'Very-Secret-99', 'Refused Person');
    } finally {
      await s.ctx.db.execute(sql.raw('alter table users drop constraint log_test_refuse'));
    }
    const codes = (await s.outbox()).map((m) => m.code).filter((c): c is string => c !== null);
    secrets.push(...codes);

    const log = lines.join('');
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failure).toMatchObject({ route: '/api/register', method: 'POST', code: 'INTERNAL', err: { code: '23514', constraint: 'log_test_refuse' } });
    expect(log).toContain('"url":"/api/admin/users"');
    for (const secret of secrets) expect(log, `the log holds ${secret}`).not.toContain(secret);
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toMatch(/params:/);
    expect(log).not.toMatch(/authorization/i);
  });
});

describe('the log serializer', () => {
  it('keeps the name, a masked message and the frames of an ordinary error, whether given raw or made safe first', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { serializers } = loggerOptions('info');
    const log = pino({ level: 'info', serializers }, stream);
    const boom = new TypeError('cannot read phone 9876543210 of undefined');
    log.error({ err: errorForLog(boom) }, 'made safe first');
    log.error({ err: boom }, 'raw');
    const [safe, raw] = lines.map((l) => JSON.parse(l));
    for (const entry of [safe, raw]) {
      expect(entry.err).toMatchObject({ name: 'TypeError', message: 'cannot read phone [number] of undefined' });
      expect(entry.err.stack).toMatch(/^\s+at /);
    }
  });
});

describe('development log lines', () => {
  it('are one short line per request, and name the failure of an error', () => {
    const time = new Date('2026-11-23T10:11:12Z').getTime();
    expect(readableLine({ time, level: 30, msg: 'request done', method: 'GET', url: '/api/user', statusCode: 200, ms: 3 })).toMatch(/^\d\d:\d\d:\d\d GET \/api\/user 200 3 ms$/);
    expect(readableLine({ time, level: 50, msg: 'request failed', route: '/api/register', code: 'INTERNAL', err: { name: 'DrizzleQueryError', code: '23514' } })).toMatch(
      /^\d\d:\d\d:\d\d ERROR request failed route=\/api\/register code=INTERNAL DrizzleQueryError 23514$/,
    );
  });
});

