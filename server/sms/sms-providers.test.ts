import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createAdmin, nextPhone, type SignedIn } from '../test/fixtures.ts';
import { smsJobs } from '../db/schema.ts';
import { SMS_MAX_ATTEMPTS, SMS_RETRY_DELAYS_MS } from './sms-queue.ts';
import { createMsg91SmsProvider } from './msg91-provider.ts';
import { createTwilioSmsProvider } from './twilio-provider.ts';
import { createSmsProvider } from './sms.providers.ts';
import { toConfig, EnvSchema } from '../env.ts';
import { AppError } from '../errors.ts';
import { PRIVACY_POLICY_VERSION } from '../../contract/constants.ts';

interface Captured {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A stand-in for the provider's HTTP API: records requests, answers with `reply`. */
async function startFakeProvider() {
  const requests: Captured[] = [];
  const state = { reply: { status: 200, body: '{"type":"success","message":"ok"}' }, hangUp: false };
  /** Requests answered 2xx: what a phone really received. */
  const delivered: Captured[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const captured = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(captured);
      // The provider dies mid-send: the connection drops with no answer.
      if (state.hangUp) return void req.socket.destroy();
      if (state.reply.status < 300) delivered.push(captured);
      res.writeHead(state.reply.status, { 'content-type': 'application/json' });
      res.end(state.reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, requests, delivered, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const quiet = () => undefined;

describe('SMS providers against a fake HTTP API', () => {
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  beforeAll(async () => {
    fake = await startFakeProvider();
  });
  afterAll(() => fake.close());

  it('msg91 posts the Flow API with the auth key, template and Indian number', async () => {
    fake.requests.length = 0;
    fake.state.reply = { status: 200, body: '{"type":"success","message":"3763646c3058373530393831"}' };
    const sms = createMsg91SmsProvider({ authKey: 'KEY123', templateId: 'TPL1', baseUrl: fake.url + '/', log: quiet });
    await sms.send({ to: '9876543210', text: '123456 is your code', code: '123456' });
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/api/v5/flow' });
    expect(req!.headers.authkey).toBe('KEY123');
    expect(JSON.parse(req!.body)).toEqual({
      template_id: 'TPL1',
      short_url: '0',
      recipients: [{ mobiles: '919876543210', otp: '123456', message: '123456 is your code' }],
    });
  });

  it.each([
    [200, '{"type":"error","message":"Invalid authkey"}'],
    [401, '{"type":"error","message":"Unauthorized"}'],
    [500, 'oops'],
  ])('msg91 answer %i %s -> SMS_FAILED 502', async (status, body) => {
    fake.state.reply = { status, body };
    const sms = createMsg91SmsProvider({ authKey: 'k', templateId: 't', baseUrl: fake.url, log: quiet });
    const err = await sms.send({ to: '9876543210', text: 'x', code: null }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'SMS_FAILED', status: 502, message: 'Could not send SMS, please try again' });
  });

  it('a provider that cannot be reached is SMS_FAILED too', async () => {
    const sms = createMsg91SmsProvider({ authKey: 'k', templateId: 't', baseUrl: 'http://127.0.0.1:1', log: quiet });
    await expect(sms.send({ to: '9876543210', text: 'x' })).rejects.toMatchObject({ code: 'SMS_FAILED' });
  });

  it('twilio posts a form to Messages.json with basic auth and +91 number', async () => {
    fake.requests.length = 0;
    fake.state.reply = { status: 201, body: '{"sid":"SM1","status":"queued"}' };
    const sms = createTwilioSmsProvider({ accountSid: 'AC1', authToken: 'tok', from: '+15005550006', baseUrl: fake.url, log: quiet });
    await sms.send({ to: '9876543210', text: 'hello', code: '654321' });
    const [req] = fake.requests;
    expect(req).toMatchObject({ method: 'POST', url: '/2010-04-01/Accounts/AC1/Messages.json' });
    expect(req!.headers.authorization).toBe(`Basic ${Buffer.from('AC1:tok').toString('base64')}`);
    expect(req!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req!.body))).toEqual({ To: '+919876543210', From: '+15005550006', Body: 'hello' });
  });

  it('twilio error answers are SMS_FAILED', async () => {
    fake.state.reply = { status: 400, body: '{"code":21211,"message":"Invalid To number","status":400}' };
    const sms = createTwilioSmsProvider({ accountSid: 'AC1', authToken: 'tok', from: '+1', baseUrl: fake.url, log: quiet });
    await expect(sms.send({ to: '9876543210', text: 'x' })).rejects.toMatchObject({ code: 'SMS_FAILED', status: 502 });
  });

  it('createSmsProvider picks the configured provider and refuses console in production', () => {
    const base = { DATA_DIR: 'data', LOG_LEVEL: 'silent' };
    expect(createSmsProvider(toConfig(EnvSchema.parse({ ...base, NODE_ENV: 'test' }))).name).toBe('console');
    expect(createSmsProvider(toConfig(EnvSchema.parse({ ...base, SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATE_ID: 't' }))).name).toBe('msg91');
    expect(
      createSmsProvider(toConfig(EnvSchema.parse({ ...base, SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'a', TWILIO_AUTH_TOKEN: 'b', TWILIO_FROM: '+1' }))).name,
    ).toBe('twilio');
    const config = toConfig(EnvSchema.parse({ ...base, NODE_ENV: 'test' }));
    expect(() => createSmsProvider({ ...config, nodeEnv: 'production' })).toThrow(/refused in production/);
  });
});

describe.each(drivers)('sign-up over a real SMS provider (%s)', (driver) => {
  let fake: Awaited<ReturnType<typeof startFakeProvider>>;
  let s: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    fake = await startFakeProvider();
    s = await startTestServer({
      driver,
      env: { SMS_PROVIDER: 'msg91', MSG91_AUTH_KEY: 'test-key', MSG91_TEMPLATE_ID: 'tpl', MSG91_BASE_URL: fake.url },
    });
    admin = await createAdmin(s);
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });

  const codeSentTo = (phone: string): string => {
    const req = [...fake.requests].reverse().find((r) => JSON.parse(r.body).recipients[0].mobiles === `91${phone}`);
    if (!req) throw new Error(`no SMS to ${phone}`);
    return JSON.parse(req.body).recipients[0].otp;
  };

  const deliveriesTo = (phone: string) => fake.delivered.filter((r) => JSON.parse(r.body).recipients[0].mobiles === `91${phone}`).length;
  const jobFor = async (phone: string) => (await s.ctx.db.select().from(smsJobs).where(eq(smsJobs.phone, phone)))[0]!;
  const body = (phone: string) => ({ username: 'Kiran', phone, password: 'secret123', referralCode: admin.user.referralCode, policyVersion: PRIVACY_POLICY_VERSION });

  it('a failing provider never fails the request: 201 at once, then the job retries until the code arrives, once', async () => {
    const phone = nextPhone();
    fake.state.reply = { status: 500, body: '{"type":"error","message":"down"}' };
    const res = await s.api('POST', '/api/register', { body: body(phone) });
    expect(res.status).toBe(201);
    await s.ctx.smsQueue.drain();
    expect(await jobFor(phone)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await jobFor(phone)).lastError).toMatch(/SMS|send/i);
    expect(deliveriesTo(phone)).toBe(0);

    fake.state.reply = { status: 200, body: '{"type":"success","message":"ok"}' };
    s.clock.advance(SMS_RETRY_DELAYS_MS[0]!);
    await s.ctx.smsQueue.drain();
    expect(await jobFor(phone)).toMatchObject({ status: 'sent', attempts: 2, sealedCode: null });
    expect(deliveriesTo(phone)).toBe(1);
    const verified = await s.api('POST', '/api/verify-otp', { body: { userId: res.body.userId, otpCode: codeSentTo(phone) } });
    expect(verified.status).toBe(200);
  });

  it('the provider killed mid-send: the code is delivered on the retry, once', async () => {
    const phone = nextPhone();
    fake.state.reply = { status: 200, body: '{"type":"success","message":"ok"}' };
    fake.state.hangUp = true;
    const res = await s.api('POST', '/api/register', { body: body(phone) });
    expect(res.status).toBe(201);
    await s.ctx.smsQueue.drain();
    expect(await jobFor(phone)).toMatchObject({ status: 'queued', attempts: 1 });
    fake.state.hangUp = false;
    s.clock.advance(SMS_RETRY_DELAYS_MS[0]!);
    await s.ctx.smsQueue.drain();
    await s.ctx.smsQueue.drain();
    expect(deliveriesTo(phone)).toBe(1);
    expect((await s.api('POST', '/api/verify-otp', { body: { userId: res.body.userId, otpCode: codeSentTo(phone) } })).status).toBe(200);
  });

  it('after five failures the job is dead, its code is dropped, and admins see it', async () => {
    const phone = nextPhone();
    fake.state.reply = { status: 500, body: '{"type":"error","message":"down"}' };
    expect((await s.api('POST', '/api/register', { body: body(phone) })).status).toBe(201);
    await s.ctx.smsQueue.drain();
    for (const wait of SMS_RETRY_DELAYS_MS) {
      s.clock.advance(wait);
      await s.ctx.smsQueue.drain();
    }
    expect(await jobFor(phone)).toMatchObject({ status: 'dead', attempts: SMS_MAX_ATTEMPTS, sealedCode: null });
    const dead = await s.api('GET', '/api/admin/sms-jobs', { token: admin.token });
    expect(dead.status).toBe(200);
    expect(dead.body.items.find((j: { phone: string }) => j.phone === phone)).toMatchObject({ purpose: 'register', attempts: SMS_MAX_ATTEMPTS });
    expect((await s.api('GET', '/api/admin/sms-jobs', { token: (await registerUserToken()) })).status).toBe(403);
    fake.state.reply = { status: 200, body: '{"type":"success","message":"ok"}' };
  });

  async function registerUserToken(): Promise<string> {
    fake.state.reply = { status: 200, body: '{"type":"success","message":"ok"}' };
    const phone = nextPhone();
    const res = await s.api('POST', '/api/register', { body: body(phone) });
    await s.ctx.smsQueue.drain();
    return (await s.api('POST', '/api/verify-otp', { body: { userId: res.body.userId, otpCode: codeSentTo(phone) } })).body.token;
  }
});
