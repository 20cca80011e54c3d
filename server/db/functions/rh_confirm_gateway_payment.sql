-- A payment the gateway confirmed (from a verified webhook or the sweep): recorded as an approved
-- activation payment (method gateway, the bank's RRN as its UTR when the gateway gives one), the fee
-- posted from gateway_collections, the account activated and the referrer rewarded as for an
-- approved proof; a proof the user left waiting is closed as not needed. Once per gateway payment
-- id; only the amount the checkout asked for activates. Outcomes: activated, duplicate,
-- amount_mismatch, already_active, not_found.
-- Called by server/gateway/gateway-payments.service.ts.
CREATE OR REPLACE FUNCTION rh_confirm_gateway_payment(p_user uuid, p_gateway text, p_payment_id text, p_order_id text, p_rrn text,
  p_amount bigint, p_expected bigint, p_checkout uuid, p_at timestamptz)
RETURNS TABLE (outcome text, payment_id uuid, username text, phone text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s app_settings%ROWTYPE;
  a record;
  v_utr text;
  v_closed uuid;
BEGIN
  IF EXISTS (SELECT 1 FROM manual_payments m WHERE m.gateway = p_gateway AND m.gateway_payment_id = p_payment_id) THEN
    outcome := 'duplicate';
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT * INTO s FROM app_settings WHERE id = 1;
  -- The amount the checkout asked for (the fee when it was opened), or the fee now.
  IF p_amount <> coalesce(p_expected, s.activation_fee_paise) THEN
    outcome := 'amount_mismatch';
    RETURN NEXT;
    RETURN;
  END IF;
  -- The user's row first (the order every money function takes), and it says whether one is due.
  PERFORM 1 FROM users u WHERE u.id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM users u WHERE u.id = p_user AND u.is_activated) THEN
    outcome := 'already_active';
    RETURN NEXT;
    RETURN;
  END IF;
  -- The RRN is the UPI reference a proof would carry; if a live proof already names it, the
  -- gateway's payment id stands in (the proof is closed below either way).
  v_utr := CASE WHEN p_rrn IS NOT NULL AND NOT EXISTS (SELECT 1 FROM manual_payments m WHERE m.utr_number = p_rrn AND m.status <> 'rejected')
    THEN p_rrn ELSE p_payment_id END;
  payment_id := rh_new_id();
  INSERT INTO manual_payments (id, user_id, amount_paise, utr_number, method, gateway, gateway_payment_id, gateway_order_id,
    status, created_at, processed_at)
  VALUES (payment_id, p_user, p_amount, v_utr, 'gateway', p_gateway, p_payment_id, p_order_id, 'approved', p_at, p_at);

  UPDATE manual_payments m SET status = 'rejected', processed_at = p_at,
    admin_notes = 'Not needed: the account was activated by a payment through ' || p_gateway
  WHERE m.user_id = p_user AND m.status = 'pending'
  RETURNING m.id INTO v_closed;
  IF v_closed IS NOT NULL THEN
    PERFORM rh_bump_counters(ARRAY['pending_payments'], ARRAY[-1]::bigint[]);
  END IF;

  PERFORM rh_post_entry('activation_fee', payment_id, p_user, 'Activation fee (' || p_gateway || ' ' || p_payment_id || ')', p_at,
    ARRAY[rh_platform('gateway_collections'), rh_platform('activation_fees')], ARRAY[-p_amount, p_amount]);
  SELECT * INTO a FROM rh_activate(p_user, p_at, 'payment', s, 'payment_approved', 'Payment confirmed',
    'Your payment of ₹' || rh_rupees(p_amount) || ' was confirmed by ' || p_gateway || '.'
      || CASE WHEN v_closed IS NOT NULL THEN ' The payment proof you also sent was not needed and is closed; if you paid twice, contact support for a refund.' ELSE '' END,
    NULL);
  PERFORM rh_bump_counters(ARRAY['activated_users', 'earnings_paise'], ARRAY[1, coalesce(a.reward_paise, 0)]::bigint[]);
  -- The checkout, by our id (known even before the gateway's answer gave it its order id) or the order.
  UPDATE gateway_checkouts c SET status = 'paid', paid_at = p_at, payment_id = rh_confirm_gateway_payment.payment_id,
    gateway_order_id = coalesce(c.gateway_order_id, p_order_id)
  WHERE c.id = p_checkout OR (c.gateway = p_gateway AND c.gateway_order_id = p_order_id);
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), NULL, 'payment.approved', 'manual_payment', payment_id::text, NULL,
    jsonb_build_object('userId', p_user, 'amount', rh_rupees(p_amount), 'utrNumber', v_utr, 'via', 'gateway', 'gateway', p_gateway,
      'gatewayPaymentId', p_payment_id, 'activated', a.activated, 'closedProofId', v_closed,
      'referralReward', CASE WHEN a.referral_id IS NULL THEN NULL
        ELSE jsonb_build_object('referrerId', a.referrer_id, 'amount', rh_rupees(a.reward_paise), 'held', a.reward_held) END),
    p_at);
  outcome := 'activated';
  username := a.username;
  phone := a.phone;
  RETURN NEXT;
END;
$$;
