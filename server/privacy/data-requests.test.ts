// Grievances about personal data: the Grievance Officer named in the settings reaches the public
// pages; a person raises a request (at most three open), admins see the queue soonest-due first with
// a 30-day due date and an overdue mark, and close each with an answer the person reads; reviewers
// stay out, and a second close is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { createActivatedUser, createAdmin, inviteAdmin, type SignedIn } from '../test/fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)('data requests (%s)', (driver) => {
  let s: TestServer;
  let admin: SignedIn;

  beforeAll(async () => {
    s = await startTestServer({ driver });
    admin = await createAdmin(s);
  });
  afterAll(() => s.close());

  it('names the Grievance Officer on the public settings once an admin sets one', async () => {
    expect((await s.api('GET', '/api/app-settings')).body).toMatchObject({ grievanceOfficerName: null, grievanceEmail: null });
    const bad = await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { grievanceEmail: 'not-an-email' } });
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { grievanceEmail: 'Enter a valid grievance email address' } });
    const ok = await s.api('PUT', '/api/admin/settings', { token: admin.token, body: { grievanceOfficerName: 'Kavita Menon', grievanceEmail: 'Grievance@Example.com' } });
    expect(ok.status).toBe(200);
    expect((await s.api('GET', '/api/app-settings')).body).toMatchObject({ grievanceOfficerName: 'Kavita Menon', grievanceEmail: 'grievance@example.com' });
  });

  it('takes a request, queues it with its due date, and closes it with an answer the person reads', async () => {
    const u = await createActivatedUser(s, admin.token, admin.user.referralCode);
    const invalid = await s.api('POST', '/api/me/data-requests', { token: u.token, body: { kind: 'gossip', message: '' } });
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: { kind: 'Choose what your request is about', message: 'Tell us what you are asking for' } });
    const created = await s.api('POST', '/api/me/data-requests', { token: u.token, body: { kind: 'correction', message: 'My email is misspelt' } });
    expect(created.status).toBe(201);
    expect(Date.parse(created.body.dueAt) - Date.parse(created.body.createdAt)).toBe(30 * DAY);
    expect(created.body).toMatchObject({ kind: 'correction', status: 'open', note: null });

    const queueRes = await s.api('GET', '/api/admin/data-requests', { token: admin.token });
    expect(queueRes.status, JSON.stringify(queueRes.body)).toBe(200);
    const queue = queueRes.body.items;
    expect(queue).toEqual([expect.objectContaining({ id: created.body.id, username: u.user.username, overdue: false })]);
    s.clock.advance(31 * DAY);
    const fresh = await createAdmin(s); // an admin session lasts 12 hours
    expect((await s.api('GET', '/api/admin/data-requests', { token: fresh.token })).body.items[0].overdue).toBe(true);

    expect((await s.api('POST', `/api/admin/data-requests/${created.body.id}/close`, { token: fresh.token, body: { note: ' ' } })).body.fields).toEqual({ note: 'Write the answer the person will read' });
    const closed = await s.api('POST', `/api/admin/data-requests/${created.body.id}/close`, { token: fresh.token, body: { note: 'Corrected to asha@example.com' } });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', note: 'Corrected to asha@example.com', overdue: false });
    expect((await s.api('POST', `/api/admin/data-requests/${created.body.id}/close`, { token: fresh.token, body: { note: 'again' } })).status).toBe(409);
    expect((await s.api('POST', '/api/admin/data-requests/not-an-id/close', { token: fresh.token, body: { note: 'x' } })).status).toBe(404);

    // A month on, the person signs in again (a session lasts 30 days) and reads the answer.
    const again = await s.api('POST', '/api/login', { body: { phone: u.phone, password: u.password } });
    u.token = again.body.token;
    const own = (await s.api('GET', '/api/me/data-requests', { token: u.token })).body.items;
    expect(own).toEqual([expect.objectContaining({ id: created.body.id, status: 'closed', note: 'Corrected to asha@example.com' })]);
    const notes = (await s.api('GET', '/api/notifications', { token: u.token })).body;
    expect(JSON.stringify(notes)).toContain('Our answer: Corrected to asha@example.com');
    expect((await s.api('GET', '/api/admin/data-requests?status=closed', { token: fresh.token })).body.items[0]).toMatchObject({ id: created.body.id });
    admin = fresh;
  });

  it('allows three open requests per person, and keeps reviewers and strangers out of the queue', async () => {
    const u = await createActivatedUser(s, admin.token, admin.user.referralCode);
    for (let i = 0; i < 3; i++) expect((await s.api('POST', '/api/me/data-requests', { token: u.token, body: { kind: 'access', message: `Copy ${i}` } })).status).toBe(201);
    const fourth = await s.api('POST', '/api/me/data-requests', { token: u.token, body: { kind: 'other', message: 'One more' } });
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe('You have 3 requests waiting for an answer. We answer each within 30 days');
    expect((await s.api('GET', '/api/admin/data-requests', { token: u.token })).status).toBe(403);
    const reviewer = await inviteAdmin(s, admin.token, 'reviewer', { withTwoFactor: true, now: () => s.clock.now().getTime() });
    expect((await s.api('GET', '/api/admin/data-requests', { token: reviewer.token })).status).toBe(403);
    expect((await s.api('POST', '/api/me/data-requests', { body: { kind: 'access', message: 'x' } })).status).toBe(401);
  });
});
