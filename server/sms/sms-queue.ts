// SMS go through a durable queue in the database, so a slow or failing provider never holds up or
// fails a request: the request stores a job in the same transaction as the code it carries and
// answers; a worker in every process claims due jobs (FOR UPDATE SKIP LOCKED, so processes never
// send one job twice), sends them, and on failure tries again later (after 2 s, 10 s, 30 s, 2 min)
// before giving up: a dead job stays for admins to see. A process killed mid-send leaves its
// claim to expire, and the job is sent by whoever claims it next. Works on PGlite and PostgreSQL.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { SmsJobList } from '../../contract/admin.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { isUuid, newId } from '../db/ids.ts';
import { at, queryRows } from '../db/rows.ts';
import { smsJobs } from '../db/schema.ts';
import { openSecret, sealSecret } from '../admin-security/secret-box.ts';
import { smsText, type SmsPurpose } from '../i18n/sms-texts.ts';
import { redactText } from '../logging.ts';
import type { SmsProvider } from './sms.provider.ts';

/** Waits before the 2nd, 3rd, 4th and 5th tries; after the 5th failure the job is dead. */
export const SMS_RETRY_DELAYS_MS = [2_000, 10_000, 30_000, 120_000];
export const SMS_MAX_ATTEMPTS = SMS_RETRY_DELAYS_MS.length + 1;
/** How long a claim lasts: a process that dies mid-send frees the job after this. */
const CLAIM_MS = 30_000;

export interface SmsJobInput {
  phone: string;
  purpose: SmsPurpose;
  language: string | null;
  code: string;
}

/** Stores a job in the caller's transaction (so it exists exactly when the code does). */
export async function enqueueSms(tx: DbOrTx, key: Buffer, job: SmsJobInput, now: Date): Promise<string> {
  const id = newId();
  await tx.insert(smsJobs).values({
    id,
    phone: job.phone,
    purpose: job.purpose,
    language: job.language,
    sealedCode: sealSecret(key, job.code, id),
    runAt: now,
    createdAt: now,
  });
  return id;
}

interface ClaimedJob {
  id: string;
  phone: string;
  purpose: SmsPurpose;
  language: string | null;
  sealed_code: string | null;
  attempts: number;
}

export interface SmsQueueDeps {
  db: Db;
  sms: () => SmsProvider;
  secretsKey: Buffer;
  appName: () => string;
  now: () => Date;
  onSent?: () => void;
  onFailed?: (err: unknown) => void;
}

export class SmsQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: SmsQueueDeps) {}

  /** Sends what is due now, in the background (coalesced: one pass at a time per process). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Resolves once nothing is due: every job sent, dead, or waiting for a later retry. */
  async drain(): Promise<void> {
    this.kick();
    while (this.running) await this.running;
  }

  /** Polls for retries and for jobs a stopped process left behind. */
  start(intervalMs = 1_000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await this.running;
  }

  private async work(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      let job: ClaimedJob | undefined;
      try {
        job = await this.claim();
      } catch {
        // The database is away: the interval tries again later.
        return;
      }
      if (!job) return;
      await this.send(job);
    }
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const now = this.deps.now();
    const [job] = await queryRows<ClaimedJob & Record<string, unknown>>(
      this.deps.db,
      sql`update sms_jobs set status = 'sending', attempts = attempts + 1, locked_until = ${at(new Date(now.getTime() + CLAIM_MS))}
          where id = (
            select id from sms_jobs
            where (status = 'queued' and run_at <= ${at(now)}) or (status = 'sending' and locked_until < ${at(now)})
            order by run_at limit 1 for update skip locked)
          returning id, phone, purpose, language, sealed_code, attempts`,
    );
    return job;
  }

  private async send(job: ClaimedJob): Promise<void> {
    const now = this.deps.now();
    try {
      if (!job.sealed_code) throw new Error('the job has no code');
      const code = openSecret(this.deps.secretsKey, job.sealed_code, job.id);
      await this.deps.sms().send({ to: job.phone, text: smsText(job.language, job.purpose, code, this.deps.appName()), code });
    } catch (err) {
      this.deps.onFailed?.(err);
      const message = redactText((err as Error).message ?? String(err)).slice(0, 500);
      const dead = job.attempts >= SMS_MAX_ATTEMPTS;
      const retryAt = new Date(now.getTime() + (SMS_RETRY_DELAYS_MS[job.attempts - 1] ?? 0));
      await this.deps.db
        .execute(
          dead
            ? sql`update sms_jobs set status = 'dead', sealed_code = null, locked_until = null, last_error = ${message} where id = ${job.id}`
            : sql`update sms_jobs set status = 'queued', run_at = ${at(retryAt)}, locked_until = null, last_error = ${message} where id = ${job.id}`,
        )
        .catch(() => undefined); // the claim expires and the job is tried again
      return;
    }
    this.deps.onSent?.();
    await this.deps.db
      .execute(sql`update sms_jobs set status = 'sent', sealed_code = null, locked_until = null, sent_at = ${at(now)} where id = ${job.id}`)
      .catch(() => undefined);
  }
}

/** The latest 50 SMS given up on. */
export async function listDeadSmsJobs(db: Db): Promise<SmsJobList> {
  const rows = await db.select().from(smsJobs).where(eq(smsJobs.status, 'dead')).orderBy(desc(smsJobs.createdAt)).limit(50);
  return {
    items: rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      purpose: r.purpose === 'reset' || r.purpose === 'phone_change' ? r.purpose : 'register',
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** An admin has looked into an undelivered code: it leaves the Overview's list (a dead job only). */
export async function dismissDeadSmsJob(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db.delete(smsJobs).where(and(eq(smsJobs.id, id), eq(smsJobs.status, 'dead'))).returning({ id: smsJobs.id });
  return rows.length > 0;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Forgets sent jobs after 7 days and dead ones after 30 (maintenance). */
export async function pruneSmsJobs(db: DbOrTx, now: Date): Promise<void> {
  await db.execute(
    sql`delete from sms_jobs where (status = 'sent' and created_at < ${at(new Date(now.getTime() - 7 * DAY_MS))}) or (status = 'dead' and created_at < ${at(new Date(now.getTime() - 30 * DAY_MS))})`,
  );
}
