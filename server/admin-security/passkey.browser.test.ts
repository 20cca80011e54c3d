// Admin passkeys end to end in real Chromium with a CDP virtual authenticator: registration,
// sign-in, and the refusals (wrong origin, reused challenge, expired challenge, replayed assertion).
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { ADMIN, createAdmin } from '../test/fixtures.ts';
import { passkeys } from '../db/schema.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The credential JSON the browser hands back; `any`-free but loose, as the server checks it.
type CredentialJson = Record<string, unknown> & { id: string };

/**
 * Runs navigator.credentials.create or .get in the page with the server's options, converting
 * base64url <-> ArrayBuffer both ways. One evaluated function: page.evaluate ships its source to
 * the page, so the converters cannot be shared between two of them.
 */
async function runWebAuthn(page: Page, ceremony: 'create' | 'get', options: unknown): Promise<CredentialJson> {
  return page.evaluate(
    async ({ ceremony, opts }) => {
      const toBuf = (s: string): ArrayBuffer => {
        const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
        const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
        const out = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
        return out.buffer;
      };
      const toB64u = (buf: ArrayBuffer): string => {
        let s = '';
        for (const b of new Uint8Array(buf)) s += String.fromCharCode(b);
        return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      };
      type Descriptor = { id: string; type: 'public-key'; transports?: string[] };
      const withIds = (list: Descriptor[] | undefined) => (list ?? []).map((c) => ({ ...c, id: toBuf(c.id) }));

      if (ceremony === 'create') {
        const o = opts as {
          challenge: string;
          user: { id: string; name: string; displayName: string };
          excludeCredentials?: Descriptor[];
        } & Record<string, unknown>;
        const publicKey = {
          ...o,
          challenge: toBuf(o.challenge),
          user: { ...o.user, id: toBuf(o.user.id) },
          excludeCredentials: withIds(o.excludeCredentials),
        } as unknown as PublicKeyCredentialCreationOptions;
        const cred = (await navigator.credentials.create({ publicKey })) as PublicKeyCredential;
        const response = cred.response as AuthenticatorAttestationResponse;
        return {
          id: cred.id,
          rawId: toB64u(cred.rawId),
          type: cred.type,
          response: {
            clientDataJSON: toB64u(response.clientDataJSON),
            attestationObject: toB64u(response.attestationObject),
            transports: response.getTransports(),
          },
          clientExtensionResults: cred.getClientExtensionResults(),
          authenticatorAttachment: cred.authenticatorAttachment,
        };
      }

      const o = opts as { challenge: string; allowCredentials?: Descriptor[] } & Record<string, unknown>;
      const publicKey = {
        ...o,
        challenge: toBuf(o.challenge),
        allowCredentials: withIds(o.allowCredentials),
      } as unknown as PublicKeyCredentialRequestOptions;
      const cred = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential;
      const response = cred.response as AuthenticatorAssertionResponse;
      return {
        id: cred.id,
        rawId: toB64u(cred.rawId),
        type: cred.type,
        response: {
          clientDataJSON: toB64u(response.clientDataJSON),
          authenticatorData: toB64u(response.authenticatorData),
          signature: toB64u(response.signature),
          userHandle: response.userHandle ? toB64u(response.userHandle) : undefined,
        },
        clientExtensionResults: cred.getClientExtensionResults(),
        authenticatorAttachment: cred.authenticatorAttachment,
      };
    },
    { ceremony, opts: options },
  );
}

const createCredential = (page: Page, options: unknown) => runWebAuthn(page, 'create', options);
const getAssertion = (page: Page, options: unknown) => runWebAuthn(page, 'get', options);

let browser: Browser;
/** Another origin on the same host name (rpId "localhost"): a page here must not pass as the app. */
let otherSite: Server;
let otherOrigin: string;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  otherSite = createServer((_req, res) => res.end('other site'));
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  const address = otherSite.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  otherOrigin = `http://localhost:${address.port}`;
});

afterAll(async () => {
  await browser?.close();
  if (otherSite) await new Promise((resolve) => otherSite.close(resolve));
});

describe.each(drivers)('admin passkeys in Chromium (%s)', (driver) => {
  let s: TestServer;
  let adminToken: string;
  let context: BrowserContext;
  let page: Page;

  const registerBegin = async () => {
    const res = await s.api('POST', '/api/admin/passkey/register/begin', { token: adminToken, body: { deviceName: 'Laptop' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const authBegin = async () => {
    const res = await s.api('POST', '/api/admin/passkey/auth/begin', { body: { email: ADMIN.email } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const authFinish = (credential: CredentialJson) =>
    s.api('POST', '/api/admin/passkey/auth/finish', { body: { email: ADMIN.email, credential } });

  beforeAll(async () => {
    s = await startTestServer({ driver });
    adminToken = (await createAdmin(s)).token;
    context = await browser.newContext();
    page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    // WebAuthn needs a host name, not 127.0.0.1.
    await page.goto(`${s.origin}/healthz`);
  });
  afterAll(async () => {
    await context?.close();
    await s?.close();
  });

  it('refuses a registration made on another origin', async () => {
    const options = await registerBegin();
    await page.goto(`${otherOrigin}/`);
    const credential = await createCredential(page, options);
    await page.goto(`${s.origin}/healthz`);
    const res = await s.api('POST', '/api/admin/passkey/register/finish', { token: adminToken, body: { credential, deviceName: 'Elsewhere' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Passkey registration failed');
    expect(await s.ctx.db.select().from(passkeys)).toHaveLength(0);
  });

  it('registers a passkey once per challenge', async () => {
    const options = await registerBegin();
    expect(options.rp).toEqual({ name: s.ctx.config.appName, id: 'localhost' });
    const credential = await createCredential(page, options);
    const res = await s.api('POST', '/api/admin/passkey/register/finish', { token: adminToken, body: { credential, deviceName: 'Laptop' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ verified: true });

    const replay = await s.api('POST', '/api/admin/passkey/register/finish', { token: adminToken, body: { credential } });
    expect(replay.status).toBe(400);

    const rows = await s.ctx.db.select().from(passkeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.credentialId).toBe(credential.id);
    expect(rows[0]!.deviceName).toBe('Laptop');
    const status = await s.api('GET', '/api/admin/security/status', { token: adminToken });
    expect(status.body).toEqual({ twoFactorEnabled: false, passkeysEnabled: true, passkeyCount: 1 });

    const again = await registerBegin();
    expect(again.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([credential.id]);
  });

  it('refuses a registration whose challenge expired', async () => {
    const options = await registerBegin();
    s.clock.advance(6 * 60_000);
    // Another user handle, so this resident key does not replace the registered one in the authenticator.
    const user = { ...options.user, id: Buffer.from('someone-else').toString('base64url') };
    const credential = await createCredential(page, { ...options, user, excludeCredentials: [] });
    const res = await s.api('POST', '/api/admin/passkey/register/finish', { token: adminToken, body: { credential } });
    expect(res.status).toBe(400);
    expect(await s.ctx.db.select().from(passkeys)).toHaveLength(1);
  });

  it('signs in with the passkey; the assertion and its challenge work once', async () => {
    const options = await authBegin();
    expect(options.rpId).toBe('localhost');
    const [stored] = await s.ctx.db.select().from(passkeys);
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([stored!.credentialId]);
    const assertion = await getAssertion(page, options);
    const res = await authFinish(assertion);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.verified).toBe(true);
    expect(res.body.user.isAdmin).toBe(true);
    const status = await s.api('GET', '/api/admin/security/status', { token: res.body.token });
    expect(status.status).toBe(200);
    const [after] = await s.ctx.db.select().from(passkeys).where(eq(passkeys.id, stored!.id));
    expect(after!.counter).toBeGreaterThan(stored!.counter);
    expect(after!.lastUsedAt).not.toBeNull();

    const replay = await authFinish(assertion);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Passkey authentication failed');

    const activity = await s.api('GET', '/api/admin/activity', { token: adminToken });
    const actions = activity.body.items.map((i: { action: string; details: { method?: string } | null }) => `${i.action}:${i.details?.method ?? ''}`);
    expect(actions).toContain('admin.login:passkey');
    expect(actions).toContain('admin.passkey_added:');
  });

  it('refuses an assertion made on another origin', async () => {
    const options = await authBegin();
    await page.goto(`${otherOrigin}/`);
    const assertion = await getAssertion(page, options);
    await page.goto(`${s.origin}/healthz`);
    const res = await authFinish(assertion);
    expect(res.status).toBe(401);
  });

  it('refuses an assertion whose challenge expired', async () => {
    const options = await authBegin();
    const assertion = await getAssertion(page, options);
    s.clock.advance(6 * 60_000);
    const res = await authFinish(assertion);
    expect(res.status).toBe(401);
    // A fresh challenge still works afterwards.
    const ok = await authFinish(await getAssertion(page, await authBegin()));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('answers an unknown e-mail like a known one and never signs it in', async () => {
    const res = await s.api('POST', '/api/admin/passkey/auth/begin', { body: { email: 'nobody@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body.allowCredentials).toHaveLength(1);
    const bad = await s.api('POST', '/api/admin/passkey/auth/finish', {
      body: { email: 'nobody@example.com', credential: await getAssertion(page, await authBegin()) },
    });
    expect(bad.status).toBe(401);
    const missing = await s.api('POST', '/api/admin/passkey/auth/finish', { body: { email: ADMIN.email, credential: { id: 'x' } } });
    expect(missing.status).toBe(400);
  });
});
