-- Adds to the Overview's running totals (server/stats/stat-counters.ts), on a random shard so
-- concurrent money calls do not wait on one row.
-- Used by the decide, activate, spin and withdrawal functions.
CREATE OR REPLACE FUNCTION rh_bump_counters(names text[], deltas bigint[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO stat_counters (name, shard, value)
  SELECT n, floor(random() * 16)::int, d FROM unnest(names, deltas) AS c(n, d) WHERE d <> 0
  ON CONFLICT (name, shard) DO UPDATE SET value = stat_counters.value + excluded.value;
END;
$$;
