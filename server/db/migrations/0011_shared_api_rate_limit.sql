CREATE TABLE "api_rate_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "api_rate_counters_key_window_start_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "api_rate_counters_count_nonneg" CHECK ("api_rate_counters"."count" >= 0)
);
