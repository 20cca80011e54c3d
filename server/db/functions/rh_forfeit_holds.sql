-- Forfeits everything a user's held account holds (to forfeited_rewards): an admin found the
-- rewards were earned by fraud. The user's earnings shrink by it; their flags stay open, so what
-- they are credited next is held too. Outcomes: ok, nothing_held, not_found, self_dealing.
-- Called by server/fraud/risk-flags.service.ts.
CREATE OR REPLACE FUNCTION rh_forfeit_holds(p_user uuid, p_actor uuid, p_ip text, p_note text, p_at timestamptz)
RETURNS TABLE (outcome text, forfeited_paise bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_held record;
BEGIN
  IF p_user = p_actor THEN
    outcome := 'self_dealing';
    RETURN NEXT;
    RETURN;
  END IF;
  -- The user's row before their accounts, the order approvals and spins take.
  PERFORM 1 FROM users u WHERE u.id = p_user FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT a.id, a.balance_paise INTO v_held FROM ledger_accounts a WHERE a.code = 'held:' || p_user FOR UPDATE;
  IF NOT FOUND OR v_held.balance_paise <= 0 THEN
    outcome := 'nothing_held';
    RETURN NEXT;
    RETURN;
  END IF;
  forfeited_paise := v_held.balance_paise;
  PERFORM rh_post_entry('hold_forfeit', rh_new_id(), p_user, 'Held rewards forfeited', p_at,
    ARRAY[v_held.id, rh_platform('forfeited_rewards')], ARRAY[-forfeited_paise, forfeited_paise]);
  UPDATE users SET total_earnings_paise = total_earnings_paise - forfeited_paise, updated_at = p_at WHERE id = p_user;
  PERFORM rh_bump_counters(ARRAY['earnings_paise'], ARRAY[-forfeited_paise]);
  PERFORM rh_notify_all(ARRAY[p_user], ARRAY['rewards_forfeited'], ARRAY['Held rewards forfeited'],
    ARRAY['₹' || rh_rupees(forfeited_paise) || ' that was on hold was forfeited under the terms'
      || coalesce('. Reason: ' || nullif(p_note, ''), '') || '. Contact support to appeal'], p_at);
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_actor, 'holds.forfeited', 'user', p_user::text, p_ip,
    jsonb_build_object('amount', rh_rupees(forfeited_paise), 'note', p_note), p_at);
  outcome := 'ok';
  RETURN NEXT;
END;
$$;
