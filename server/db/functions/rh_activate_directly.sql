-- An admin activates a user without a received fee: the fee is recorded as waived in the ledger,
-- the referrer rewarded only when the setting allows it, and the first of two admins named when the
-- two-person rule applied. Outcomes: ok, already_activated, not_found.
-- Called by server/admin/admin.service.ts (PUT /api/admin/users/:id/activate).
CREATE OR REPLACE FUNCTION rh_activate_directly(p_user uuid, p_actor uuid, p_ip text, p_reason text, p_at timestamptz, p_first_admin uuid DEFAULT NULL)
RETURNS TABLE (outcome text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s app_settings%ROWTYPE;
  a record;
BEGIN
  SELECT * INTO s FROM app_settings WHERE id = 1;
  SELECT * INTO a FROM rh_activate(p_user, p_at, 'admin', s, NULL, NULL, NULL, p_actor);
  IF NOT a.activated THEN
    outcome := CASE WHEN EXISTS (SELECT 1 FROM users WHERE id = p_user) THEN 'already_activated' ELSE 'not_found' END;
    RETURN NEXT;
    RETURN;
  END IF;
  PERFORM rh_bump_counters(ARRAY['activated_users', 'earnings_paise'], ARRAY[1, coalesce(a.reward_paise, 0)]::bigint[]);
  PERFORM rh_post_entry('activation_fee_waiver', p_user, p_user, 'Activation fee waived by an admin', p_at,
    ARRAY[rh_platform('fee_waivers'), rh_platform('activation_fees')], ARRAY[-s.activation_fee_paise, s.activation_fee_paise]);
  DELETE FROM activation_approvals WHERE user_id = p_user;
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_actor, 'user.activated', 'user', p_user::text, p_ip,
    jsonb_build_object('via', 'admin', 'feeWaived', rh_rupees(s.activation_fee_paise), 'reason', p_reason, 'firstApprovedBy', p_first_admin,
      'referralReward', CASE WHEN a.referral_id IS NULL THEN NULL
        ELSE jsonb_build_object('referrerId', a.referrer_id, 'amount', rh_rupees(a.reward_paise)) END),
    p_at);
  outcome := 'ok';
  RETURN NEXT;
END;
$$;
