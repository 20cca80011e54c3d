// Compressed answers: JSON of 1 KB or more per request (brotli, else gzip), static files as the
// pre-compressed twins the build writes, index.html likewise; small answers and clients that do not
// ask for compression get plain bytes.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness.ts';
import { createAdmin, type SignedIn } from './test/fixtures.ts';
import { chooseEncoding } from './compression.ts';

/** A raw GET (no automatic decompression), so the test sees the bytes on the wire. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('compression', () => {
  let s: TestServer;
  let admin: SignedIn;
  let webDist: string;
  const appJs = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'rh-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), `<!doctype html><title>t</title>${'<!-- padding -->'.repeat(100)}`);
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), appJs);
    await writeFile(path.join(webDist, 'assets', 'app-abc123.js.br'), brotliCompressSync(appJs));
    s = await startTestServer({ webDist });
    admin = await createAdmin(s);
  });
  afterAll(async () => {
    await s.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('picks brotli over gzip, honours q=0, and plain bytes when nothing is accepted', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('compresses JSON of 1 KB or more, and leaves small answers plain', async () => {
    // Ten sign-ins make an audit list well over 1 KB.
    for (let i = 0; i < 10; i++) await s.api('POST', '/api/login', { body: { email: 'admin@example.com', password: 'Admin@12345' } });
    const auth = { authorization: `Bearer ${admin.token}` };
    const list = await rawGet(`${s.url}/api/admin/activity?limit=50`, { ...auth, 'accept-encoding': 'br, gzip' });
    expect(list.headers['content-encoding']).toBe('br');
    expect(list.headers.vary).toContain('accept-encoding');
    const items = JSON.parse(brotliDecompressSync(list.body).toString()).items;
    expect(items.length).toBeGreaterThanOrEqual(10);
    const gzipped = await rawGet(`${s.url}/api/admin/activity?limit=50`, { ...auth, 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString()).items).toHaveLength(items.length);
    const plain = await rawGet(`${s.url}/api/admin/activity?limit=50`, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).items).toHaveLength(items.length);
    const small = await rawGet(`${s.url}/healthz`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('sends the pre-compressed twin of a static file, cached for good, and index.html compressed', async () => {
    const asset = await rawGet(`${s.url}/assets/app-abc123.js`, { 'accept-encoding': 'br' });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.body).toString()).toBe(appJs);
    const page = await rawGet(`${s.url}/wallet`, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<title>t</title>');
  });

  it('answers the site root to a client that takes no compression (curl, an uptime monitor)', async () => {
    for (const encoding of ['identity', '']) {
      const root = await rawGet(`${s.url}/`, encoding ? { 'accept-encoding': encoding } : {});
      expect(root.status).toBe(200);
      expect(root.headers['content-encoding']).toBeUndefined();
      expect(root.body.toString()).toContain('<title>t</title>');
    }
    expect(gunzipSync((await rawGet(`${s.url}/`, { 'accept-encoding': 'gzip' })).body).toString()).toContain('<title>t</title>');
  });
});
