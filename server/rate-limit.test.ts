// The per-address API rate limit decides on the path the router matched, so percent-encoding a
// path cannot step around it; and behind a proxy (TRUST_PROXY = hop count) the address is the one
// the proxy saw, so a client naming addresses in X-Forwarded-For gets no fresh buckets.
import { afterEach, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from './test/harness.ts';

describe.each(drivers)('API rate limit (%s)', (driver) => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  it('counts /%61pi/app-settings as /api/app-settings', async () => {
    s = await startTestServer({ driver, rateLimitPerMinute: 5 });
    const paths = ['/api/app-settings', '/%61pi/app-settings', '/api/%61pp-settings', '/%61%70%69/app-settings', '/api/app-settings'];
    for (const p of paths) expect((await s.api('GET', p)).status, p).toBe(200);
    for (const p of ['/%61pi/app-settings', '/api/app-settings', '/%61%70%69/app-settings']) {
      const res = await s.api('GET', p);
      expect(res.status, p).toBe(429);
      expect(res.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(res.headers.get('retry-after')).toBeTruthy();
    }
    // The web app's pages are not API calls and are not counted.
    expect((await s.api('GET', '/login')).status).not.toBe(429);
  });

  it('behind one proxy, the address is the hop the proxy added, whatever the client claims before it', async () => {
    s = await startTestServer({ driver, rateLimitPerMinute: 3, env: { TRUST_PROXY: '1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A client rotating its claimed address; the proxy appends the address it really saw.
      const res = await s.api('GET', '/api/app-settings', { headers: { 'x-forwarded-for': `10.9.8.${i}, 203.0.113.50` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Someone else behind the same proxy has a bucket of their own.
    expect((await s.api('GET', '/api/app-settings', { headers: { 'x-forwarded-for': '203.0.113.51' } })).status).toBe(200);
  });
});
