-- The financial year (April to March, named by the year it starts in: 2026 is 2026-27) and its
-- quarter (1 April-June, 2 July-September, 3 October-December, 4 January-March) of a moment, by
-- the calendar in India (IST, UTC+05:30, no daylight saving). The same rule as server/tax/tax-period.ts.
-- Used by rh_credit_with_tax and rh_reverse_payment.
CREATE OR REPLACE FUNCTION rh_tax_period(p_at timestamptz, OUT fy int, OUT quarter int)
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN d.m >= 4 THEN d.y ELSE d.y - 1 END, CASE WHEN d.m >= 4 THEN (d.m - 4) / 3 + 1 ELSE 4 END
  FROM (SELECT extract(year FROM i.t)::int AS y, extract(month FROM i.t)::int AS m
        FROM (SELECT (p_at AT TIME ZONE 'UTC') + interval '330 minutes' AS t) i) d
$$;
