CREATE TABLE "sms_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"language" text,
	"sealed_code" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_jobs_status_check" CHECK ("sms_jobs"."status" in ('queued', 'sending', 'sent', 'dead'))
);
--> statement-breakpoint
CREATE INDEX "sms_jobs_due_idx" ON "sms_jobs" USING btree ("run_at") WHERE "sms_jobs"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "sms_jobs_dead_idx" ON "sms_jobs" USING btree ("created_at") WHERE "sms_jobs"."status" = 'dead';