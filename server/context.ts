// What every feature's routes and services are given: configuration, the database, the SMS
// provider, the upload store and the clock. Built once in buildApp; tests build their own.
import type { Config } from './env.ts';
import type { Db } from './db/client.ts';
import type { SmsProvider } from './sms/sms.provider.ts';
import type { UploadStore } from './uploads/upload-store.ts';
import type { AppMetrics } from './metrics/metrics.ts';
import type { SmsQueue } from './sms/sms-queue.ts';
import type { PaymentGateway } from './gateway/payment-gateway.ts';
import type { Payouts } from './payouts/payouts.service.ts';

export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  sms: SmsProvider;
  uploads: UploadStore;
  /** The clock, injectable so tests can move past cooldowns and expiries without sleeping. */
  now: () => Date;
  /** 32-byte key for secrets at rest (TOTP secrets). */
  secretsKey: Buffer;
  metrics: AppMetrics;
  /** SMS waiting to be sent (server/sms/sms-queue.ts): requests enqueue, the worker sends. */
  smsQueue: SmsQueue;
  /** The payment gateway (PAYMENT_GATEWAY), null when only UPI proofs are taken. */
  gateway: PaymentGateway | null;
  /** The payouts API approved withdrawals go through, with its queue (PAYOUT_PROVIDER); null when paid by hand. */
  payouts: Payouts | null;
  /** Set when the process begins to shut down: /readyz then fails so a balancer stops sending. */
  lifecycle: { draining: boolean };
}
