import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drivers, expectLedgerHolds, startTestServer, type TestServer } from '../test/harness.ts';
import { ADMIN } from '../test/fixtures.ts';
import { auditLog, ledgerAccounts, users } from '../db/schema.ts';
import { createFirstAdmin } from './admin-setup.service.ts';

describe.each(drivers)('first admin setup (%s)', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver });
  });
  afterAll(() => s.close());

  it.each([
    [{ ...ADMIN, username: '' }, 'Please fill in all required fields'],
    [{ ...ADMIN, email: undefined }, 'Please fill in all required fields'],
    [{ ...ADMIN, password: '' }, 'Please fill in all required fields'],
    [{ ...ADMIN, phone: '' }, 'Please fill in all required fields'],
    [{}, 'Please fill in all required fields'],
    [{ ...ADMIN, email: 'nope' }, 'Enter a valid email address'],
    [{ ...ADMIN, phone: '12345' }, 'Enter 10-digit mobile number'],
    [{ ...ADMIN, password: 'short' }, 'Admin password must be at least 8 characters'],
  ])('refuses %o with %s', async (body, message) => {
    const res = await s.api('POST', '/api/admin/setup', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('creates the first admin once, then answers 409 ADMIN_EXISTS', async () => {
    expect((await s.api('GET', '/api/admin/setup')).body).toEqual({ exists: false });
    const res = await s.api('POST', '/api/admin/setup', { body: ADMIN });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.exists).toBe(true);
    expect(res.body.user).toMatchObject({ username: 'admin', email: ADMIN.email, phone: ADMIN.phone, isAdmin: true, isActivated: true, walletBalance: '0.00' });
    expect(res.body.user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await s.api('GET', '/api/admin/setup')).body).toEqual({ exists: true });

    const [row] = await s.ctx.db.select().from(users).where(eq(users.id, res.body.user.id));
    expect(row!.phoneVerifiedAt).not.toBeNull();
    expect(await s.ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, row!.id))).toHaveLength(1);
    const audit = await s.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'admin.setup'));
    expect(audit).toMatchObject([{ actorId: row!.id, targetId: row!.id }]);

    const again = await s.api('POST', '/api/admin/setup', { body: { ...ADMIN, email: 'other@example.com', phone: '9000000002' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ADMIN_EXISTS');

    const login = await s.api('POST', '/api/login', { body: { phone: ADMIN.phone, password: ADMIN.password } });
    expect(login.status).toBe(200);
    expect(login.body.user.isAdmin).toBe(true);
    await expectLedgerHolds(s);
  });
});

describe.each(drivers)('first admin setup race (%s)', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver });
  });
  afterAll(() => s.close());

  it('10 parallel setups make exactly one admin', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.api('POST', '/api/admin/setup', { body: { ...ADMIN, username: `admin${i}`, email: `admin${i}@example.com`, phone: `90000001${String(i).padStart(2, '0')}` } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(9);
    const admins = await s.ctx.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
  });

  it('createFirstAdmin is usable directly (the CLI path) and refuses a second admin', async () => {
    await expect(createFirstAdmin(s.ctx.db, { ...ADMIN, email: 'cli@example.com', phone: '9111111111' }, s.clock.now())).rejects.toMatchObject({ code: 'ADMIN_EXISTS', status: 409 });
  });
});
