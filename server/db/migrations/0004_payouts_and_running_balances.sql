-- Issue 10: payouts by UPI or bank with the transfer's reference; every wallet line numbered in its
-- wallet with the balance after it; part-of-number search (pg_trgm, a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "account_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "ifsc_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "support_contact_name" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "postal_address" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "registered_address" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "apk_key" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "apk_version" text;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "apk_size_bytes" integer;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "apk_uploaded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD COLUMN "balance_after_paise" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "method" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text;--> statement-breakpoint
-- Existing wallet lines get their number and running balance in the order they were written.
UPDATE "ledger_lines" SET "seq" = s.seq, "balance_after_paise" = s.balance_after
FROM (
  SELECT l.id, row_number() OVER w AS seq, sum(l.amount_paise) OVER w AS balance_after
  FROM "ledger_lines" l JOIN "ledger_accounts" a ON a.id = l.account_id AND a.kind = 'wallet'
  WINDOW w AS (PARTITION BY l.account_id ORDER BY l.created_at, l.id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
) s
WHERE "ledger_lines".id = s.id;--> statement-breakpoint
UPDATE "ledger_accounts" SET "line_count" = c.n
FROM (SELECT account_id, count(*)::int AS n FROM "ledger_lines" WHERE seq IS NOT NULL GROUP BY account_id) c
WHERE "ledger_accounts".id = c.account_id;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_account_seq_key" ON "ledger_lines" USING btree ("account_id","seq") WHERE "ledger_lines"."seq" is not null;--> statement-breakpoint
CREATE INDEX "manual_payments_utr_trgm_idx" ON "manual_payments" USING gin ("utr_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_wallet_fields" CHECK (("ledger_lines"."seq" is null) = ("ledger_lines"."balance_after_paise" is null));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_method_target" CHECK (("withdrawals"."method" = 'bank' and "withdrawals"."account_number" is not null and "withdrawals"."ifsc_code" is not null) or ("withdrawals"."method" = 'upi' and "withdrawals"."upi_id" is not null));