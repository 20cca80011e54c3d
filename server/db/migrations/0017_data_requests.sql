CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_id" uuid,
	"note" text,
	CONSTRAINT "data_requests_status_check" CHECK ("data_requests"."status" in ('open', 'closed')),
	CONSTRAINT "data_requests_kind_check" CHECK ("data_requests"."kind" in ('access', 'correction', 'deletion', 'objection', 'consent', 'other'))
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "grievance_officer_name" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "grievance_email" text;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_requests" ADD CONSTRAINT "data_requests_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_status_due_idx" ON "data_requests" USING btree ("status","due_at","id");--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id","created_at");