-- A wallet line's transaction type in the API (referral_bonus, spin_reward, withdrawal, ...) from
-- its journal entry kind.
-- Used by rh_wallet_history.
CREATE OR REPLACE FUNCTION rh_wallet_line_type(kind text, amount bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'referral_reward' THEN 'referral_bonus'
    WHEN 'referral_reward_reversal' THEN 'reversal'
    WHEN 'debt_repayment' THEN 'recovery'
    WHEN 'spin_prize' THEN 'spin_reward'
    WHEN 'withdrawal_reserve' THEN 'withdrawal'
    WHEN 'withdrawal_refund' THEN 'refund'
    WHEN 'hold_release' THEN 'release'
    ELSE CASE WHEN amount > 0 THEN 'deposit' ELSE 'withdrawal' END END
$$;
