-- Paise as a short rupee text: 40000 -> '₹400', 40050 -> '₹400.50', as contract/wallet.ts formatRupeesShort.
-- Used by the money functions for notification texts.
CREATE OR REPLACE FUNCTION rh_rupees_short(paise bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT '₹' || CASE WHEN paise % 100 = 0 THEN (paise / 100)::text ELSE rh_rupees(paise) END
$$;
