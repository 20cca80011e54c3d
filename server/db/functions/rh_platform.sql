-- A platform account's id by its name: the fixed ids of PLATFORM_ACCOUNTS in
-- server/ledger/ledger.service.ts (a constant expression, folded into each plan that uses it).
-- Used by every function that posts to a platform account.
CREATE OR REPLACE FUNCTION rh_platform(name text) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE name
    WHEN 'upi_collections' THEN '00000000-0000-7000-8000-000000000001'
    WHEN 'activation_fees' THEN '00000000-0000-7000-8000-000000000002'
    WHEN 'referral_rewards' THEN '00000000-0000-7000-8000-000000000003'
    WHEN 'spin_prizes' THEN '00000000-0000-7000-8000-000000000004'
    WHEN 'payouts_pending' THEN '00000000-0000-7000-8000-000000000005'
    WHEN 'payouts_paid' THEN '00000000-0000-7000-8000-000000000006'
    WHEN 'fee_waivers' THEN '00000000-0000-7000-8000-000000000007'
    WHEN 'gateway_collections' THEN '00000000-0000-7000-8000-000000000008'
    WHEN 'forfeited_rewards' THEN '00000000-0000-7000-8000-000000000009'
    WHEN 'tds_payable' THEN '00000000-0000-7000-8000-000000000010'
    WHEN 'tds_deposited' THEN '00000000-0000-7000-8000-000000000011'
  END)::uuid
$$;
