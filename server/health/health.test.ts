import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';

describe.each(drivers)('health and fallbacks (%s)', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver });
  });
  afterAll(() => s.close());

  it('answers /healthz after checking the database', async () => {
    const res = await s.api('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await s.api('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await s.api('GET', '/healthz');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await s.api('POST', '/api/login', { body: '{"phone":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST' });
  });
});
