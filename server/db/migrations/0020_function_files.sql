-- Issue 23: the money functions live one per file in server/db/functions; the migrator applies a
-- file again whenever its content hash differs from the one recorded here (DESIGN.md section 17).
CREATE TABLE "db_function_files" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"applied_count" integer DEFAULT 1 NOT NULL
);
