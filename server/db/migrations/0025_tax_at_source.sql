-- Issue 29: income tax withheld at source (DESIGN.md section 15, decision 035). A person's PAN,
-- sealed (user_pans); their financial years' referral rewards and the part already taxed
-- (tax_years), so a credit never rescans the history; each withholding (tax_withholdings) and each
-- deposit of a quarter's tax with its challan (tax_deposits); the settings, off by default; the entry
-- kind tax_deposit and the platform accounts tds_payable (tax withheld, owed to the government) and
-- tds_deposited (tax paid in).
CREATE TABLE "tax_deposits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fy" integer NOT NULL,
	"quarter" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"bsr_code" text NOT NULL,
	"challan_serial" text NOT NULL,
	"deposited_on" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"recorded_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tax_deposits_amount_positive" CHECK ("tax_deposits"."amount_paise" > 0),
	CONSTRAINT "tax_deposits_quarter_check" CHECK ("tax_deposits"."quarter" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "tax_withholdings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"entry_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fy" integer NOT NULL,
	"quarter" integer NOT NULL,
	"section" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"tax_paise" bigint NOT NULL,
	"gross_paise" bigint NOT NULL,
	"pan_sealed" text,
	"reverses_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tax_withholdings_kind_check" CHECK ("tax_withholdings"."kind" in ('referral', 'prize')),
	CONSTRAINT "tax_withholdings_quarter_check" CHECK ("tax_withholdings"."quarter" between 1 and 4),
	CONSTRAINT "tax_withholdings_rate_check" CHECK ("tax_withholdings"."rate_bp" between 0 and 10000),
	CONSTRAINT "tax_withholdings_sign" CHECK (("tax_withholdings"."reverses_id" is null and "tax_withholdings"."amount_paise" > 0 and "tax_withholdings"."tax_paise" > 0 and "tax_withholdings"."gross_paise" > 0) or ("tax_withholdings"."reverses_id" is not null and "tax_withholdings"."amount_paise" < 0 and "tax_withholdings"."tax_paise" < 0 and "tax_withholdings"."gross_paise" < 0))
);
--> statement-breakpoint
CREATE TABLE "tax_years" (
	"user_id" uuid NOT NULL,
	"fy" integer NOT NULL,
	"referral_credited_paise" bigint DEFAULT 0 NOT NULL,
	"referral_taxed_paise" bigint DEFAULT 0 NOT NULL,
	"pan_asked_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tax_years_user_id_fy_pk" PRIMARY KEY("user_id","fy"),
	CONSTRAINT "tax_years_nonneg" CHECK ("tax_years"."referral_credited_paise" >= 0 and "tax_years"."referral_taxed_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_pans" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"masked" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_referral_section" text DEFAULT '194H' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_referral_rate_bp" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_referral_yearly_threshold_paise" bigint DEFAULT 2000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_prize_section" text DEFAULT '194B' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_prize_rate_bp" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_prize_threshold_paise" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_no_pan_rate_bp" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "tds_tan" text;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_deposits" ADD CONSTRAINT "tax_deposits_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_withholdings" ADD CONSTRAINT "tax_withholdings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_withholdings" ADD CONSTRAINT "tax_withholdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_withholdings" ADD CONSTRAINT "tax_withholdings_reverses_id_tax_withholdings_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."tax_withholdings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_years" ADD CONSTRAINT "tax_years_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pans" ADD CONSTRAINT "user_pans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_deposits_challan_key" ON "tax_deposits" USING btree ("bsr_code","deposited_on","challan_serial");--> statement-breakpoint
CREATE INDEX "tax_deposits_quarter_idx" ON "tax_deposits" USING btree ("fy","quarter","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_withholdings_entry_key" ON "tax_withholdings" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_withholdings_reverses_key" ON "tax_withholdings" USING btree ("reverses_id") WHERE "tax_withholdings"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "tax_withholdings_quarter_idx" ON "tax_withholdings" USING btree ("fy","quarter","created_at");--> statement-breakpoint
CREATE INDEX "tax_withholdings_user_idx" ON "tax_withholdings" USING btree ("user_id","fy");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_tds_rates" CHECK ("app_settings"."tds_referral_rate_bp" between 0 and 10000 and "app_settings"."tds_prize_rate_bp" between 0 and 10000 and "app_settings"."tds_no_pan_rate_bp" between 0 and 10000);--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_tds_thresholds" CHECK ("app_settings"."tds_referral_yearly_threshold_paise" >= 0 and "app_settings"."tds_prize_threshold_paise" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('activation_fee', 'activation_fee_waiver', 'activation_fee_waiver_reversal', 'activation_fee_reversal', 'referral_reward', 'referral_reward_reversal', 'debt_repayment', 'spin_prize', 'withdrawal_reserve', 'withdrawal_payout', 'withdrawal_refund', 'hold_release', 'hold_forfeit', 'balance_forfeit', 'tax_deposit'));--> statement-breakpoint
INSERT INTO ledger_accounts (id, code, kind, user_id, created_at, updated_at) VALUES
  ('00000000-0000-7000-8000-000000000010', 'platform:tds_payable', 'platform', NULL, now(), now()),
  ('00000000-0000-7000-8000-000000000011', 'platform:tds_deposited', 'platform', NULL, now(), now())
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
-- The years so far: each referrer's rewards not reversed, by the financial year (April to March, in
-- India's time) they were credited in. Nothing was taxed before this migration.
INSERT INTO tax_years (user_id, fy, referral_credited_paise, referral_taxed_paise, updated_at)
SELECT x.referrer_id, x.fy, sum(x.reward_paise), 0, now()
FROM (
  SELECT r.referrer_id, r.reward_paise,
    CASE WHEN extract(month FROM (r.rewarded_at AT TIME ZONE 'UTC') + interval '330 minutes') >= 4
      THEN extract(year FROM (r.rewarded_at AT TIME ZONE 'UTC') + interval '330 minutes')::int
      ELSE extract(year FROM (r.rewarded_at AT TIME ZONE 'UTC') + interval '330 minutes')::int - 1 END AS fy
  FROM referrals r
  WHERE r.rewarded_at IS NOT NULL AND r.reversed_at IS NULL AND r.reward_paise IS NOT NULL
) x
GROUP BY x.referrer_id, x.fy
ON CONFLICT (user_id, fy) DO NOTHING;
