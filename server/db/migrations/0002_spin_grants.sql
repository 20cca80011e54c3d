ALTER TABLE "referrals" ADD COLUMN "grants_spin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referrals_toward_spin" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referrals_toward_spin_nonneg" CHECK ("users"."referrals_toward_spin" >= 0);--> statement-breakpoint
-- Backfill for databases made under the old rule (spins granted = floor(successful / per spin),
-- or spins used when that was larger): flag as many rewarded referrals as the user has spins
-- granted, preferring every per-spin-th one in reward order, and carry the remainder as progress.
WITH per AS (SELECT coalesce((SELECT referrals_per_spin FROM app_settings WHERE id = 1), 5) AS n),
ranked AS (
  SELECT r.id, r.referrer_id, row_number() OVER (PARTITION BY r.referrer_id ORDER BY r.rewarded_at, r.id) AS rn
  FROM referrals r WHERE r.rewarded_at IS NOT NULL
),
ordered AS (
  SELECT ranked.id, ranked.referrer_id,
    row_number() OVER (PARTITION BY ranked.referrer_id ORDER BY CASE WHEN ranked.rn % per.n = 0 THEN 0 ELSE 1 END, ranked.rn) AS pick
  FROM ranked, per
)
UPDATE "referrals" SET "grants_spin" = true
FROM ordered, "users" u
WHERE "referrals"."id" = ordered.id AND u.id = ordered.referrer_id AND ordered.pick <= u.spins_granted;--> statement-breakpoint
UPDATE "users" SET "referrals_toward_spin" = "successful_referrals" % coalesce((SELECT referrals_per_spin FROM app_settings WHERE id = 1), 5)
WHERE "successful_referrals" > 0;
