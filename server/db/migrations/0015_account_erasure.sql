-- Issue 16: a person may delete their account. The user row stays as a pseudonym (status erased)
-- for the financial records the law keeps for 7 years; a payment proof whose screenshot was deleted
-- with its owner's account records when, instead of the screenshot.
ALTER TABLE "manual_payments" DROP CONSTRAINT "manual_payments_method_evidence";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_status_check";--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "screenshot_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_method_evidence" CHECK (("manual_payments"."method" = 'upi_proof' and (("manual_payments"."screenshot_key" is not null and "manual_payments"."screenshot_mime" is not null) or "manual_payments"."screenshot_erased_at" is not null)) or ("manual_payments"."method" = 'gateway' and "manual_payments"."gateway_payment_id" is not null and "manual_payments"."gateway" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active', 'suspended', 'erased'));