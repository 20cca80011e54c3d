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
    /** active | suspended | erased: the terms allow suspension; an erased account is a pseudonym kept for the financial records; only `active` users can sign in. */
    status: text('status').notNull().default('active'),
    /** When the person deleted their account: personal data erased, financial records kept under the pseudonym. */
    erasedAt: ts('erased_at'),
    /** The privacy policy version the person accepted, and when (null: never asked yet, e.g. an account made before consent was recorded). */
    policyVersion: text('policy_version'),
    policyAcceptedAt: ts('policy_accepted_at'),
    successfulReferrals: integer('successful_referrals').notNull().default(0),
    totalEarningsPaise: paise('total_earnings_paise').notNull().default(sql`0`),
    spinsGranted: integer('spins_granted').notNull().default(0),
    spinsUsed: integer('spins_used').notNull().default(0),
    /** Rewarded referrals since the last spin was granted; a spin is granted when it reaches the then-current referrals per spin. */
    referralsTowardSpin: integer('referrals_toward_spin').notNull().default(0),
    /** The language the person chose (en, hi): SMS texts and a new device follow it. Null: never chosen. */
    language: text('language'),
    /** Admins only: super_admin (everything) or reviewer (users, payments, withdrawals). */
    adminRole: text('admin_role'),
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
    check('users_status_check', sql`${t.status} in ('active', 'suspended', 'erased')`),
    check('users_referrals_nonneg', sql`${t.successfulReferrals} >= 0`),
    check('users_earnings_nonneg', sql`${t.totalEarningsPaise} >= 0`),
    check('users_spins_check', sql`${t.spinsUsed} >= 0 and ${t.spinsUsed} <= ${t.spinsGranted}`),
    check('users_referrals_toward_spin_nonneg', sql`${t.referralsTowardSpin} >= 0`),
    check('users_no_self_referral', sql`${t.referredById} is null or ${t.referredById} <> ${t.id}`),
    check('users_admin_role', sql`(${t.isAdmin}) = (${t.adminRole} is not null) and (${t.adminRole} is null or ${t.adminRole} in ('super_admin', 'reviewer'))`),
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
    check('otp_codes_purpose_check', sql`${t.purpose} in ('register', 'reset', 'phone_change')`),
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

/**
 * The API's per-address request counts in fixed one-minute windows, shared by every process on one
 * PostgreSQL (server/throttle/shared-rate-limit-store.ts): each process adds what it counted about
 * once a second, never once per request. Rows of past windows are pruned by maintenance.
 */
export const apiRateCounters = pgTable(
  'api_rate_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), check('api_rate_counters_count_nonneg', sql`${t.count} >= 0`)],
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
    /** Set when the referred person's activation payment was reversed and the reward clawed back. */
    reversedAt: ts('reversed_at'),
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
    /** The UPI reference: the payer's UTR, or for a gateway payment the bank's RRN (else the gateway's payment id). */
    utrNumber: text('utr_number').notNull(),
    notes: text('notes'),
    adminNotes: text('admin_notes'),
    /** upi_proof: a screenshot and UTR an admin (or a bank statement) confirms; gateway: confirmed by the gateway's signed webhook. */
    method: text('method').notNull().default('upi_proof'),
    screenshotKey: text('screenshot_key'),
    screenshotMime: text('screenshot_mime'),
    /** When the screenshot was deleted with its owner's account (the payment record stays). */
    screenshotErasedAt: ts('screenshot_erased_at'),
    /** The screenshot's SHA-256 and perceptual fingerprint (server/fraud/image-fingerprint.ts), for reuse across users. */
    screenshotSha256: text('screenshot_sha256'),
    screenshotFingerprint: text('screenshot_fingerprint'),
    /** The fingerprint's bands: a near-identical image shares at least one (GIN-indexed candidates). */
    screenshotBands: text('screenshot_bands').array(),
    /** The first-party device id the proof was sent from. */
    deviceId: text('device_id'),
    gateway: text('gateway'),
    gatewayPaymentId: text('gateway_payment_id'),
    gatewayOrderId: text('gateway_order_id'),
    /** Approved from a bank statement: the reconciliation and the statement line that carried the credit. */
    reconciliationId: uuid('reconciliation_id'),
    reconciledLine: integer('reconciled_line'),
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    processedAt: ts('processed_at'),
    processedById: uuid('processed_by_id').references(() => users.id),
    /** approved -> reversed: the proof was fake or the money never arrived (an admin's reason). */
    reversedAt: ts('reversed_at'),
    reversedById: uuid('reversed_by_id').references(() => users.id),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    uniqueIndex('manual_payments_utr_live_key').on(t.utrNumber).where(sql`${t.status} <> 'rejected'`),
    uniqueIndex('manual_payments_one_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('manual_payments_user_idx').on(t.userId, t.createdAt),
    index('manual_payments_status_idx').on(t.status, t.createdAt, t.id),
    index('manual_payments_created_idx').on(t.createdAt, t.id),
    // Part of a UTR ("678905") finds the proof: trigram index (pg_trgm).
    index('manual_payments_utr_trgm_idx').using('gin', sql`${t.utrNumber} gin_trgm_ops`),
    uniqueIndex('manual_payments_gateway_payment_key').on(t.gateway, t.gatewayPaymentId).where(sql`${t.gatewayPaymentId} is not null`),
    index('manual_payments_screenshot_sha_idx').on(t.screenshotSha256).where(sql`${t.screenshotSha256} is not null`),
    index('manual_payments_screenshot_bands_idx').using('gin', t.screenshotBands),
    check('manual_payments_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'reversed')`),
    check('manual_payments_method_check', sql`${t.method} in ('upi_proof', 'gateway')`),
    check(
      'manual_payments_method_evidence',
      sql`(${t.method} = 'upi_proof' and ((${t.screenshotKey} is not null and ${t.screenshotMime} is not null) or ${t.screenshotErasedAt} is not null)) or (${t.method} = 'gateway' and ${t.gatewayPaymentId} is not null and ${t.gateway} is not null)`,
    ),
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
    /** Two-person rule: the first of two admins who approved (status awaiting_second_approval). */
    firstApprovedById: uuid('first_approved_by_id').references(() => users.id),
    firstApprovedAt: ts('first_approved_at'),
    /** Bumped whenever the payout details change: an approval names the version it read (409 PAYOUT_CHANGED when stale). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    processedAt: ts('processed_at'),
    processedById: uuid('processed_by_id').references(() => users.id),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.createdAt),
    index('withdrawals_status_idx').on(t.status, t.createdAt, t.id),
    index('withdrawals_created_idx').on(t.createdAt, t.id),
    // The same payout target on several users (risk signal payout_shared).
    index('withdrawals_upi_idx').using('btree', sql`lower(${t.upiId})`).where(sql`${t.upiId} is not null`),
    index('withdrawals_account_idx').on(t.accountNumber, t.ifscCode).where(sql`${t.accountNumber} is not null`),
    // paying: approved with a payout provider configured; the money stays in payouts_pending until the provider confirms (server/payouts).
    check('withdrawals_status_check', sql`${t.status} in ('pending', 'awaiting_second_approval', 'paying', 'approved', 'rejected')`),
    check('withdrawals_amount_positive', sql`${t.amountPaise} > 0`),
    check(
      'withdrawals_method_target',
      sql`(${t.method} = 'bank' and ${t.accountNumber} is not null and ${t.ifscCode} is not null) or (${t.method} = 'upi' and ${t.upiId} is not null)`,
    ),
  ],
);

/**
 * Ledger accounts: one wallet per user, a debt account for a user who owes a clawback, and the
 * platform accounts. Platform accounts are sources and sinks and may go negative; wallets may not;
 * debts are zero or below.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    /** wallet:<userId>, debt:<userId>, held:<userId> or platform:<name> */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    userId: uuid('user_id').references(() => users.id),
    balancePaise: paise('balance_paise').notNull().default(sql`0`),
    /** Wallets and debts: how many lines the account has; each new line takes the next number (its seq). */
    lineCount: integer('line_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    uniqueIndex('ledger_accounts_user_kind_key').on(t.userId, t.kind),
    check('ledger_accounts_kind_check', sql`${t.kind} in ('wallet', 'debt', 'held', 'platform')`),
    check('ledger_accounts_wallet_user', sql`(${t.kind} <> 'platform') = (${t.userId} is not null)`),
    check('ledger_accounts_wallet_nonneg', sql`${t.kind} <> 'wallet' or ${t.balancePaise} >= 0`),
    /** A held account keeps rewards credited while their receiver has an open risk flag: zero or above. */
    check('ledger_accounts_held_nonneg', sql`${t.kind} <> 'held' or ${t.balancePaise} >= 0`),
    /** A debt account holds what its user owes the platform (a clawback the wallet could not cover): zero or below. */
    check('ledger_accounts_debt_nonpos', sql`${t.kind} <> 'debt' or ${t.balancePaise} <= 0`),
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
    /** A correction names the entry it reverses; an entry is reversed at most once. */
    reversesEntryId: uuid('reverses_entry_id').references((): any => ledgerEntries.id), // drizzle needs `any` for a self reference
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_kind_ref_key').on(t.kind, t.refId),
    uniqueIndex('ledger_entries_reverses_key').on(t.reversesEntryId).where(sql`${t.reversesEntryId} is not null`),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    // The sealer reads the entries of the last hour that are not sealed yet.
    index('ledger_entries_created_idx').on(t.createdAt, t.id),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('activation_fee', 'activation_fee_waiver', 'activation_fee_waiver_reversal', 'activation_fee_reversal', 'referral_reward', 'referral_reward_reversal', 'debt_repayment', 'spin_prize', 'withdrawal_reserve', 'withdrawal_payout', 'withdrawal_refund', 'hold_release', 'hold_forfeit', 'balance_forfeit', 'tax_deposit')`,
    ),
  ],
);

/**
 * The tamper-evident chain (server/ledger/ledger-seal.ts): after commit, a sealer groups entries not
 * yet sealed into a block whose digest is sha256 of the previous block's digest and its entries'
 * hashes. Each entry's hash covers the entry and its lines in canonical form. Append-only, like
 * the entries: changing a sealed entry or line breaks its hash, and a block's digest its successors.
 */
export const ledgerBlocks = pgTable('ledger_blocks', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  prevDigest: text('prev_digest').notNull(),
  digest: text('digest').notNull(),
  entryCount: integer('entry_count').notNull(),
  /** The newest entry time in the block: the sealer looks for unsealed entries from an hour before the last block's. */
  lastEntryAt: ts('last_entry_at').notNull(),
  sealedAt: ts('sealed_at').notNull(),
});

/**
 * The ledger's seal key (one row): 32 random bytes sealed with SECRETS_KEY, so that someone who can
 * write the database alone cannot compute a block digest (rotating SECRETS_KEY re-seals it).
 */
export const ledgerSealKey = pgTable(
  'ledger_seal_key',
  {
    id: integer('id').primaryKey(),
    sealedKey: text('sealed_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('ledger_seal_key_one_row', sql`${t.id} = 1`)],
);

export const ledgerEntrySeals = pgTable(
  'ledger_entry_seals',
  {
    entryId: uuid('entry_id').primaryKey(),
    blockSeq: bigint('block_seq', { mode: 'number' }).notNull(),
    /** This entry's place within its block (blocks hash their entries in this order). */
    position: integer('position').notNull(),
    entryHash: text('entry_hash').notNull(),
  },
  (t) => [uniqueIndex('ledger_entry_seals_block_key').on(t.blockSeq, t.position)],
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
    /** Two-person rule: withdrawals above this need a second admin's approval (null: off). */
    secondApprovalAbovePaise: paise('second_approval_above_paise'),
    /** Two-person rule: a direct activation needs a second admin's approval. */
    secondApprovalForActivation: boolean('second_approval_for_activation').notNull().default(false),
    /** Risk signals whose open flag holds the receiver's rewards (the rest only flag). */
    riskHoldSignals: text('risk_hold_signals')
      .array()
      .notNull()
      .default(sql`'{screenshot_reused,screenshot_similar,device_shared,payout_shared}'::text[]`),
    /** A referral code signing up more users than this in an hour is flagged (signup_burst). */
    signupFlagPerReferrerPerHour: integer('signup_flag_per_referrer_per_hour').notNull().default(10),
    /** Support page: the person or desk people write to, and the postal address. */
    supportContactName: text('support_contact_name'),
    /** The Grievance Officer for personal data, named on the privacy and support pages. */
    grievanceOfficerName: text('grievance_officer_name'),
    grievanceEmail: text('grievance_email'),
    postalAddress: text('postal_address'),
    /** Legal pages: the business's registered name and address ({brand} falls back to the business name). */
    legalName: text('legal_name'),
    registeredAddress: text('registered_address'),
    /** The Android app package an admin uploaded (served at /downloads/referral-hub.apk). */
    apkKey: text('apk_key'),
    apkVersion: text('apk_version'),
    apkSizeBytes: integer('apk_size_bytes'),
    apkUploadedAt: ts('apk_uploaded_at'),
    /**
     * Income tax withheld at source (DESIGN.md section 15, decision 035): off by default; sections
     * and rates are the operator's tax adviser's to set. Rates in hundredths of a percent (200 = 2%).
     */
    tdsEnabled: boolean('tds_enabled').notNull().default(false),
    tdsReferralSection: text('tds_referral_section').notNull().default('194H'),
    tdsReferralRateBp: integer('tds_referral_rate_bp').notNull().default(200),
    /** A person's referral rewards in a financial year above this are taxed (the whole year's amount at the credit that crosses it). */
    tdsReferralYearlyThresholdPaise: paise('tds_referral_yearly_threshold_paise').notNull().default(sql`2000000`),
    tdsPrizeSection: text('tds_prize_section').notNull().default('194B'),
    tdsPrizeRateBp: integer('tds_prize_rate_bp').notNull().default(3000),
    /** A single prize above this is taxed whole. */
    tdsPrizeThresholdPaise: paise('tds_prize_threshold_paise').notNull().default(sql`1000000`),
    /** Without the payee's PAN the higher of the section's rate and this (s.206AA). */
    tdsNoPanRateBp: integer('tds_no_pan_rate_bp').notNull().default(2000),
    /** The business's Tax Deduction Account Number, printed on the person's yearly tax summary. */
    tdsTan: text('tds_tan'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedById: uuid('updated_by_id').references(() => users.id),
  },
  (t) => [
    check('app_settings_singleton', sql`${t.id} = 1`),
    check('app_settings_fee_positive', sql`${t.activationFeePaise} > 0`),
    check('app_settings_reward_nonneg', sql`${t.referralRewardPaise} >= 0`),
    check('app_settings_per_spin_positive', sql`${t.referralsPerSpin} > 0`),
    check('app_settings_min_withdrawal_positive', sql`${t.minWithdrawalPaise} > 0`),
    check('app_settings_second_approval_positive', sql`${t.secondApprovalAbovePaise} is null or ${t.secondApprovalAbovePaise} > 0`),
    check('app_settings_sms_limits_positive', sql`${t.smsPerAddressPerHour} > 0 and ${t.signupsPerReferrerPerHour} > 0 and ${t.smsPerHour} > 0`),
    check('app_settings_signup_flag_positive', sql`${t.signupFlagPerReferrerPerHour} > 0`),
    check(
      'app_settings_tds_rates',
      sql`${t.tdsReferralRateBp} between 0 and 10000 and ${t.tdsPrizeRateBp} between 0 and 10000 and ${t.tdsNoPanRateBp} between 0 and 10000`,
    ),
    check('app_settings_tds_thresholds', sql`${t.tdsReferralYearlyThresholdPaise} >= 0 and ${t.tdsPrizeThresholdPaise} >= 0`),
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
  (t) => [index('audit_log_created_idx').on(t.createdAt, t.id), index('audit_log_actor_idx').on(t.actorId, t.createdAt, t.id)],
);

/** Two-person rule: a direct activation one admin asked for, waiting for a second admin. */
export const activationApprovals = pgTable('activation_approvals', {
  userId: uuid('user_id').primaryKey().references(() => users.id),
  firstAdminId: uuid('first_admin_id').notNull().references(() => users.id),
  reason: text('reason'),
  createdAt: createdAt(),
});

/** A Super Admin's invitation of a further admin: a one-time link (only its hash is kept), 24 hours. */
export const adminInvitations = pgTable(
  'admin_invitations',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').notNull().references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    usedById: uuid('used_by_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('admin_invitations_token_key').on(t.tokenHash),
    index('admin_invitations_created_idx').on(t.createdAt),
    check('admin_invitations_role_check', sql`${t.role} in ('super_admin', 'reviewer')`),
  ],
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

/**
 * Bank statement reconciliation (server/reconciliation): one uploaded statement export, its credit
 * and debit lines as parsed (what matching needs), and who uploaded it. The same file uploaded
 * again is the same reconciliation (its SHA-256 is unique).
 */
export const reconciliations = pgTable(
  'reconciliations',
  {
    id: uuid('id').primaryKey(),
    fileSha256: text('file_sha256').notNull(),
    fileName: text('file_name').notNull(),
    /** hdfc | sbi | icici | axis | kotak, or the name an admin gave a mapped layout. */
    bank: text('bank').notNull(),
    /** The parsed lines: [{line, date, narration, reference, credit, debit, utr}] (paise as strings). */
    lines: jsonb('lines').$type<{ line: number; date: string; narration: string; reference: string | null; credit: string; debit: string; utr: string | null }[]>().notNull(),
    lineCount: integer('line_count').notNull(),
    firstDate: text('first_date'),
    lastDate: text('last_date'),
    uploadedById: uuid('uploaded_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reconciliations_file_key').on(t.fileSha256), index('reconciliations_created_idx').on(t.createdAt)],
);

/** A column mapping an admin gave once for another bank's statement export, remembered by bank name. */
export const statementLayouts = pgTable('statement_layouts', {
  bank: text('bank').primaryKey(),
  /** StatementColumnMapping: date, narration, reference, credit/debit or amount (+ indicator), date order. */
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  /** The header row it was made from (normalised), to recognise the next export of the same bank. */
  header: text('header').notNull(),
  updatedById: uuid('updated_by_id').references(() => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * A checkout opened at the payment gateway for one user's activation fee (server/gateway): written
 * before the gateway is asked (status creating, our id is the receipt), so a webhook arriving
 * before the gateway's answer still finds its user.
 */
export const gatewayCheckouts = pgTable(
  'gateway_checkouts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    gateway: text('gateway').notNull(),
    /** order | upi_qr */
    kind: text('kind').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    amountPaise: paise('amount_paise').notNull(),
    /** creating -> open -> paid, or failed (the gateway refused or did not answer). */
    status: text('status').notNull().default('creating'),
    qrImageUrl: text('qr_image_url'),
    upiUrl: text('upi_url'),
    expiresAt: ts('expires_at'),
    paymentId: uuid('payment_id').references(() => manualPayments.id),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('gateway_checkouts_order_key').on(t.gateway, t.gatewayOrderId),
    index('gateway_checkouts_user_idx').on(t.userId, t.createdAt),
    index('gateway_checkouts_open_idx').on(t.createdAt).where(sql`${t.status} in ('creating', 'open')`),
    check('gateway_checkouts_status_check', sql`${t.status} in ('creating', 'open', 'paid', 'failed')`),
    check('gateway_checkouts_kind_check', sql`${t.kind} in ('order', 'upi_qr')`),
  ],
);

/**
 * Every verified webhook event, once (the gateway's event id is the key: a redelivery is a no-op),
 * with what it was about and what came of it. Events that could not be settled yet (no checkout
 * known) are retried by the sweep.
 */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    gatewayPaymentId: text('gateway_payment_id'),
    gatewayOrderId: text('gateway_order_id'),
    amountPaise: paise('amount_paise'),
    currency: text('currency'),
    notes: jsonb('notes').$type<Record<string, string>>(),
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull(),
    /** activated | duplicate | amount_mismatch | already_active | ignored | unmatched (retried) */
    outcome: text('outcome'),
    settledAt: ts('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.gateway, t.eventId] }),
    index('gateway_events_unsettled_idx').on(t.receivedAt).where(sql`${t.settledAt} is null`),
    index('gateway_events_order_idx').on(t.gateway, t.gatewayOrderId),
  ],
);

/** Where each account was seen from: a first-party device id and the address, at sign-up, sign-in and proofs. */
export const deviceSightings = pgTable(
  'device_sightings',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    deviceId: text('device_id'),
    ip: text('ip'),
    /** sign_up | sign_in | proof */
    event: text('event').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('device_sightings_device_idx').on(t.deviceId, t.userId).where(sql`${t.deviceId} is not null`),
    index('device_sightings_user_idx').on(t.userId, t.createdAt),
    index('device_sightings_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * A risk signal raised about a user (server/fraud): what it is (code), the evidence (the other
 * accounts and what they share), the row it was seen on. Open until an admin clears it; an open
 * flag whose code the settings name in risk_hold_signals holds the user's new rewards.
 */
export const riskFlags = pgTable(
  'risk_flags',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    /** What makes this flag one of a kind for its user (e.g. device:<id>, payment:<id>): one open flag per key. */
    evidenceKey: text('evidence_key').notNull(),
    relatedUserIds: uuid('related_user_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** payment | withdrawal | user: the row the signal was seen on. */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** The evidence, for people: {value?, count?, distance?, users: [{id, username}]} */
    evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    clearedAt: ts('cleared_at'),
    clearedById: uuid('cleared_by_id').references(() => users.id),
    clearNote: text('clear_note'),
  },
  (t) => [
    uniqueIndex('risk_flags_open_key').on(t.userId, t.code, t.evidenceKey).where(sql`${t.status} = 'open'`),
    index('risk_flags_user_open_idx').on(t.userId).where(sql`${t.status} = 'open'`),
    index('risk_flags_created_idx').on(t.createdAt, t.id),
    check('risk_flags_status_check', sql`${t.status} in ('open', 'cleared')`),
    check(
      'risk_flags_code_check',
      sql`${t.code} in ('screenshot_reused', 'screenshot_similar', 'payout_shared', 'device_shared', 'address_shared', 'signup_burst', 'dormant_referral', 'own_referral_approved')`,
    ),
  ],
);

/** Jobs that run once a day across every process (server/maintenance): the last run, claimed atomically. */
export const dailyJobs = pgTable('daily_jobs', {
  name: text('name').primaryKey(),
  lastRunAt: ts('last_run_at').notNull(),
});

/**
 * A person's request about their personal data (access, correction, deletion, objection, consent
 * withdrawn, other), answered by an admin within 30 days (due_at) with a note the person reads.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    dueAt: ts('due_at').notNull(),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
    closedById: uuid('closed_by_id').references(() => users.id),
    note: text('note'),
  },
  (t) => [
    index('data_requests_status_due_idx').on(t.status, t.dueAt, t.id),
    index('data_requests_user_idx').on(t.userId, t.createdAt),
    check('data_requests_status_check', sql`${t.status} in ('open', 'closed')`),
    check('data_requests_kind_check', sql`${t.kind} in ('access', 'correction', 'deletion', 'objection', 'consent', 'other')`),
  ],
);

/**
 * The database functions applied from server/db/functions (DESIGN.md section 17): the content hash
 * of each file as last applied, so that a start applies only what changed (server/db/functions.ts).
 */
export const dbFunctionFiles = pgTable('db_function_files', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: ts('applied_at').notNull(),
  /** How many times this function's file has been applied since the table exists (a changed file once more). */
  appliedCount: integer('applied_count').notNull().default(1),
});

/**
 * A change of a guard rail (DESIGN.md section 11) proposed by one Super Admin while two or more are
 * active: it takes effect when a different Super Admin confirms it. `changes` maps each setting to
 * {from, to} as the API shows it.
 */
export const settingsProposals = pgTable(
  'settings_proposals',
  {
    id: uuid('id').primaryKey(),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull(),
    status: text('status').notNull().default('pending'),
    proposedById: uuid('proposed_by_id')
      .notNull()
      .references(() => users.id),
    proposedAt: ts('proposed_at').notNull(),
    decidedById: uuid('decided_by_id').references(() => users.id),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    index('settings_proposals_pending_idx').on(t.proposedAt).where(sql`${t.status} = 'pending'`),
    check('settings_proposals_status_check', sql`${t.status} in ('pending', 'confirmed', 'rejected', 'withdrawn')`),
  ],
);

/**
 * A withdrawal being paid through a payouts API (server/payouts, decision 034): the durable queue
 * between an approval and the provider (like sms_jobs), then what the provider says about the
 * payout until it settles. One row per withdrawal; the idempotency key is the same on every try,
 * so a retry after an error, a timeout or a crash answers the payout already made.
 */
export const payoutJobs = pgTable(
  'payout_jobs',
  {
    withdrawalId: uuid('withdrawal_id')
      .primaryKey()
      .references(() => withdrawals.id),
    provider: text('provider').notNull(),
    /** X-Payout-Idempotency: fixed per withdrawal; a new one only when an admin retries a request the provider refused. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The request body as first sent, sent unchanged on every retry with the same key (the provider refuses a key with another body). */
    request: jsonb('request').$type<Record<string, unknown>>(),
    /** queued (due at run_at) | sending (claimed until locked_until) | sent (the provider has it) | failed (refused: an admin decides) | settled */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: ts('run_at').notNull(),
    lockedUntil: ts('locked_until'),
    lastError: text('last_error'),
    providerPayoutId: text('provider_payout_id'),
    /** The provider's word: queued, pending, processing, processed, reversed, failed, rejected, cancelled. */
    providerStatus: text('provider_status'),
    /** status_details.reason (e.g. low_balance) and its description (or the older failure_reason). */
    statusReason: text('status_reason'),
    statusDescription: text('status_description'),
    mode: text('mode'),
    utr: text('utr'),
    /** When the provider was last heard from about it (a webhook's event time, or our call's answer). */
    providerSeenAt: ts('provider_seen_at'),
    createdAt: createdAt(),
    firstCallAt: ts('first_call_at'),
    sentAt: ts('sent_at'),
    settledAt: ts('settled_at'),
  },
  (t) => [
    index('payout_jobs_due_idx').on(t.runAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('payout_jobs_open_idx').on(t.status, t.createdAt).where(sql`${t.status} in ('sent', 'failed')`),
    uniqueIndex('payout_jobs_payout_key').on(t.provider, t.providerPayoutId).where(sql`${t.providerPayoutId} is not null`),
    check('payout_jobs_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'settled')`),
    check('payout_jobs_attempts_nonneg', sql`${t.attempts} >= 0`),
  ],
);

/** Every verified payouts webhook, once by the provider's event id; settled_at stays empty until it was applied. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    providerPayoutId: text('provider_payout_id'),
    withdrawalId: uuid('withdrawal_id'),
    occurredAt: ts('occurred_at').notNull(),
    receivedAt: ts('received_at').notNull(),
    /** What applying it did (completed, refunded, updated, unchanged, unmatched...). */
    outcome: text('outcome'),
    settledAt: ts('settled_at'),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index('payout_events_received_idx').on(t.receivedAt)],
);

/**
 * A person's PAN (Permanent Account Number) for tax withheld at source (server/tax): the PAN and the
 * name on it sealed together with SECRETS_KEY (bound to the person's id), and the masked form the
 * Profile shows. Deleted when the account is erased.
 */
export const userPans = pgTable('user_pans', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** sealSecret of {"pan","name"} with context pan:<userId>. */
  sealed: text('sealed').notNull(),
  /** ABXXXXXX4F: enough for the person to recognise it. */
  masked: text('masked').notNull(),
  addedAt: ts('added_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * A person's financial year (April to March, named by the year it starts in) for tax at source:
 * referral rewards credited in it (always counted, so the year is known when withholding is turned
 * on) and the part of them already taxed. Kept by the money functions so a credit never rescans
 * the history.
 */
export const taxYears = pgTable(
  'tax_years',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fy: integer('fy').notNull(),
    referralCreditedPaise: paise('referral_credited_paise').notNull().default(sql`0`),
    /** The sum of the taxed amounts of the year's live referral withholdings. */
    referralTaxedPaise: paise('referral_taxed_paise').notNull().default(sql`0`),
    /** When the person was asked for their PAN this year (once a year). */
    panAskedAt: ts('pan_asked_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fy] }), check('tax_years_nonneg', sql`${t.referralCreditedPaise} >= 0 and ${t.referralTaxedPaise} >= 0`)],
);

/**
 * Each withholding of tax at source, once per journal entry (the entry's tds_payable line is its
 * tax): the section and rate, the amount it was computed on, and the PAN it was withheld against
 * (sealed as in user_pans; null: none given, the no-PAN rate applied). A reversed reward's tax is a
 * row of its own with negative amounts naming the row it reverses. The quarterly report (Form 26Q)
 * lists these rows; they are kept with the money records when an account is erased.
 */
export const taxWithholdings = pgTable(
  'tax_withholdings',
  {
    id: uuid('id').primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** referral | prize */
    kind: text('kind').notNull(),
    fy: integer('fy').notNull(),
    quarter: integer('quarter').notNull(),
    section: text('section').notNull(),
    rateBp: integer('rate_bp').notNull(),
    /** The amount the tax was computed on (at the credit that crossed the threshold, the year's amount not yet taxed). */
    amountPaise: paise('amount_paise').notNull(),
    taxPaise: paise('tax_paise').notNull(),
    /** The credit itself (the reward or the prize before tax). */
    grossPaise: paise('gross_paise').notNull(),
    panSealed: text('pan_sealed'),
    reversesId: uuid('reverses_id').references((): any => taxWithholdings.id), // drizzle needs `any` for a self reference
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('tax_withholdings_entry_key').on(t.entryId),
    uniqueIndex('tax_withholdings_reverses_key').on(t.reversesId).where(sql`${t.reversesId} is not null`),
    index('tax_withholdings_quarter_idx').on(t.fy, t.quarter, t.createdAt),
    index('tax_withholdings_user_idx').on(t.userId, t.fy),
    check('tax_withholdings_kind_check', sql`${t.kind} in ('referral', 'prize')`),
    check('tax_withholdings_quarter_check', sql`${t.quarter} between 1 and 4`),
    check('tax_withholdings_rate_check', sql`${t.rateBp} between 0 and 10000`),
    check(
      'tax_withholdings_sign',
      sql`(${t.reversesId} is null and ${t.amountPaise} > 0 and ${t.taxPaise} > 0 and ${t.grossPaise} > 0) or (${t.reversesId} is not null and ${t.amountPaise} < 0 and ${t.taxPaise} < 0 and ${t.grossPaise} < 0)`,
    ),
  ],
);

/**
 * Tax withheld in a quarter and deposited with the government, as the admin recorded it from the
 * challan (BSR code of the bank branch, date of deposit, challan serial number): the ledger moves
 * the amount from tds_payable to tds_deposited in the same transaction (entry tax_deposit).
 */
export const taxDeposits = pgTable(
  'tax_deposits',
  {
    id: uuid('id').primaryKey(),
    fy: integer('fy').notNull(),
    quarter: integer('quarter').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    bsrCode: text('bsr_code').notNull(),
    challanSerial: text('challan_serial').notNull(),
    /** The date on the challan (YYYY-MM-DD). */
    depositedOn: text('deposited_on').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    recordedById: uuid('recorded_by_id')
      .notNull()
      .references(() => users.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('tax_deposits_challan_key').on(t.bsrCode, t.depositedOn, t.challanSerial),
    index('tax_deposits_quarter_idx').on(t.fy, t.quarter, t.createdAt),
    check('tax_deposits_amount_positive', sql`${t.amountPaise} > 0`),
    check('tax_deposits_quarter_check', sql`${t.quarter} between 1 and 4`),
  ],
);
