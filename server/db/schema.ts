// The whole product's tables, one pgTable schema for PGlite and PostgreSQL alike. Money is bigint
// paise with CHECK constraints; every rule that must hold under concurrency is a constraint here.
import { sql } from 'drizzle-orm';
import {
  pgTable,
  uuid,
  text,
  boolean,
  integer,
  bigint,
  timestamp,
  jsonb,
  index,
  uniqueIndex,
  check,
  primaryKey,
  customType,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const paise = (name: string) => bigint(name, { mode: 'bigint' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username').notNull(),
    phone: text('phone'),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    referralCode: text('referral_code').notNull(),
    referredById: uuid('referred_by_id').references((): any => users.id), // drizzle needs `any` for a self reference
    isAdmin: boolean('is_admin').notNull().default(false),
    isActivated: boolean('is_activated').notNull().default(false),
    activatedAt: ts('activated_at'),
    phoneVerifiedAt: ts('phone_verified_at'),
    /** active | suspended: the terms allow suspension; only `active` users can sign in. */
    status: text('status').notNull().default('active'),
    successfulReferrals: integer('successful_referrals').notNull().default(0),
    totalEarningsPaise: paise('total_earnings_paise').notNull().default(sql`0`),
    spinsGranted: integer('spins_granted').notNull().default(0),
    spinsUsed: integer('spins_used').notNull().default(0),
    /** Rewarded referrals since the last spin was granted; a spin is granted when it reaches the then-current referrals per spin. */
    referralsTowardSpin: integer('referrals_toward_spin').notNull().default(0),
    /** The language the person chose (en, hi): SMS texts and a new device follow it. Null: never chosen. */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_referred_by_idx').on(t.referredById, t.createdAt),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_activated_created_idx').on(t.isActivated, t.createdAt, t.id),
    // Admin user search: prefix on lower(username) / lower(email) (text_pattern_ops so LIKE 'x%' uses them in any collation).
    index('users_username_lower_idx').using('btree', sql`lower(${t.username}) text_pattern_ops`),
    index('users_email_lower_idx').using('btree', sql`lower(${t.email}) text_pattern_ops`),
    // Part of a phone number ("345007") finds the user: trigram index (pg_trgm).
    index('users_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
    // The few admins, counted apart from the users the Overview counts.
    index('users_admin_idx').on(t.id).where(sql`${t.isAdmin}`),
    check('users_status_check', sql`${t.status} in ('active', 'suspended')`),
    check('users_referrals_nonneg', sql`${t.successfulReferrals} >= 0`),
    check('users_earnings_nonneg', sql`${t.totalEarningsPaise} >= 0`),
    check('users_spins_check', sql`${t.spinsUsed} >= 0 and ${t.spinsUsed} <= ${t.spinsGranted}`),
    check('users_referrals_toward_spin_nonneg', sql`${t.referralsTowardSpin} >= 0`),
    check('users_no_self_referral', sql`${t.referredById} is null or ${t.referredById} <> ${t.id}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** user | admin: admin sessions have the shorter lifetime. */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Last request made with the session (refreshed at most every few minutes): user sessions end after 7 idle days. */
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    check('sessions_kind_check', sql`${t.kind} in ('user', 'admin')`),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey(),
    phone: text('phone').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** register | reset */
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    /** set when the reset code was verified and may be used once to set the password */
    verifiedAt: ts('verified_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_codes_phone_purpose_idx').on(t.phone, t.purpose, t.createdAt),
    check('otp_codes_purpose_check', sql`${t.purpose} in ('register', 'reset')`),
    check('otp_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

/**
 * Budget events for throttles and rate limits shared by every process: a failed (or in-flight)
 * sign-in per account, an SMS per address, a sign-up per referrer, every SMS (global). A budget
 * is consumed under an advisory lock on (scope, key), so parallel requests never overshoot it.
 */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: uuid('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_events_key_idx').on(t.scope, t.key, t.createdAt)],
);

/** One row per referred user, made at registration; rewarded exactly once (rewardedAt + the ledger's unique ref). */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey(),
    referrerId: uuid('referrer_id').notNull().references(() => users.id),
    referredId: uuid('referred_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    rewardPaise: paise('reward_paise'),
    rewardedAt: ts('rewarded_at'),
    /** True for the rewarded referral that completed a spin: spins granted = the referrer's referrals with this set. */
    grantsSpin: boolean('grants_spin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referrals_referred_key').on(t.referredId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    check('referrals_not_self', sql`${t.referrerId} <> ${t.referredId}`),
    check('referrals_reward_positive', sql`${t.rewardPaise} is null or ${t.rewardPaise} > 0`),
  ],
);

export const manualPayments = pgTable(
  'manual_payments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id),
    amountPaise: paise('amount_paise').notNull(),
    utrNumber: text('utr_number').notNull(),
    notes: text('notes'),
    adminNotes: text('admin_notes'),
    screenshotKey: text('screenshot_key').notNull(),
    screenshotMime: text('screenshot_mime').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    processedAt: ts('processed_at'),
    processedById: uuid('processed_by_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('manual_payments_utr_live_key').on(t.utrNumber).where(sql`${t.status} <> 'rejected'`),
    uniqueIndex('manual_payments_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('manual_payments_user_idx').on(t.userId, t.createdAt),
    index('manual_payments_status_idx').on(t.status, t.createdAt, t.id),
    index('manual_payments_created_idx').on(t.createdAt, t.id),
    // Part of a UTR ("678905") finds the proof: trigram index (pg_trgm).
    index('manual_payments_utr_trgm_idx').using('gin', sql`${t.utrNumber} gin_trgm_ops`),
    check('manual_payments_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('manual_payments_amount_positive', sql`${t.amountPaise} > 0`),
  ],
);

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id),
    amountPaise: paise('amount_paise').notNull(),
    /** upi | bank: where the money goes. */
    method: text('method').notNull().default('bank'),
    /** The payout details as cleaned JSON (accountHolderName, and accountNumber + ifscCode or upiId). */
    bankDetails: text('bank_details').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    accountNumber: text('account_number'),
    ifscCode: text('ifsc_code'),
    upiId: text('upi_id'),
    /** The reference of the transfer (its UTR), given by the admin who paid it. */
    payoutReference: text('payout_reference'),
    screenshotKey: text('screenshot_key'),
    screenshotMime: text('screenshot_mime'),
    status: text('status').notNull().default('pending'),
    adminNotes: text('admin_notes'),
    createdAt: createdAt(),
    processedAt: ts('processed_at'),
    processedById: uuid('processed_by_id').references(() => users.id),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt, t.id),
    index('withdrawals_created_idx').on(t.createdAt, t.id),
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('withdrawals_amount_positive', sql`${t.amountPaise} > 0`),
    check(
      'withdrawals_method_target',
      sql`(${t.method} = 'bank' and ${t.accountNumber} is not null and ${t.ifscCode} is not null) or (${t.method} = 'upi' and ${t.upiId} is not null)`,
    ),
  ],
);

/** Ledger accounts: one wallet per user plus the platform accounts. Platform accounts are sources and sinks and may go negative; wallets may not. */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    /** wallet:<userId> or platform:<name> */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    balancePaise: paise('balance_paise').notNull().default(sql`0`),
    /** Wallets: how many lines the wallet has; each new line takes the next number (its seq). */
    lineCount: integer('line_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    uniqueIndex('ledger_accounts_user_key').on(t.userId),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('wallet', 'platform')`),
    check('ledger_accounts_wallet_user', sql`(${t.kind} = 'wallet') = (${t.userId} is not null)`),
    check('ledger_accounts_wallet_nonneg', sql`${t.kind} <> 'wallet' or ${t.balancePaise} >= 0`),
  ],
);

/** A journal entry: one business event. (kind, refId) is unique, so an event can be posted once only. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    refId: uuid('ref_id').notNull(),
    /** The user the event is about (whose history shows it). */
    userId: uuid('user_id').references(() => users.id),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_kind_ref_key').on(t.kind, t.refId),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('activation_fee', 'activation_fee_waiver', 'activation_fee_waiver_reversal', 'referral_reward', 'spin_prize', 'withdrawal_reserve', 'withdrawal_payout', 'withdrawal_refund')`,
    ),
  ],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: uuid('id').primaryKey(),
    entryId: uuid('entry_id').notNull().references(() => ledgerEntries.id),
    accountId: uuid('account_id').notNull().references(() => ledgerAccounts.id),
    amountPaise: paise('amount_paise').notNull(),
    /** Wallet lines: the line's number in its wallet (1, 2, ...), in the order the wallet changed. */
    seq: integer('seq'),
    /** Wallet lines: the wallet's balance right after this line. */
    balanceAfterPaise: paise('balance_after_paise'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_lines_entry_idx').on(t.entryId),
    index('ledger_lines_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('ledger_lines_account_seq_key').on(t.accountId, t.seq).where(sql`${t.seq} is not null`),
    check('ledger_lines_nonzero', sql`${t.amountPaise} <> 0`),
    check('ledger_lines_wallet_fields', sql`(${t.seq} is null) = (${t.balanceAfterPaise} is null)`),
  ],
);

export const spins = pgTable(
  'spins',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id),
    prizePaise: paise('prize_paise').notNull(),
    segmentIndex: integer('segment_index').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('spins_user_idx').on(t.userId, t.createdAt),
    check('spins_prize_nonneg', sql`${t.prizePaise} >= 0`),
    check('spins_segment_check', sql`${t.segmentIndex} >= 0 and ${t.segmentIndex} < 8`),
  ],
);

/** The single row of run-time settings (id = 1): contact details and the economics. */
export const appSettings = pgTable(
  'app_settings',
  {
    id: integer('id').primaryKey().default(1),
    upiId: text('upi_id'),
    businessName: text('business_name'),
    supportPhone: text('support_phone'),
    supportEmail: text('support_email'),
    activationFeePaise: paise('activation_fee_paise').notNull().default(sql`50000`),
    referralRewardPaise: paise('referral_reward_paise').notNull().default(sql`40000`),
    referralsPerSpin: integer('referrals_per_spin').notNull().default(5),
    minWithdrawalPaise: paise('min_withdrawal_paise').notNull().default(sql`10000`),
    /** [{amountPaise: string, weight: number}] x 8, in wheel order */
    wheelSegments: jsonb('wheel_segments').$type<{ amountPaise: string; weight: number }[]>().notNull(),
    /** SMS codes (sign-up and reset) one network address may trigger per hour. */
    smsPerAddressPerHour: integer('sms_per_address_per_hour').notNull().default(20),
    /** Sign-ups one referral code may bring in per hour. */
    signupsPerReferrerPerHour: integer('signups_per_referrer_per_hour').notNull().default(30),
    /** SMS codes the whole product sends per hour; past it new sends wait and admins are alerted. */
    smsPerHour: integer('sms_per_hour').notNull().default(2000),
    /** Whether an admin's direct activation without a received fee pays the referrer's reward. */
    rewardWaivedActivations: boolean('reward_waived_activations').notNull().default(false),
    /** Support page: the person or desk people write to, and the postal address. */
    supportContactName: text('support_contact_name'),
    postalAddress: text('postal_address'),
    /** Legal pages: the business's registered name and address ({brand} falls back to the business name). */
    legalName: text('legal_name'),
    registeredAddress: text('registered_address'),
    /** The Android app package an admin uploaded (served at /downloads/referral-hub.apk). */
    apkKey: text('apk_key'),
    apkVersion: text('apk_version'),
    apkSizeBytes: integer('apk_size_bytes'),
    apkUploadedAt: ts('apk_uploaded_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedById: uuid('updated_by_id').references(() => users.id),
  },
  (t) => [
    check('app_settings_singleton', sql`${t.id} = 1`),
    check('app_settings_fee_positive', sql`${t.activationFeePaise} > 0`),
    check('app_settings_reward_nonneg', sql`${t.referralRewardPaise} >= 0`),
    check('app_settings_per_spin_positive', sql`${t.referralsPerSpin} > 0`),
    check('app_settings_min_withdrawal_positive', sql`${t.minWithdrawalPaise} > 0`),
    check('app_settings_sms_limits_positive', sql`${t.smsPerAddressPerHour} > 0 and ${t.signupsPerReferrerPerHour} > 0 and ${t.smsPerHour} > 0`),
  ],
);

export const adminTwoFactor = pgTable('admin_two_factor', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** AES-256-GCM of the base32 secret; enabled once verified */
  secretEnc: text('secret_enc'),
  pendingSecretEnc: text('pending_secret_enc'),
  enabledAt: ts('enabled_at'),
  /** highest TOTP time step accepted, so a code is refused a second time */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('backup_codes_hash_key').on(t.userId, t.codeHash)],
);

export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    deviceName: text('device_name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_key').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challenge: text('challenge').notNull(),
    /** register | authenticate */
    purpose: text('purpose').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('register', 'authenticate')`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Running totals for the admin Overview, kept in the same transactions that change what they count
 * (so the Overview never scans users). Spread over shards so concurrent writers rarely meet on one
 * row; a total is the sum of its shards. `ledger:check` compares them with a recount.
 */
export const statCounters = pgTable(
  'stat_counters',
  {
    name: text('name').notNull(),
    shard: integer('shard').notNull(),
    value: bigint('value', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.name, t.shard] }), check('stat_counters_shard_check', sql`${t.shard} >= 0 and ${t.shard} < 16`)],
);

/** The first answer to a money-moving call made with an Idempotency-Key, replayed on retries. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Uploaded files (payment and payout screenshots, the Android app) when STORAGE=db: in the
 * database every process shares, under the server-made key the owning row keeps.
 */
export const uploads = pgTable('uploads', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * SMS waiting to be sent, being sent, sent or given up on: the durable queue between a request
 * and the SMS provider (server/sms/sms-queue.ts). The code is sealed under the secrets key and
 * dropped once the message is sent or given up.
 */
export const smsJobs = pgTable(
  'sms_jobs',
  {
    id: uuid('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    language: text('language'),
    sealedCode: text('sealed_code'),
    /** queued (waiting for run_at) | sending (claimed until locked_until) | sent | dead */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: ts('run_at').notNull(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('sms_jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('sms_jobs_dead_idx').on(t.createdAt).where(sql`${t.status} = 'dead'`),
    check('sms_jobs_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'dead')`),
  ],
);
