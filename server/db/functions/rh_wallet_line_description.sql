-- A wallet line's description as the person reads it, from its journal entry kind and what it
-- concerns (the withdrawal's payout account, the referred person's name).
-- Used by rh_wallet_history and server/statements/statement.service.ts.
CREATE OR REPLACE FUNCTION rh_wallet_line_description(kind text, description text, w_method text, w_upi text, w_account text, referred_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'referral_reward' THEN coalesce('Referral bonus: ' || referred_name || ' activated their account', 'Referral bonus')
    WHEN 'referral_reward_reversal' THEN coalesce('Referral bonus reversed: ' || referred_name || '''s payment was reversed', 'Referral bonus reversed')
    WHEN 'debt_repayment' THEN 'Recovered towards a reversed referral bonus'
    WHEN 'spin_prize' THEN 'Spin wheel prize'
    WHEN 'hold_release' THEN 'Rewards released after review'
    WHEN 'withdrawal_reserve' THEN 'Withdrawal' || coalesce(' to ' || CASE WHEN w_method = 'upi' THEN 'UPI ' || coalesce(w_upi, '')
      ELSE 'bank account ending ' || right(coalesce(w_account, ''), 4) END, '')
    WHEN 'withdrawal_refund' THEN 'Refund of a rejected withdrawal' || coalesce(' to ' || CASE WHEN w_method = 'upi' THEN 'UPI ' || coalesce(w_upi, '')
      ELSE 'bank account ending ' || right(coalesce(w_account, ''), 4) END, '')
    ELSE description END
$$;
