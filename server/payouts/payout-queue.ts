// Approved withdrawals go to the payout provider through a durable queue in the database, as SMS do
// (decision 020): the approval writes the job in its own transaction; a worker in every process
// claims due jobs (FOR UPDATE SKIP LOCKED, so no two processes send one job at once) and creates the
// payout with the job's fixed idempotency key and the request stored before the first try. An error
// or a timeout sends the job back to wait (2 s, 10 s, 30 s, 2 min, 10 min, then every 30 min); a
// refusal that will not change by itself (a 4xx), or too many failures, leaves it 'failed' for an
// admin. A process killed between the provider's answer and our record leaves its claim to expire;
// the next try sends the same key and body, and the provider answers the payout it already made.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { at, queryRows } from '../db/rows.ts';
import { redactText } from '../logging.ts';
import { PayoutProviderError, type PayoutProvider, type PayoutRequest } from './payout-provider.ts';
import { settlePayout } from './settle-payout.ts';

/** Waits before the 2nd, 3rd... tries; the last one repeats. */
export const PAYOUT_RETRY_DELAYS_MS = [2_000, 10_000, 30_000, 120_000, 600_000, 1_800_000];
/** After this many failed tries (about four and a half hours) the job waits for an admin. */
export const PAYOUT_MAX_ATTEMPTS = 12;
/** How long a claim lasts: far beyond a call's timeout, so only a process that died leaves one to expire. */
export const PAYOUT_CLAIM_MS = 60_000;
/** Jobs one process sends at once (RazorpayX asks for at most 5 to 10 calls a second). */
const LANES = 4;

interface ClaimedJob extends Record<string, unknown> {
  withdrawal_id: string;
  idempotency_key: string;
  attempts: number;
  request: Record<string, unknown> | null;
  withdrawal_status: string;
  amount_paise: string;
  method: string;
  upi_id: string | null;
  account_number: string | null;
  ifsc_code: string | null;
  account_holder_name: string;
  user_id: string;
  phone: string | null;
}

export interface PayoutQueueDeps {
  db: Db;
  provider: () => PayoutProvider;
  now: () => Date;
  /** The words on the payee's bank statement (the app's name). */
  narration: () => string;
  onSent?: () => void;
  onFailed?: (err: unknown) => void;
}

/** What one withdrawal asks the provider for. */
export function payoutRequestOf(job: Pick<ClaimedJob, 'withdrawal_id' | 'amount_paise' | 'method' | 'upi_id' | 'account_number' | 'ifsc_code' | 'account_holder_name' | 'user_id' | 'phone'>, narration: string): PayoutRequest {
  return {
    referenceId: job.withdrawal_id,
    amountPaise: BigInt(job.amount_paise),
    destination:
      job.method === 'upi'
        ? { kind: 'vpa', address: job.upi_id ?? '' }
        : { kind: 'bank', name: job.account_holder_name, ifsc: job.ifsc_code ?? '', accountNumber: job.account_number ?? '' },
    contact: { name: job.account_holder_name, phone: job.phone, referenceId: job.user_id },
    narration,
  };
}

export class PayoutQueue {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: PayoutQueueDeps) {}

  /** Sends what is due now, in the background (one pass at a time per process, LANES jobs at once). */
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

  /** Resolves once nothing is due: every job sent, failed, or waiting for a later try. */
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
    await Promise.all(Array.from({ length: LANES }, () => this.lane()));
  }

  private async lane(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      let job: ClaimedJob | undefined;
      try {
        job = await this.claim();
      } catch {
        // The database is away: the poll tries again later.
        return;
      }
      if (!job) return;
      await this.send(job).catch((err: unknown) => this.deps.onFailed?.(err));
    }
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const now = this.deps.now();
    const [job] = await queryRows<ClaimedJob>(
      this.deps.db,
      sql`with claimed as (
            update payout_jobs set status = 'sending', attempts = attempts + 1, locked_until = ${at(new Date(now.getTime() + PAYOUT_CLAIM_MS))},
              first_call_at = coalesce(first_call_at, ${at(now)})
            where withdrawal_id = (
              select withdrawal_id from payout_jobs
              where (status = 'queued' and run_at <= ${at(now)}) or (status = 'sending' and locked_until < ${at(now)})
              order by run_at limit 1 for update skip locked)
            returning withdrawal_id, idempotency_key, attempts, request)
          select c.withdrawal_id::text, c.idempotency_key, c.attempts, c.request, w.status as withdrawal_status, w.amount_paise::text as amount_paise,
            w.method, w.upi_id, w.account_number, w.ifsc_code, w.account_holder_name, w.user_id::text, u.phone
          from claimed c join withdrawals w on w.id = c.withdrawal_id join users u on u.id = w.user_id`,
    );
    return job;
  }

  private async send(job: ClaimedJob): Promise<void> {
    const { db } = this.deps;
    if (job.withdrawal_status !== 'paying') {
      // Settled already (its news came before this try): nothing to send.
      await db.execute(sql`update payout_jobs set status = 'settled', locked_until = null where withdrawal_id = ${job.withdrawal_id}::uuid and status = 'sending'`);
      return;
    }
    const provider = this.deps.provider();
    let body = job.request;
    if (!body) {
      // Stored before the first call, so a retry after a crash sends exactly what the provider saw.
      const built = provider.requestBody(payoutRequestOf(job, this.deps.narration()));
      const [stored] = await queryRows<{ request: Record<string, unknown> }>(
        db,
        sql`update payout_jobs set request = coalesce(request, ${JSON.stringify(built)}::jsonb) where withdrawal_id = ${job.withdrawal_id}::uuid returning request`,
      );
      body = stored?.request ?? built;
    }
    let facts;
    try {
      facts = await provider.createPayout(body, job.idempotency_key, { referenceId: job.withdrawal_id, amountPaise: BigInt(job.amount_paise) });
    } catch (err) {
      await this.failed(job, err);
      return;
    }
    this.deps.onSent?.();
    const now = this.deps.now();
    // If this write is lost, the claim expires and the next try gets the same payout back.
    await settlePayout(db, { withdrawalId: job.withdrawal_id, facts, seenAt: now, now });
  }

  private async failed(job: ClaimedJob, err: unknown): Promise<void> {
    this.deps.onFailed?.(err);
    const now = this.deps.now();
    const message = redactText(describeFailure(err)).slice(0, 500);
    const refused = err instanceof PayoutProviderError && !err.retryable;
    if (refused || job.attempts >= PAYOUT_MAX_ATTEMPTS) {
      // Waits in the admins' list (retry, or return the money to the wallet); recorded once in the audit log.
      await this.deps.db.execute(
        sql`with failed as (
              update payout_jobs set status = 'failed', locked_until = null, last_error = ${message}
              where withdrawal_id = ${job.withdrawal_id}::uuid and status = 'sending' returning withdrawal_id)
            insert into audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
            select rh_new_id(), null, 'payout.refused', 'withdrawal', withdrawal_id::text, null,
              jsonb_build_object('error', ${message}::text, 'attempts', ${job.attempts}::int, 'userId', ${job.user_id}::text), ${at(now)}
            from failed`,
      );
      return;
    }
    const delay = PAYOUT_RETRY_DELAYS_MS[Math.min(job.attempts - 1, PAYOUT_RETRY_DELAYS_MS.length - 1)]!;
    await this.deps.db.execute(
      sql`update payout_jobs set status = 'queued', run_at = ${at(new Date(now.getTime() + delay))}, locked_until = null, last_error = ${message}
          where withdrawal_id = ${job.withdrawal_id}::uuid and status = 'sending'`,
    );
  }
}

/** For the admins' list: the provider's own words first, then its code (what support will ask for). */
function describeFailure(err: unknown): string {
  if (err instanceof PayoutProviderError) {
    return err.status === null ? `${err.code}: ${err.description}` : `${err.description || err.code} (HTTP ${err.status} ${err.code})`;
  }
  return err instanceof Error ? err.message : String(err);
}
