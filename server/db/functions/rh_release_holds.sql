-- Releases everything a user's held account holds to their wallet (a debt they owe is repaid
-- first, as with any credit) and clears their open flags: an admin reviewed them and found nothing
-- wrong. Outcomes: ok, not_found, self_dealing.
-- Called by server/fraud/risk-flags.service.ts.
CREATE OR REPLACE FUNCTION rh_release_holds(p_user uuid, p_actor uuid, p_ip text, p_note text, p_at timestamptz)
RETURNS TABLE (outcome text, released_paise bigint, flags_cleared int)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_held record;
BEGIN
  IF p_user = p_actor THEN
    outcome := 'self_dealing';
    RETURN NEXT;
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM users u WHERE u.id = p_user) THEN
    outcome := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  released_paise := 0;
  SELECT a.id, a.balance_paise INTO v_held FROM ledger_accounts a WHERE a.code = 'held:' || p_user FOR UPDATE;
  IF FOUND AND v_held.balance_paise > 0 THEN
    released_paise := v_held.balance_paise;
    PERFORM rh_post_entry('hold_release', rh_new_id(), p_user, 'Held rewards released', p_at,
      ARRAY[v_held.id, p_user], ARRAY[-released_paise, released_paise]);
  END IF;
  WITH cleared AS (
    UPDATE risk_flags f SET status = 'cleared', cleared_at = p_at, cleared_by_id = p_actor, clear_note = p_note
    WHERE f.user_id = p_user AND f.status = 'open' RETURNING 1)
  SELECT count(*)::int INTO flags_cleared FROM cleared;
  IF released_paise > 0 THEN
    PERFORM rh_notify_all(ARRAY[p_user], ARRAY['rewards_released'], ARRAY['Held rewards released'],
      ARRAY['₹' || rh_rupees(released_paise) || ' that was on hold is now in your wallet'], p_at);
  END IF;
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_actor, 'holds.released', 'user', p_user::text, p_ip,
    jsonb_build_object('amount', rh_rupees(released_paise), 'flagsCleared', flags_cleared, 'note', p_note), p_at);
  outcome := 'ok';
  RETURN NEXT;
END;
$$;
