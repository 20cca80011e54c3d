-- Issue 9 (faults and abuse). Idempotency claims left without an answer by the earlier scheme
-- (claim, then money, then answer, each committed on its own) are deliberately kept: their money
-- may have moved with the answer lost, so the new code answers 409 for them until they lapse.
CREATE TABLE "rate_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "auth_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "sms_per_address_per_hour" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "signups_per_referrer_per_hour" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "sms_per_hour" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "reward_waived_activations" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_events_key_idx" ON "rate_events" USING btree ("scope","key","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_sms_limits_positive" CHECK ("app_settings"."sms_per_address_per_hour" > 0 and "app_settings"."signups_per_referrer_per_hour" > 0 and "app_settings"."sms_per_hour" > 0);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('activation_fee', 'activation_fee_waiver', 'activation_fee_waiver_reversal', 'referral_reward', 'spin_prize', 'withdrawal_reserve', 'withdrawal_payout', 'withdrawal_refund'));
