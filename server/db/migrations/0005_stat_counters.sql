CREATE TABLE "stat_counters" (
	"name" text NOT NULL,
	"shard" integer NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_counters_name_shard_pk" PRIMARY KEY("name","shard"),
	CONSTRAINT "stat_counters_shard_check" CHECK ("stat_counters"."shard" >= 0 and "stat_counters"."shard" < 16)
);
--> statement-breakpoint
CREATE INDEX "users_admin_idx" ON "users" USING btree ("id") WHERE "users"."is_admin";--> statement-breakpoint
-- Start the counters from a recount (the same as rebuildStatCounters in server/stats/stat-counters.ts).
INSERT INTO "stat_counters" ("name", "shard", "value")
SELECT 'users', 0, count(*) FROM "users"
UNION ALL SELECT 'activated_users', 0, count(*) FILTER (WHERE "is_activated") FROM "users"
UNION ALL SELECT 'earnings_paise', 0, coalesce(sum("total_earnings_paise"), 0) FROM "users"
UNION ALL SELECT 'pending_withdrawals', 0, count(*) FROM "withdrawals" WHERE "status" = 'pending'
UNION ALL SELECT 'pending_payments', 0, count(*) FROM "manual_payments" WHERE "status" = 'pending';
