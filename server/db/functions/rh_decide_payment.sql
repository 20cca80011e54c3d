-- Approves or rejects a pending payment proof: on approval the fee is posted, the account
-- activated and the referrer rewarded (rh_activate); an activation fee waived earlier is reversed
-- because the fee arrived after all. An admin never decides their own payment (outcome
-- self_dealing). Outcomes: ok, not_found, self_dealing, already_processed.
-- Called by server/admin/admin.service.ts (PUT /api/admin/manual-payments/:id) and
-- server/reconciliation/reconciliation.service.ts (Approve all matched).
CREATE OR REPLACE FUNCTION rh_decide_payment(p_payment uuid, p_actor uuid, p_ip text, p_status text, p_notes text, p_at timestamptz)
RETURNS TABLE (outcome text, payment jsonb, username text, phone text, user_activated boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  p record;
  a record;
  v_waived bigint;
  v_owner uuid;
BEGIN
  UPDATE manual_payments m
  SET status = p_status, admin_notes = coalesce(p_notes, m.admin_notes), processed_at = p_at, processed_by_id = p_actor
  FROM app_settings st
  WHERE m.id = p_payment AND m.status = 'pending' AND m.user_id <> p_actor AND st.id = 1
  RETURNING to_jsonb(m) AS row, m.id, m.user_id, m.amount_paise, m.utr_number, m.admin_notes, st AS settings INTO p;
  IF NOT FOUND THEN
    SELECT m.user_id INTO v_owner FROM manual_payments m WHERE m.id = p_payment;
    outcome := CASE WHEN NOT FOUND THEN 'not_found' WHEN v_owner = p_actor THEN 'self_dealing' ELSE 'already_processed' END;
    RETURN NEXT;
    RETURN;
  END IF;

  IF p_status = 'approved' THEN
    PERFORM rh_post_entry('activation_fee', p.id, p.user_id, 'Activation fee (UTR ' || p.utr_number || ')', p_at,
      ARRAY[rh_platform('upi_collections'), rh_platform('activation_fees')], ARRAY[-p.amount_paise, p.amount_paise]);
    SELECT * INTO a FROM rh_activate(p.user_id, p_at, 'payment', p.settings, 'payment_approved', 'Payment approved',
      'Your payment of ₹' || rh_rupees(p.amount_paise) || ' (UTR ' || p.utr_number || ') was approved.', p_actor);
    -- An account already active was activated directly, with the fee waived: the fee arrived after
    -- all, so the waiver is reversed.
    IF NOT a.activated THEN
      SELECT l.amount_paise INTO v_waived
      FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id
      WHERE e.kind = 'activation_fee_waiver' AND e.ref_id = p.user_id AND l.account_id = rh_platform('activation_fees')
      LIMIT 1;
      IF FOUND THEN
        PERFORM rh_post_entry('activation_fee_waiver_reversal', p.user_id, p.user_id, 'Activation fee waiver reversed: the fee was paid', p_at,
          ARRAY[rh_platform('activation_fees'), rh_platform('fee_waivers')], ARRAY[-v_waived, v_waived]);
      END IF;
    END IF;
    PERFORM rh_bump_counters(ARRAY['pending_payments', 'activated_users', 'earnings_paise'],
      ARRAY[-1, CASE WHEN a.activated THEN 1 ELSE 0 END, coalesce(a.reward_paise, 0)]::bigint[]);
    INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
    VALUES (rh_new_id(), p_actor, 'payment.approved', 'manual_payment', p.id::text, p_ip,
      jsonb_build_object('userId', p.user_id, 'amount', rh_rupees(p.amount_paise), 'utrNumber', p.utr_number,
        'activated', a.activated,
        'referralReward', CASE WHEN a.referral_id IS NULL THEN NULL
          ELSE jsonb_build_object('referrerId', a.referrer_id, 'amount', rh_rupees(a.reward_paise))
            || CASE WHEN a.tax_paise > 0 THEN jsonb_build_object('taxWithheld', rh_rupees(a.tax_paise)) ELSE '{}'::jsonb END END),
      p_at);
    outcome := 'ok';
    payment := p.row;
    username := a.username;
    phone := a.phone;
    user_activated := true;
  ELSE
    PERFORM rh_bump_counters(ARRAY['pending_payments'], ARRAY[-1]::bigint[]);
    SELECT u.username, u.phone, u.is_activated INTO username, phone, user_activated FROM users u WHERE u.id = p.user_id;
    PERFORM rh_notify_all(ARRAY[p.user_id], ARRAY['payment_rejected'], ARRAY['Payment rejected'],
      ARRAY['Your payment proof (UTR ' || p.utr_number || ') was rejected.'
        || coalesce(' Reason: ' || nullif(p.admin_notes, ''), '') || ' You can submit a new proof.'], p_at);
    INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
    VALUES (rh_new_id(), p_actor, 'payment.rejected', 'manual_payment', p.id::text, p_ip,
      jsonb_build_object('userId', p.user_id, 'amount', rh_rupees(p.amount_paise), 'utrNumber', p.utr_number, 'notes', p.admin_notes),
      p_at);
    outcome := 'ok';
    payment := p.row;
  END IF;
  RETURN NEXT;
END;
$$;
