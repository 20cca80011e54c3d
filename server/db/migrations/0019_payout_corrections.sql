-- Issue 16: a person may correct the payout details of a withdrawal still waiting for review. The
-- shared-payout check of the withdrawal request (0013) becomes a function of its own, so a request
-- and a correction flag a payout account shared with other users the same way.
CREATE OR REPLACE FUNCTION rh_flag_payout_shared(p_user uuid, p_id uuid, p_upi text, p_account_number text, p_ifsc text, p_at timestamptz)
RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_sharing uuid[];
BEGIN
  IF p_upi IS NOT NULL THEN
    SELECT array_agg(DISTINCT w.user_id) INTO v_sharing FROM withdrawals w
    WHERE lower(w.upi_id) = lower(p_upi) AND w.upi_id IS NOT NULL AND w.user_id <> p_user;
    IF v_sharing IS NOT NULL THEN
      PERFORM rh_flag_shared(v_sharing || p_user, 'payout_shared', 'upi:' || lower(p_upi), 'withdrawal', p_id,
        jsonb_build_object('value', 'UPI ' || lower(p_upi)), p_at);
    END IF;
  END IF;
  IF p_account_number IS NOT NULL THEN
    SELECT array_agg(DISTINCT w.user_id) INTO v_sharing FROM withdrawals w
    WHERE w.account_number = p_account_number AND w.ifsc_code = p_ifsc AND w.user_id <> p_user;
    IF v_sharing IS NOT NULL THEN
      PERFORM rh_flag_shared(v_sharing || p_user, 'payout_shared', 'bank:' || p_ifsc || ':' || p_account_number, 'withdrawal', p_id,
        jsonb_build_object('value', 'bank account ending ' || right(p_account_number, 4) || ' (' || p_ifsc || ')'), p_at);
    END IF;
  END IF;
END;
$$;
--> statement-breakpoint

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
--> statement-breakpoint

-- Corrects the payout details of the person's own withdrawal while it is pending (not yet approved,
-- not awaiting a second approval): only where the money goes changes, never the amount. Returns the
-- row, or null when there is no such pending withdrawal.
CREATE OR REPLACE FUNCTION rh_correct_withdrawal_payout(p_id uuid, p_user uuid, p_method text, p_bank_details text, p_holder text,
  p_account_number text, p_ifsc text, p_upi text, p_at timestamptz)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_row jsonb;
BEGIN
  UPDATE withdrawals SET method = p_method, bank_details = p_bank_details, account_holder_name = p_holder,
      account_number = p_account_number, ifsc_code = p_ifsc, upi_id = p_upi
    WHERE id = p_id AND user_id = p_user AND status = 'pending'
    RETURNING to_jsonb(withdrawals) INTO v_row;
  IF v_row IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM rh_flag_payout_shared(p_user, p_id, p_upi, p_account_number, p_ifsc, p_at);
  RETURN v_row;
END;
$$;
