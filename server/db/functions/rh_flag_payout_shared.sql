-- Flags a withdrawal's payout account (UPI ID, or bank account and IFSC) when other users were paid
-- to it too (rh_flag_shared with the code payout_shared).
-- Used by rh_request_withdrawal and rh_correct_withdrawal_payout.
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
