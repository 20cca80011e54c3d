// Bad input is never a 500: every route gets malformed JSON, wrong types, huge strings, non-uuid
// and unknown ids, odd amounts, and broken multipart forms, as a signed-in user and as the admin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from './test/harness.ts';
import { createActivatedUser, createAdmin, nextPhone, nextUtr, pngFile, registerUser, submitPaymentProof, type RegisteredUser, type SignedIn } from './test/fixtures.ts';
import { createFundedUser, GOOD_BANK } from './test/money-fixtures.ts';
import { apiRoutes, concretePath } from './test/route-tree.ts';
import { PRIVACY_POLICY_VERSION } from '../contract/constants.ts';

/** Text PostgreSQL cannot store: a NUL, and half of a surrogate pair (no UTF-8 form). */
const UNSTORABLE = ['a\u0000b', 'a\ud800b', '\udc00'];
/** The same in a URL: NUL, an encoded surrogate, an overlong NUL, a byte that is never UTF-8. */
const UNSTORABLE_IN_URL = ['a%00b', '%ED%A0%80', '%C0%80', '%FF'];

/** Every field name any route reads: the whole-route sweep sets them all at once. */
const FIELD_NAMES = [
  'username', 'phone', 'email', 'password', 'referralCode', 'userId', 'otpCode', 'otp', 'newPassword', 'note', 'notes',
  'amount', 'status', 'reason', 'upiId', 'businessName', 'supportPhone', 'supportEmail', 'deviceName', 'token',
  'twoFactorToken', 'backupCode', 'payoutReference', 'utrNumber', 'bankDetails', 'accountHolderName', 'accountNumber', 'ifscCode',
];

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

  it('text PostgreSQL cannot store, in every field of every route: never a 500', async () => {
    const routes = apiRoutes(s.app).filter((r) => r.path !== '/api/logout');
    expect(routes.length).toBeGreaterThan(35);
    for (const bad of UNSTORABLE) {
      const body = Object.fromEntries(FIELD_NAMES.map((name) => [name, bad]));
      for (const token of [user.token, admin.token]) {
        for (const { method, path } of routes) {
          const url = concretePath(path);
          if (method === 'GET') {
            for (const raw of UNSTORABLE_IN_URL) {
              const query = ['q', 'status', 'before', 'cursor', 'type', 'download'].map((k) => `${k}=${raw}`).join('&');
              const res = await s.api('GET', `${url}?${query}`, { token });
              check(`GET ${path}?${query}`, res.status, res.body);
            }
            continue;
          }
          const res = await s.api(method, url, { token, body });
          check(`${method} ${path} ${JSON.stringify(bad)}`, res.status, res.body);
          const form = new FormData();
          for (const name of FIELD_NAMES) form.set(name, bad);
          form.set('screenshot', pngFile());
          const multipart = await s.upload(method, url, form, { token });
          check(`${method} ${path} multipart ${JSON.stringify(bad)}`, multipart.status, multipart.body);
        }
        expect((await s.api('GET', '/api/user', { token })).status).toBe(200);
      }
    }
    expect(fails).toEqual([]);
  });

  it('one unstorable field in an otherwise valid request is a 400 naming the field, and nothing changes', async () => {
    const referral = admin.user.referralCode;
    const funded = await createFundedUser(s, admin.token, referral, 1);
    const payer = await registerUser(s, referral);
    const payment = await submitPaymentProof(s, payer.token);
    const withdrawal = (await s.upload('POST', '/api/withdraw', bankForm({ amount: '100' }), { token: funded.token })).body;
    const pendingUser = await registerUser(s, referral);
    const valid: [string, string, string | undefined, Record<string, unknown>][] = [
      ['POST', '/api/register', undefined, { username: 'Asha', phone: nextPhone(), email: 'asha@example.com', password: 'secret123', referralCode: referral, policyVersion: PRIVACY_POLICY_VERSION }],
      ['POST', '/api/login', undefined, { phone: user.phone, password: 'not-the-password' }],
      ['POST', '/api/forgot-password', undefined, { phone: user.phone }],
      ['POST', '/api/verify-reset-otp', undefined, { phone: user.phone, otp: '123456' }],
      ['POST', '/api/reset-password', undefined, { phone: user.phone, otp: '123456', newPassword: 'secret123' }],
      ['POST', '/api/verify-otp', undefined, { userId: pendingUser.user.id, otpCode: '123456' }],
      ['POST', '/api/generate-upi-qr', user.token, { amount: '500', note: 'Activation' }],
      ['POST', '/api/admin/2fa/login', undefined, { email: 'admin@example.com', password: 'wrong-password' }],
      ['POST', '/api/admin/passkey/auth/begin', undefined, { email: 'admin@example.com' }],
      ['PUT', `/api/admin/users/${pendingUser.user.id}/activate`, admin.token, { reason: 'Paid in cash' }],
      ['PUT', `/api/admin/manual-payments/${payment.id}`, admin.token, { status: 'rejected', notes: 'Blurred screenshot' }],
      ['PUT', `/api/admin/withdrawals/${withdrawal.id}`, admin.token, { status: 'rejected', notes: 'Wrong account' }],
      ['PUT', '/api/admin/settings', admin.token, { upiId: 'pay@okaxis', businessName: 'Hub', supportPhone: '9876543210', supportEmail: 'help@example.com' }],
    ];
    const wrong: string[] = [];
    for (const [method, path, token, body] of valid) {
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== 'string') continue;
        const res = await s.api(method, path, { token, body: { ...body, [field]: `${value}\u0000` } });
        // Free text says what is wrong with it; a field with fixed values (status, amount) may say what it expects.
        const named = res.body.fields?.[field];
        const fixedValues = field === 'status' || field === 'amount';
        if (res.status !== 400 || res.body.code !== 'VALIDATION_FAILED' || !named || (!fixedValues && named !== 'Contains characters that are not allowed')) {
          wrong.push(`${method} ${path} ${field}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
        }
      }
    }
    for (const q of ['q', 'cursor']) {
      for (const path of ['/api/admin/users', '/api/admin/manual-payments', '/api/admin/withdrawals']) {
        const res = await s.api('GET', `${path}?${q}=${encodeURIComponent('98\u0000')}`, { token: admin.token });
        if (res.status !== 400) wrong.push(`GET ${path} ${q}: ${res.status}`);
      }
    }
    // The multipart forms: every text field in turn.
    const paymentFields = { utrNumber: nextUtr(), notes: 'Paid from my UPI app', amount: '500' };
    for (const field of Object.keys(paymentFields)) {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...paymentFields, [field]: `${paymentFields[field as keyof typeof paymentFields]}\u0000` })) form.set(k, v);
      form.set('screenshot', pngFile());
      const res = await s.upload('POST', '/api/submit-manual-payment', form, { token: pendingUser.token });
      if (res.status !== 400) wrong.push(`POST /api/submit-manual-payment ${field}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    for (const field of ['accountHolderName', 'accountNumber', 'ifscCode', 'upiId', 'amount']) {
      const fields = { amount: '100', ...GOOD_BANK, upiId: 'asha@okhdfcbank', [field]: `${field === 'amount' ? '100' : field === 'upiId' ? 'asha@okhdfcbank' : GOOD_BANK[field as keyof typeof GOOD_BANK]}\u0000` };
      const res = await s.upload('POST', '/api/withdraw', bankForm(fields), { token: funded.token });
      if (res.status !== 400) wrong.push(`POST /api/withdraw ${field}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    // Nothing was decided or moved by the refused requests.
    const stillPending = await s.api('GET', `/api/admin/manual-payments?status=pending&q=${payment.utrNumber}`, { token: admin.token });
    expect(stillPending.body.items).toHaveLength(1);
    expect((await s.api('GET', '/api/withdrawal-requests', { token: funded.token })).body.map((w: { status: string }) => w.status)).toEqual(['pending']);
    await expectLedgerHolds(s);
  });

  it('a JSON body over 1 MB is a 413 about the request size', async () => {
    const res = await s.api('POST', '/api/register', { body: { username: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large. Send at most 1 MB of form data.' });
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

/** The withdraw form with the bank fields as bankDetails JSON (as the web app sends it). */
function bankForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  const { accountHolderName, accountNumber, ifscCode, ...rest } = fields;
  for (const [k, v] of Object.entries(rest)) form.set(k, v);
  form.set('bankDetails', JSON.stringify({ accountHolderName: accountHolderName ?? GOOD_BANK.accountHolderName, accountNumber: accountNumber ?? GOOD_BANK.accountNumber, ifscCode: ifscCode ?? GOOD_BANK.ifscCode }));
  return form;
}
