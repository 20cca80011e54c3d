// Configuration from the environment, validated once at boot. A bad value is one clear line and exit 1.
import { z } from 'zod';
import path from 'node:path';

/** A proxy address, a CIDR range, or one of proxy-addr's names for private ranges. */
const PROXY_ADDRESS_RE = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;

/**
 * Which proxies' X-Forwarded-For to believe: `false` (none, the default), a hop count (`1` = the
 * one proxy in front), or a comma-separated list of proxy addresses. `true` (believe any) is
 * refused: a client could then name any address it likes and get fresh rate-limit buckets.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, c): false | number | string[] => {
    if (v === 'false' || v === '0') return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const list = v.split(',').map((a) => a.trim()).filter(Boolean);
    if (v !== 'true' && list.length > 0 && list.every((a) => PROXY_ADDRESS_RE.test(a))) return list;
    c.addIssue({
      code: 'custom',
      message: 'give the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.5,10.0.0.6); true would believe any client',
    });
    return z.NEVER;
  });

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /** Where uploads live: local disk (embedded default), db (default with DATABASE_URL) or s3. */
    STORAGE: z.enum(['local', 'db', 's3']).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
    SMS_PROVIDER: z.enum(['console', 'msg91', 'twilio']).default('console'),
    MSG91_AUTH_KEY: z.string().optional(),
    MSG91_TEMPLATE_ID: z.string().optional(),
    MSG91_BASE_URL: z.url().default('https://control.msg91.com'),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
    APP_ORIGIN: z.url().optional(),
    APP_NAME: z.string().min(1).default('Referral Hub'),
    BRAND: z.string().min(1).optional(),
    SECRETS_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, { error: 'SECRETS_KEY must be 64 hex characters (32 bytes)' })
      .optional(),
    TRUST_PROXY: trustProxy.default(false),
    /** Requests per minute per client address across the API, before 429. */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Bearer token for GET /metrics; unset = no metrics endpoint. */
    METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
    /** After SIGTERM, how long /readyz fails before the server stops taking requests (default 5000 in production, else 0). */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
    /** An optional payment gateway for the activation fee ("Pay now"); unset = UPI proofs only. */
    PAYMENT_GATEWAY: z.enum(['razorpay']).optional(),
    RAZORPAY_KEY_ID: z.string().min(1).optional(),
    RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
    RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAY_BASE_URL: z.url().default('https://api.razorpay.com'),
    /** Approved withdrawals paid out through a payouts API (RazorpayX); unset = the admin transfers and types the UTR. */
    PAYOUT_PROVIDER: z.enum(['razorpayx']).optional(),
    RAZORPAYX_KEY_ID: z.string().min(1).optional(),
    RAZORPAYX_KEY_SECRET: z.string().min(1).optional(),
    /** The business account the money leaves (RazorpayX current account number or customer identifier). */
    RAZORPAYX_ACCOUNT_NUMBER: z.string().regex(/^[A-Za-z0-9]{6,40}$/, { error: 'RAZORPAYX_ACCOUNT_NUMBER must be the account number RazorpayX shows (letters and digits)' }).optional(),
    RAZORPAYX_WEBHOOK_SECRET: z.string().min(1).optional(),
    RAZORPAYX_BASE_URL: z.url().default('https://api.razorpay.com'),
    /** Set by loadConfig, not by the environment: 'tool' for commands that need no secrets key. */
    PURPOSE: z.enum(['server', 'tool']).default('server'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.SMS_PROVIDER === 'console') {
      ctx.addIssue({ code: 'custom', path: ['SMS_PROVIDER'], message: 'SMS_PROVIDER=console is for development; set msg91 or twilio in production' });
    }
    if (env.SMS_PROVIDER === 'msg91' && (!env.MSG91_AUTH_KEY || !env.MSG91_TEMPLATE_ID)) {
      ctx.addIssue({ code: 'custom', path: ['MSG91_AUTH_KEY'], message: 'SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID' });
    }
    if (env.SMS_PROVIDER === 'twilio' && (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM)) {
      ctx.addIssue({ code: 'custom', path: ['TWILIO_ACCOUNT_SID'], message: 'SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM' });
    }
    // Several processes (or a production host) must share one key: without it each DATA_DIR makes
    // its own, and an OTP sent by one process is refused by the next. (Command-line tools that
    // never touch a secret are let through: see loadConfig's `purpose`.)
    if (!env.SECRETS_KEY && env.PURPOSE === 'server' && (env.DATABASE_URL || env.NODE_ENV === 'production')) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRETS_KEY'],
        message: `SECRETS_KEY is required when ${env.DATABASE_URL ? 'DATABASE_URL is set' : 'NODE_ENV=production'} (64 hex characters, the same for every process; make one with: openssl rand -hex 32)`,
      });
    }
    if (env.PAYMENT_GATEWAY === 'razorpay' && (!env.RAZORPAY_KEY_ID || !env.RAZORPAY_KEY_SECRET || !env.RAZORPAY_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message: 'PAYMENT_GATEWAY=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (Dashboard > Settings > API keys and Webhooks)',
      });
    }
    if (env.PAYOUT_PROVIDER === 'razorpayx' && (!env.RAZORPAYX_KEY_ID || !env.RAZORPAYX_KEY_SECRET || !env.RAZORPAYX_ACCOUNT_NUMBER || !env.RAZORPAYX_WEBHOOK_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAYX_KEY_ID'],
        message:
          'PAYOUT_PROVIDER=razorpayx needs RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER and RAZORPAYX_WEBHOOK_SECRET (RazorpayX Dashboard > Account & Settings > API keys, Banking and Webhooks)',
      });
    }
    if (env.STORAGE === 's3' && (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT for a store other than AWS)' });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

/** The configuration every part of the server reads; derived once from Env. */
export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sms: {
    provider: Env['SMS_PROVIDER'];
    msg91: { authKey?: string; templateId?: string; baseUrl: string };
    twilio: { accountSid?: string; authToken?: string; from?: string; baseUrl: string };
  };
  appOrigin: string;
  appName: string;
  brand: string;
  /** 32-byte key for secrets at rest (TOTP) and OTP digests. Undefined = generated into DATA_DIR (embedded database only). */
  secretsKey: string | undefined;
  /** false, a hop count or the proxies' addresses (Fastify's trustProxy). */
  trustProxy: false | number | string[];
  rateLimitPerMinute: number;
  logLevel: Env['LOG_LEVEL'];
  metricsToken: string | undefined;
  shutdownDrainMs: number;
  /** The payment gateway for the activation fee, when one is configured. */
  gateway: { name: 'razorpay'; keyId: string; keySecret: string; webhookSecret: string; baseUrl: string } | null;
  /** The payouts API approved withdrawals are paid through, when one is configured (null: paid by hand). */
  payouts: { provider: 'razorpayx'; keyId: string; keySecret: string; accountNumber: string; webhookSecret: string; baseUrl: string } | null;
  /** Where uploads live; `s3` carries its bucket settings. */
  storage: { kind: 'local' | 'db' } | { kind: 's3'; s3: import('./uploads/s3-upload-store.ts').S3Options };
}

export function toConfig(env: Env): Config {
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    sms: {
      provider: env.SMS_PROVIDER,
      msg91: { authKey: env.MSG91_AUTH_KEY, templateId: env.MSG91_TEMPLATE_ID, baseUrl: env.MSG91_BASE_URL },
      twilio: { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, baseUrl: env.TWILIO_BASE_URL },
    },
    appOrigin: (env.APP_ORIGIN ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    appName: env.APP_NAME,
    brand: env.BRAND ?? env.APP_NAME,
    secretsKey: env.SECRETS_KEY,
    trustProxy: env.TRUST_PROXY,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    logLevel: env.LOG_LEVEL,
    metricsToken: env.METRICS_TOKEN,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'production' ? 5000 : 0),
    gateway:
      env.PAYMENT_GATEWAY === 'razorpay'
        ? {
            name: 'razorpay',
            keyId: env.RAZORPAY_KEY_ID!,
            keySecret: env.RAZORPAY_KEY_SECRET!,
            webhookSecret: env.RAZORPAY_WEBHOOK_SECRET!,
            baseUrl: env.RAZORPAY_BASE_URL,
          }
        : null,
    payouts:
      env.PAYOUT_PROVIDER === 'razorpayx'
        ? {
            provider: 'razorpayx',
            keyId: env.RAZORPAYX_KEY_ID!,
            keySecret: env.RAZORPAYX_KEY_SECRET!,
            accountNumber: env.RAZORPAYX_ACCOUNT_NUMBER!,
            webhookSecret: env.RAZORPAYX_WEBHOOK_SECRET!,
            baseUrl: env.RAZORPAYX_BASE_URL,
          }
        : null,
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            s3: {
              bucket: env.S3_BUCKET!,
              region: env.S3_REGION,
              endpoint: env.S3_ENDPOINT,
              accessKeyId: env.S3_ACCESS_KEY_ID!,
              secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
              forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
            },
          }
        : { kind: env.STORAGE ?? (env.DATABASE_URL ? 'db' : 'local') },
  };
}

/** Parses the environment; on a bad value returns one human line naming the variable. */
export function loadConfig(
  source: NodeJS.ProcessEnv,
  purpose: 'server' | 'tool' = 'server',
): { ok: true; config: Config } | { ok: false; error: string } {
  const cleaned = { ...Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')), PURPOSE: purpose };
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = issue.path.join('.') || 'environment';
    const value = typeof issue.path[0] === 'string' ? source[issue.path[0]] : undefined;
    const shown = value === undefined ? '' : ` (got "${/KEY|TOKEN|SECRET|PASSWORD/i.test(name) ? '***' : value}")`;
    return { ok: false, error: `Invalid configuration: ${name}: ${issue.message}${shown}` };
  }
  return { ok: true, config: toConfig(result.data) };
}
