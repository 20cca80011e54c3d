// The SMS queue's own rules: a job a dead process left half-sent is sent once its claim expires,
// processes never send one job twice, and old jobs are forgotten by maintenance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drivers, startTestServer, type TestServer } from '../test/harness.ts';
import { smsJobs } from '../db/schema.ts';
import { runMaintenance } from '../maintenance/maintenance.ts';
import { nextPhone } from '../test/fixtures.ts';
import { enqueueSms, SmsQueue } from './sms-queue.ts';

describe.each(drivers)('SMS queue (%s)', (driver) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ driver });
  });
  afterAll(() => s.close());

  const sentTo = async (phone: string) => (await s.outbox()).filter((m) => m.to === phone);

  it('sends a job a dead process left half-sent, once its claim has expired', async () => {
    const phone = nextPhone();
    const now = s.clock.now();
    const id = await enqueueSms(s.ctx.db, s.ctx.secretsKey, { phone, purpose: 'register', language: 'hi', code: '123456' }, now);
    // As if another process claimed it and was killed before sending.
    await s.ctx.db.update(smsJobs).set({ status: 'sending', attempts: 1, lockedUntil: new Date(now.getTime() + 30_000) }).where(eq(smsJobs.id, id));
    await s.ctx.smsQueue.drain();
    expect(await sentTo(phone)).toHaveLength(0);
    s.clock.advance(31_000);
    await s.ctx.smsQueue.drain();
    const sent = await sentTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('123456 आपका');
    expect((await s.ctx.db.select().from(smsJobs).where(eq(smsJobs.id, id)))[0]).toMatchObject({ status: 'sent', attempts: 2, sealedCode: null });
  });

  it('two workers on one database send each job once', async () => {
    const phones = Array.from({ length: 12 }, () => nextPhone());
    for (const phone of phones) await enqueueSms(s.ctx.db, s.ctx.secretsKey, { phone, purpose: 'reset', language: null, code: '654321' }, s.clock.now());
    const second = new SmsQueue({ db: s.ctx.db, sms: () => s.ctx.sms, secretsKey: s.ctx.secretsKey, appName: () => 'Referral Hub', now: s.clock.now });
    await Promise.all([s.ctx.smsQueue.drain(), second.drain()]);
    await second.stop();
    for (const phone of phones) expect(await sentTo(phone)).toHaveLength(1);
  });

  it('forgets sent jobs after a week and dead ones after a month', async () => {
    const old = new Date(s.clock.now().getTime() - 8 * 24 * 60 * 60 * 1000);
    const ids = [];
    for (const status of ['sent', 'dead', 'queued'] as const) {
      const id = await enqueueSms(s.ctx.db, s.ctx.secretsKey, { phone: nextPhone(), purpose: 'register', language: null, code: '111111' }, old);
      await s.ctx.db.update(smsJobs).set({ status, runAt: new Date(old.getTime() + 10 * 365 * 24 * 60 * 60 * 1000) }).where(eq(smsJobs.id, id));
      ids.push(id);
    }
    await runMaintenance(s.ctx);
    const left = (await s.ctx.db.select({ id: smsJobs.id }).from(smsJobs)).map((r) => r.id);
    expect(left).not.toContain(ids[0]);
    expect(left).toContain(ids[1]);
    expect(left).toContain(ids[2]);
  });
});
