// Bad input is never a 500: every route gets malformed JSON, wrong types, huge strings, non-uuid
// and unknown ids, odd amounts, and broken multipart forms, as a signed-in user and as the admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from './test/harness.ts';
import { createActivatedUser, createAdmin, pngFile, type RegisteredUser, type SignedIn } from './test/fixtures.ts';

const UNKNOWN_UUID = '00000000-0000-7000-8000-0000000000ff';
const IDS = ['not-a-uuid', UNKNOWN_UUID, '1', '%00', 'x'.repeat(190)];
const JSON_BODIES: (string | unknown)[] = [
  '{"broken": ',
  '[]',
  '"text"',
  '12',
  'null',
  { amount: '100.001', status: 'approved', otpCode: 123456, phone: 9876543210, userId: 5 },
  { amount: '1e3', status: ['approved'], notes: { a: 1 }, email: 42, password: ['x'] },
  { amount: ' 100 ', status: 'nope', deviceName: 'x'.repeat(100_000), credential: 'x', referralsPerSpin: '5' },
  { amount: '-5', userId: 'x'.repeat(50_000), phone: 'x'.repeat(50_000), token: null, wheel: { segments: 'x' } },
  { amount: 1e308, activationFee: -1, minWithdrawal: '0.001', wheel: { segments: [{ weight: -1 }, null] }, upiId: 7 },
  { __proto__: { isAdmin: true }, constructor: { prototype: {} }, twoFactorToken: 123, backupCode: {} },
];

const ROUTES: [string, string][] = [
  ['POST', '/api/register'],
  ['POST', '/api/verify-otp'],
  ['POST', '/api/resend-otp'],
  ['POST', '/api/login'],
  // Not /api/logout: it would end the sessions the rest of this file uses (it takes no input anyway).
  ['POST', '/api/forgot-password'],
  ['POST', '/api/verify-reset-otp'],
  ['POST', '/api/reset-password'],
  ['POST', '/api/generate-upi-qr'],
  ['POST', '/api/submit-manual-payment'],
  ['POST', '/api/withdraw'],
  ['POST', '/api/use-spin'],
  ['POST', '/api/notifications/read-all'],
  ['POST', '/api/notifications/:id/read'],
  ['GET', '/api/manual-payments/:id/screenshot'],
  ['POST', '/api/admin/setup'],
  ['POST', '/api/admin/2fa/login'],
  ['POST', '/api/admin/passkey/auth/begin'],
  ['POST', '/api/admin/passkey/auth/finish'],
  ['POST', '/api/admin/2fa/verify'],
  ['POST', '/api/admin/passkey/register/begin'],
  ['POST', '/api/admin/passkey/register/finish'],
  ['PUT', '/api/admin/users/:id/activate'],
  ['PUT', '/api/admin/manual-payments/:id'],
  ['PUT', '/api/admin/withdrawals/:id'],
  ['GET', '/api/admin/withdrawal-screenshot/:id'],
  ['PUT', '/api/admin/settings'],
];

const QUERY_ROUTES = [
  '/api/manual-payments',
  '/api/withdrawal-requests',
  '/api/transactions',
  '/api/referrals',
  '/api/notifications',
  '/api/admin/users',
  '/api/admin/manual-payments',
  '/api/admin/withdrawals',
  '/api/admin/activity',
];
const QUERIES = ['?limit=-1', '?limit=abc', '?limit=1e9', '?before=zzz', '?cursor=%%%', '?cursor=' + 'x'.repeat(3000), '?status=weird&q=' + 'x'.repeat(3000), '?limit=1&limit=2', '?q[a]=1'];

describe.each(drivers)('bad input is never a 500 (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;
  let user: RegisteredUser;
  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
    user = await createActivatedUser(s, admin.token, admin.user.referralCode);
  });
  afterAll(() => s.close());

  const fails: string[] = [];
  const check = (label: string, status: number, body: unknown) => {
    if (status >= 500) fails.push(`${label} -> ${status} ${JSON.stringify(body).slice(0, 200)}`);
  };

  it('JSON bodies and ids on every route, as a user and as the admin', async () => {
    for (const token of [user.token, admin.token]) {
      for (const [method, route] of ROUTES) {
        for (const id of route.includes(':id') ? IDS : ['']) {
          const path = route.replace(':id', encodeURIComponent(id));
          for (const body of method === 'GET' ? [] : JSON_BODIES) {
            const res = await s.api(method, path, { token, body });
            check(`${method} ${path} ${JSON.stringify(body).slice(0, 60)}`, res.status, res.body);
          }
          const noBody = await s.api(method, path, { token });
          check(`${method} ${path} (no body)`, noBody.status, noBody.body);
          // Guard against a route ending our session and hiding everything after it behind a 401.
          expect((await s.api('GET', '/api/user', { token })).status, `${method} ${path}`).toBe(200);
        }
      }
    }
    expect(fails).toEqual([]);
  });

  it('odd query strings on every list', async () => {
    for (const route of QUERY_ROUTES) {
      for (const q of QUERIES) {
        const res = await s.api('GET', route + q, { token: admin.token });
        check(`GET ${route}${q}`, res.status, res.body);
        const own = await s.api('GET', route + q, { token: user.token });
        check(`GET ${route}${q} (user)`, own.status, own.body);
      }
    }
    expect(fails).toEqual([]);
  });

  it('broken multipart forms on the upload routes', async () => {
    const forms: [string, () => FormData][] = [
      ['empty', () => new FormData()],
      ['file only', () => {
        const f = new FormData();
        f.append('screenshot', pngFile());
        return f;
      }],
      ['two files', () => {
        const f = new FormData();
        f.append('screenshot', pngFile());
        f.append('screenshot', pngFile('b.png'));
        f.append('utrNumber', '123456789012');
        f.append('amount', '500');
        return f;
      }],
      ['extra file field', () => {
        const f = new FormData();
        f.append('other', pngFile());
        f.append('screenshot', pngFile());
        f.append('utrNumber', '223456789012');
        f.append('amount', '500');
        f.append('bankDetails', '{}');
        return f;
      }],
      ['file in text fields', () => {
        const f = new FormData();
        f.append('utrNumber', pngFile());
        f.append('amount', pngFile());
        f.append('bankDetails', pngFile());
        return f;
      }],
      ['text in file field, odd amounts', () => {
        const f = new FormData();
        f.append('screenshot', 'not a file');
        f.append('utrNumber', '323456789012');
        f.append('amount', '100.001');
        f.append('bankDetails', '{"accountHolderName": 5, "accountNumber": [], "ifscCode": null}');
        return f;
      }],
      ['bad bank JSON, 1e3', () => {
        const f = new FormData();
        f.append('amount', '1e3');
        f.append('bankDetails', '{not json');
        f.append('utrNumber', 'x'.repeat(60_000));
        return f;
      }],
      ['duplicate text fields', () => {
        const f = new FormData();
        f.append('amount', ' 100 ');
        f.append('amount', '-5');
        f.append('bankDetails', JSON.stringify({ accountHolderName: 'A', accountNumber: '12345678', ifscCode: 'SBIN0001234' }));
        f.append('bankDetails', 'x');
        return f;
      }],
    ];
    for (const token of [user.token, admin.token]) {
      for (const route of ['/api/submit-manual-payment', '/api/withdraw']) {
        for (const [label, make] of forms) {
          const res = await s.upload('POST', route, make(), { token });
          check(`${route} ${label}`, res.status, res.body);
        }
        const truncated = await s.api('POST', route, {
          token,
          body: '--xyz\r\nContent-Disposition: form-data; name="amount"\r\n\r\n100',
          headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        });
        check(`${route} truncated multipart`, truncated.status, truncated.body);
        const noBoundary = await s.api('POST', route, { token, body: 'abc', headers: { 'content-type': 'multipart/form-data' } });
        check(`${route} no boundary`, noBoundary.status, noBoundary.body);
      }
    }
    expect(fails).toEqual([]);
    // Two files is a malformed form, not a size problem.
    const two = new FormData();
    two.append('screenshot', pngFile());
    two.append('screenshot', pngFile('b.png'));
    two.append('utrNumber', '423456789012');
    const res = await s.upload('POST', '/api/submit-manual-payment', two, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', message: 'Send one image and the form fields only' });
    await expectLedgerHolds(s);
  });
});
