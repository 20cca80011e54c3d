-- Records a withdrawal request and reserves its amount at once (wallet -> payouts_pending; a wallet
-- that would go below zero raises RH001), bumps the pending counter, notifies the owner and flags a
-- payout account shared with other users.
-- Called by server/withdrawals/withdrawals.service.ts (POST /api/withdraw).
CREATE OR REPLACE FUNCTION rh_request_withdrawal(p_id uuid, p_user uuid, p_amount bigint, p_method text, p_bank_details text,
  p_holder text, p_account_number text, p_ifsc text, p_upi text, p_screenshot_key text, p_screenshot_mime text, p_at timestamptz,
  p_description text, p_title text, p_body text)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_row jsonb;
BEGIN
  INSERT INTO withdrawals (id, user_id, amount_paise, method, bank_details, account_holder_name, account_number, ifsc_code, upi_id,
    screenshot_key, screenshot_mime, status, created_at)
  VALUES (p_id, p_user, p_amount, p_method, p_bank_details, p_holder, p_account_number, p_ifsc, p_upi,
    p_screenshot_key, p_screenshot_mime, 'pending', p_at)
  RETURNING to_jsonb(withdrawals) INTO v_row;
  PERFORM rh_post_entry('withdrawal_reserve', p_id, p_user, p_description, p_at,
    ARRAY[p_user, rh_platform('payouts_pending')], ARRAY[-p_amount, p_amount]);
  PERFORM rh_bump_counters(ARRAY['pending_withdrawals'], ARRAY[1]::bigint[]);
  PERFORM rh_notify_all(ARRAY[p_user], ARRAY['withdrawal_requested'], ARRAY[p_title], ARRAY[p_body], p_at);
  PERFORM rh_flag_payout_shared(p_user, p_id, p_upi, p_account_number, p_ifsc, p_at);
  RETURN v_row;
END;
$$;
