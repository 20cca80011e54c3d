-- Pays out or refunds a withdrawal, with the two-person rule: while two or more admins are active
-- and the setting is on, approving a withdrawal marks it 'awaiting_second_approval' (no money
-- moves; its owner still sees it pending) when it, together with the owner's other withdrawals
-- requested within 24 hours of it, is above the threshold (so splitting never stays under it); a
-- different admin's approval completes it (payouts_pending -> payouts_paid). Either admin may
-- reject it (payouts_pending -> wallet). An admin names the payout details they read (p_version,
-- withdrawals.version): details changed since answer payout_changed and nothing moves.
-- With a payout provider (p_payout_provider, PAYOUT_PROVIDER), the final approval pays nothing yet:
-- the withdrawal becomes 'paying' with a payout job queued (server/payouts), and the money stays in
-- payouts_pending until the provider confirms (rh_settle_payout moves it on, or back to the wallet).
-- Outcomes: ok, awaiting_second, not_found, self_dealing, already_processed, same_admin, payout_changed.
-- Called by server/withdrawals/withdrawals.service.ts (PUT /api/admin/withdrawals/:id).
CREATE OR REPLACE FUNCTION rh_decide_withdrawal(p_id uuid, p_admin uuid, p_ip text, p_status text, p_notes text, p_payout_ref text, p_at timestamptz,
  p_version int DEFAULT NULL, p_payout_provider text DEFAULT NULL)
RETURNS TABLE (outcome text, withdrawal jsonb, username text, phone text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  cur record;
  w record;
  v_target text;
  v_threshold bigint;
  v_version int;
  v_provider text := CASE WHEN p_status = 'approved' THEN p_payout_provider END;
BEGIN
  SELECT x.status, x.user_id, x.amount_paise, x.first_approved_by_id, x.version, x.created_at INTO cur FROM withdrawals x WHERE x.id = p_id;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  IF cur.user_id = p_admin THEN
    outcome := 'self_dealing';
    RETURN NEXT;
    RETURN;
  END IF;
  IF cur.status NOT IN ('pending', 'awaiting_second_approval') THEN
    outcome := 'already_processed';
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_status = 'approved' AND cur.status = 'awaiting_second_approval' AND cur.first_approved_by_id = p_admin THEN
    outcome := 'same_admin';
    RETURN NEXT;
    RETURN;
  END IF;
  v_version := coalesce(p_version, cur.version);
  IF p_status = 'approved' AND v_version <> cur.version THEN
    outcome := 'payout_changed';
    RETURN NEXT;
    RETURN;
  END IF;

  IF p_status = 'approved' AND cur.status = 'pending' THEN
    SELECT s.second_approval_above_paise INTO v_threshold FROM app_settings s WHERE s.id = 1;
    IF v_threshold IS NOT NULL
       AND (SELECT sum(o.amount_paise) FROM withdrawals o
            WHERE o.user_id = cur.user_id AND o.status <> 'rejected'
              AND o.created_at BETWEEN cur.created_at - interval '24 hours' AND cur.created_at + interval '24 hours') > v_threshold
       AND (SELECT count(*) FROM users WHERE is_admin AND status = 'active') >= 2 THEN
      UPDATE withdrawals x
      SET status = 'awaiting_second_approval', first_approved_by_id = p_admin, first_approved_at = p_at, admin_notes = coalesce(p_notes, x.admin_notes)
      FROM users u
      WHERE x.id = p_id AND x.status = 'pending' AND x.version = v_version AND u.id = x.user_id
      RETURNING to_jsonb(x) AS row, x.id, x.user_id, x.amount_paise, u.username, u.phone INTO w;
      IF NOT FOUND THEN
        outcome := CASE WHEN EXISTS (SELECT 1 FROM withdrawals x WHERE x.id = p_id AND x.status = 'pending' AND x.version <> v_version)
          THEN 'payout_changed' ELSE 'already_processed' END;
        RETURN NEXT;
        RETURN;
      END IF;
      INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
      VALUES (rh_new_id(), p_admin, 'withdrawal.first_approval', 'withdrawal', w.id::text, p_ip,
        jsonb_build_object('amount', rh_rupees(w.amount_paise), 'userId', w.user_id, 'notes', p_notes, 'threshold', rh_rupees(v_threshold)), p_at);
      outcome := 'awaiting_second';
      withdrawal := w.row;
      username := w.username;
      phone := w.phone;
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;

  -- The decision itself, from the state read above: a racing decision makes this miss.
  UPDATE withdrawals x
  SET status = CASE WHEN v_provider IS NOT NULL THEN 'paying' ELSE p_status END, admin_notes = coalesce(p_notes, x.admin_notes),
      -- Paid through a provider, the reference is the provider's UTR, and it is processed when the provider says so.
      payout_reference = CASE WHEN p_status = 'approved' AND v_provider IS NULL THEN p_payout_ref END,
      processed_at = CASE WHEN v_provider IS NULL THEN p_at END, processed_by_id = p_admin
  FROM users u
  WHERE x.id = p_id AND x.status = cur.status AND x.user_id <> p_admin AND u.id = x.user_id
    AND (p_status = 'rejected' OR (x.first_approved_by_id IS DISTINCT FROM p_admin AND x.version = v_version))
  RETURNING to_jsonb(x) AS row, x.id, x.user_id, x.amount_paise, x.method, x.upi_id, x.account_number, x.payout_reference,
    x.first_approved_by_id, u.username, u.phone INTO w;
  IF NOT FOUND THEN
    outcome := CASE WHEN p_status = 'approved' AND EXISTS (SELECT 1 FROM withdrawals x WHERE x.id = p_id AND x.status = cur.status AND x.version <> v_version)
      THEN 'payout_changed' ELSE 'already_processed' END;
    RETURN NEXT;
    RETURN;
  END IF;

  v_target := CASE WHEN w.method = 'upi' THEN 'UPI ' || coalesce(w.upi_id, '') ELSE 'bank account ending ' || right(coalesce(w.account_number, ''), 4) END;
  IF v_provider IS NOT NULL THEN
    -- The idempotency key is the withdrawal's id: every try of this payout names the same one.
    INSERT INTO payout_jobs (withdrawal_id, provider, idempotency_key, status, run_at, created_at)
    VALUES (w.id, v_provider, w.id::text, 'queued', p_at, p_at);
  ELSIF p_status = 'approved' THEN
    PERFORM rh_post_entry('withdrawal_payout', w.id, w.user_id, 'Withdrawal of ' || rh_rupees_short(w.amount_paise) || ' paid out', p_at,
      ARRAY[rh_platform('payouts_pending'), rh_platform('payouts_paid')], ARRAY[-w.amount_paise, w.amount_paise]);
    PERFORM rh_notify_all(ARRAY[w.user_id], ARRAY['withdrawal_approved'], ARRAY['Withdrawal completed'],
      ARRAY['Your withdrawal of ₹' || rh_rupees(w.amount_paise) || ' has been sent to your ' || v_target || '.'
        || coalesce(' Transfer reference: ' || nullif(w.payout_reference, '') || '.', '')], p_at);
  ELSE
    PERFORM rh_post_entry('withdrawal_refund', w.id, w.user_id, 'Refund of rejected withdrawal of ' || rh_rupees_short(w.amount_paise), p_at,
      ARRAY[rh_platform('payouts_pending'), w.user_id], ARRAY[-w.amount_paise, w.amount_paise]);
    PERFORM rh_notify_all(ARRAY[w.user_id], ARRAY['withdrawal_rejected'], ARRAY['Withdrawal rejected'],
      ARRAY['Your withdrawal of ₹' || rh_rupees(w.amount_paise) || ' was rejected and the amount is back in your wallet.'
        || coalesce(' Note: ' || nullif(p_notes, ''), '')], p_at);
  END IF;
  -- The counter after the wallet, as a request takes them: two calls never wait on each other in a cycle.
  PERFORM rh_bump_counters(ARRAY['pending_withdrawals'], ARRAY[-1]::bigint[]);
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_admin, CASE WHEN p_status = 'approved' THEN 'withdrawal.approved' ELSE 'withdrawal.rejected' END, 'withdrawal', w.id::text, p_ip,
    jsonb_build_object('amount', rh_rupees(w.amount_paise), 'userId', w.user_id, 'notes', p_notes, 'payoutReference', w.payout_reference, 'method', w.method,
      'firstApprovedBy', w.first_approved_by_id)
      || CASE WHEN v_provider IS NOT NULL THEN jsonb_build_object('payoutProvider', v_provider) ELSE '{}'::jsonb END,
    p_at);

  outcome := 'ok';
  withdrawal := w.row;
  username := w.username;
  phone := w.phone;
  RETURN NEXT;
END;
$$;
