-- Issue 24: an approval names the payout details it read (withdrawals.version), guard-rail changes
-- wait for a second Super Admin (settings_proposals), an admin whose own decision would pay them is
-- flagged (own_referral_approved), and the ledger's blocks are keyed with a seal key the database
-- holds only sealed with SECRETS_KEY (ledger_seal_key). The chain sealed so far had plain SHA-256
-- digests anyone with write access could recompute: it is cleared here (the entries themselves are
-- untouched) and the sealer seals every entry again under the key at the next start.
CREATE TABLE "ledger_seal_key" (
	"id" integer PRIMARY KEY NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_seal_key_one_row" CHECK ("ledger_seal_key"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "settings_proposals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"changes" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"proposed_by_id" uuid NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "settings_proposals_status_check" CHECK ("settings_proposals"."status" in ('pending', 'confirmed', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "risk_flags" DROP CONSTRAINT "risk_flags_code_check";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings_proposals" ADD CONSTRAINT "settings_proposals_proposed_by_id_users_id_fk" FOREIGN KEY ("proposed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings_proposals" ADD CONSTRAINT "settings_proposals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settings_proposals_pending_idx" ON "settings_proposals" USING btree ("proposed_at") WHERE "settings_proposals"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "risk_flags" ADD CONSTRAINT "risk_flags_code_check" CHECK ("risk_flags"."code" in ('screenshot_reused', 'screenshot_similar', 'payout_shared', 'device_shared', 'address_shared', 'signup_burst', 'dormant_referral', 'own_referral_approved'));--> statement-breakpoint
ALTER TABLE "ledger_entry_seals" DISABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "ledger_blocks" DISABLE TRIGGER USER;--> statement-breakpoint
DELETE FROM "ledger_entry_seals";--> statement-breakpoint
DELETE FROM "ledger_blocks";--> statement-breakpoint
ALTER TABLE "ledger_entry_seals" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "ledger_blocks" ENABLE TRIGGER USER;
