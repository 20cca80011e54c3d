// The admin activity log (Recent Activity): newest first, stable keyset pages even when several
// rows share a timestamp, actor names joined, bad paging input answered with 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { ADMIN, createAdmin } from '../test/fixtures.ts';
import { recordAudit } from './audit.service.ts';

describe.each(drivers)('admin activity (%s)', (driver) => {
  let s: TestServer;
  let token: string;
  let adminId: string;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    const admin = await createAdmin(s);
    token = admin.token;
    adminId = admin.user.id;
    const base = s.clock.now().getTime() + 60_000;
    for (let i = 0; i < 5; i++) {
      await recordAudit(s.ctx.db, {
        actorId: i === 4 ? null : adminId,
        action: 'settings.updated',
        targetType: 'settings',
        targetId: `t${i}`,
        ip: '127.0.0.1',
        details: { i },
        // Two pairs share a timestamp: paging must still neither skip nor repeat a row.
        at: new Date(base + Math.floor(i / 2) * 1000),
      });
    }
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists newest first and pages through every row exactly once', async () => {
    const all = await s.api('GET', '/api/admin/activity?limit=200', { token });
    expect(all.status).toBe(200);
    expect(all.body.nextCursor).toBeNull();
    const times = all.body.items.map((i: { createdAt: string }) => Date.parse(i.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.body.items[0]).toEqual({
      id: expect.any(String),
      action: 'settings.updated',
      actorId: null,
      actorName: null,
      targetType: 'settings',
      targetId: 't4',
      ip: '127.0.0.1',
      details: { i: 4 },
      createdAt: expect.any(String),
    });
    const mine = all.body.items.find((i: { targetId: string }) => i.targetId === 't0');
    expect(mine.actorName).toBe(ADMIN.username);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } = await s.api(
        'GET',
        `/api/admin/activity?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token },
      );
      expect(page.status).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.items.map((i) => i.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.body.items.map((i: { id: string }) => i.id));
  });

  it('answers 400 to a bad cursor or limit', async () => {
    expect((await s.api('GET', '/api/admin/activity?cursor=nonsense', { token })).status).toBe(400);
    expect((await s.api('GET', '/api/admin/activity?limit=0', { token })).status).toBe(400);
    expect((await s.api('GET', '/api/admin/activity?limit=201', { token })).status).toBe(400);
  });
});
