-- Uses one of the person's spins: records the prize the server drew and credits it (to the held
-- account while a flag that holds is open), less any tax withheld at source on a prize above its
-- threshold (rh_credit_with_tax), with its notifications. Outcomes: ok, no_spins.
-- Called by server/spins/spins.service.ts (POST /api/use-spin).
CREATE OR REPLACE FUNCTION rh_use_spin(p_user uuid, p_spin uuid, p_segment int, p_prize bigint, p_at timestamptz,
  p_description text, p_title text, p_body text)
RETURNS TABLE (outcome text, spins_remaining int, balance_paise bigint, prize_held boolean, tax_paise bigint, tax_section text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  st app_settings;
  c record;
BEGIN
  UPDATE users SET spins_used = spins_used + 1, total_earnings_paise = total_earnings_paise + p_prize, updated_at = p_at
  WHERE id = p_user AND spins_used < spins_granted
  RETURNING spins_granted - spins_used INTO spins_remaining;
  IF NOT FOUND THEN
    outcome := 'no_spins';
    RETURN NEXT;
    RETURN;
  END IF;
  prize_held := false;
  tax_paise := 0;
  INSERT INTO spins (id, user_id, prize_paise, segment_index, created_at) VALUES (p_spin, p_user, p_prize, p_segment, p_at);
  IF p_prize > 0 THEN
    SELECT * INTO st FROM app_settings WHERE id = 1;
    prize_held := rh_rewards_held(p_user, st.risk_hold_signals);
    SELECT * INTO c FROM rh_credit_with_tax('spin_prize', p_spin, p_user, p_description, p_at,
      rh_platform('spin_prizes'), CASE WHEN prize_held THEN rh_held_account(p_user, p_at) ELSE p_user END, p_prize, 'prize', st);
    tax_paise := c.tax_paise;
    tax_section := c.section;
    PERFORM rh_bump_counters(ARRAY['earnings_paise'], ARRAY[p_prize]);
    IF prize_held THEN
      PERFORM rh_notify_all(ARRAY[p_user], ARRAY['spin_prize_held'], ARRAY['Spin prize on hold'],
        ARRAY['₹' || rh_rupees(p_prize) || ' from your spin is on hold while we review your account'], p_at);
    ELSE
      PERFORM rh_notify_all(ARRAY[p_user], ARRAY['spin_prize'], ARRAY[p_title], ARRAY[p_body], p_at);
    END IF;
    IF coalesce(array_length(c.note_kinds, 1), 0) > 0 THEN
      PERFORM rh_notify_all(array_fill(p_user, ARRAY[array_length(c.note_kinds, 1)]), c.note_kinds, c.note_titles, c.note_bodies, p_at);
    END IF;
  END IF;
  SELECT a.balance_paise INTO balance_paise FROM ledger_accounts a WHERE a.id = p_user;
  outcome := 'ok';
  balance_paise := coalesce(balance_paise, 0);
  RETURN NEXT;
END;
$$;
