-- A rate in hundredths of a percent as people write it: 200 -> '2', 250 -> '2.5', 75 -> '0.75'.
-- Used by the money functions for notification texts and by rh_wallet_history.
CREATE OR REPLACE FUNCTION rh_percent(bp int) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT (bp / 100)::text || CASE WHEN bp % 100 = 0 THEN '' WHEN bp % 10 = 0 THEN '.' || ((bp % 100) / 10)::text ELSE '.' || lpad((bp % 100)::text, 2, '0') END
$$;
