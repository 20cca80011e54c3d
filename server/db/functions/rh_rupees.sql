-- Paise as a rupee string: 40000 -> '400.00', as contract/money.ts formatPaise.
-- Used by the money functions for texts and audit details.
CREATE OR REPLACE FUNCTION rh_rupees(paise bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN paise < 0 THEN '-' ELSE '' END || (abs(paise) / 100)::text || '.' || lpad((abs(paise) % 100)::text, 2, '0')
$$;
