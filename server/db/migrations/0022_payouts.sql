CREATE TABLE "payout_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"provider_payout_id" text,
	"withdrawal_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payout_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payout_jobs" (
	"withdrawal_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"provider_payout_id" text,
	"provider_status" text,
	"status_reason" text,
	"status_description" text,
	"mode" text,
	"utr" text,
	"provider_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_call_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payout_jobs_status_check" CHECK ("payout_jobs"."status" in ('queued', 'sending', 'sent', 'failed', 'settled')),
	CONSTRAINT "payout_jobs_attempts_nonneg" CHECK ("payout_jobs"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "payout_jobs" ADD CONSTRAINT "payout_jobs_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_events_received_idx" ON "payout_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "payout_jobs_due_idx" ON "payout_jobs" USING btree ("run_at") WHERE "payout_jobs"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "payout_jobs_open_idx" ON "payout_jobs" USING btree ("status","created_at") WHERE "payout_jobs"."status" in ('sent', 'failed');--> statement-breakpoint
CREATE UNIQUE INDEX "payout_jobs_payout_key" ON "payout_jobs" USING btree ("provider","provider_payout_id") WHERE "payout_jobs"."provider_payout_id" is not null;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'awaiting_second_approval', 'paying', 'approved', 'rejected'));