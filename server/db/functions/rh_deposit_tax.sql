-- Records tax withheld in a quarter as deposited with the government, from the challan an admin
-- paid it with: one entry moves the amount from tds_payable to tds_deposited, and the challan is
-- kept (its BSR code, date and serial are unique). Deposits of one quarter take turns (a lock on
-- the quarter), so together they never exceed what the quarter withheld. Outcomes: ok,
-- too_much (more than the quarter has left to deposit), duplicate (the challan was recorded).
-- Called by server/tax/tax-admin.service.ts (POST /api/admin/tax/deposits).
CREATE OR REPLACE FUNCTION rh_deposit_tax(p_id uuid, p_fy int, p_quarter int, p_amount bigint, p_bsr text, p_serial text, p_on text,
  p_actor uuid, p_ip text, p_at timestamptz)
RETURNS TABLE (outcome text, outstanding_paise bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_entry uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('rh_deposit_tax'), p_fy * 10 + p_quarter);
  IF EXISTS (SELECT 1 FROM tax_deposits d WHERE d.bsr_code = p_bsr AND d.deposited_on = p_on AND d.challan_serial = p_serial) THEN
    outcome := 'duplicate';
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT coalesce((SELECT sum(w.tax_paise) FROM tax_withholdings w WHERE w.fy = p_fy AND w.quarter = p_quarter), 0)
       - coalesce((SELECT sum(d.amount_paise) FROM tax_deposits d WHERE d.fy = p_fy AND d.quarter = p_quarter), 0)
  INTO outstanding_paise;
  IF p_amount > outstanding_paise THEN
    outcome := 'too_much';
    RETURN NEXT;
    RETURN;
  END IF;
  v_entry := rh_post_entry('tax_deposit', p_id, NULL, 'Tax deposited, FY ' || p_fy || '-' || lpad(((p_fy + 1) % 100)::text, 2, '0')
      || ' Q' || p_quarter || ' (challan ' || p_bsr || ' ' || p_on || ' ' || p_serial || ')', p_at,
    ARRAY[rh_platform('tds_payable'), rh_platform('tds_deposited')], ARRAY[-p_amount, p_amount]);
  INSERT INTO tax_deposits (id, fy, quarter, amount_paise, bsr_code, challan_serial, deposited_on, entry_id, recorded_by_id, created_at)
  VALUES (p_id, p_fy, p_quarter, p_amount, p_bsr, p_serial, p_on, v_entry, p_actor, p_at);
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_actor, 'tax.deposited', 'tax_deposit', p_id::text, p_ip,
    jsonb_build_object('fy', p_fy, 'quarter', p_quarter, 'amount', rh_rupees(p_amount), 'bsrCode', p_bsr, 'challanSerial', p_serial, 'depositedOn', p_on), p_at);
  outcome := 'ok';
  outstanding_paise := outstanding_paise - p_amount;
  RETURN NEXT;
END;
$$;
