-- Corrects the payout details of the person's own withdrawal while it is pending (not yet
-- approved, not awaiting a second approval): only where the money goes changes, never the amount;
-- its version goes up, so an approval of what an admin listed before answers payout_changed.
-- Returns the row, or null when there is no such pending withdrawal.
-- Called by server/withdrawals/withdrawals.service.ts (PUT /api/withdrawal-requests/:id/payout).
CREATE OR REPLACE FUNCTION rh_correct_withdrawal_payout(p_id uuid, p_user uuid, p_method text, p_bank_details text, p_holder text,
  p_account_number text, p_ifsc text, p_upi text, p_at timestamptz)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_row jsonb;
BEGIN
  UPDATE withdrawals SET method = p_method, bank_details = p_bank_details, account_holder_name = p_holder,
      account_number = p_account_number, ifsc_code = p_ifsc, upi_id = p_upi, version = version + 1
    WHERE id = p_id AND user_id = p_user AND status = 'pending'
    RETURNING to_jsonb(withdrawals) INTO v_row;
  IF v_row IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM rh_flag_payout_shared(p_user, p_id, p_upi, p_account_number, p_ifsc, p_at);
  RETURN v_row;
END;
$$;
