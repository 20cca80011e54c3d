-- Activates an account and pays its referrer: the user's row, the referral reward (to the
-- referrer's wallet, or their held account while a flag that holds is open), every Nth referral's
-- free spin, and the notifications, in one step. A direct activation pays the reward only when the
-- setting allows it. When the admin whose decision this is (p_actor) is the referrer, the reward is
-- held and the admin flagged (own_referral_approved) until a different Super Admin releases it: no
-- admin pays themselves. Tax withheld at source on the reward is part of its entry (rh_credit_with_tax).
-- Returns what happened for the caller to report.
-- Called by rh_decide_payment, rh_activate_directly and rh_confirm_gateway_payment (no actor: the
-- gateway's evidence, not an admin, confirms the fee).
CREATE OR REPLACE FUNCTION rh_activate(p_user uuid, p_at timestamptz, p_via text, s app_settings,
  p_note_kind text, p_note_title text, p_note_body text, p_actor uuid,
  OUT activated boolean, OUT referral_id uuid, OUT referrer_id uuid, OUT reward_paise bigint, OUT spin_granted boolean,
  OUT username text, OUT phone text, OUT reward_held boolean, OUT tax_paise bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_successful int;
  v_toward int;
  v_own boolean := false;
  v_credit record;
  n_users uuid[] := '{}';
  n_kinds text[] := '{}';
  n_titles text[] := '{}';
  n_bodies text[] := '{}';
BEGIN
  activated := false;
  spin_granted := false;
  reward_held := false;
  tax_paise := 0;

  UPDATE users u SET is_activated = true, activated_at = p_at, updated_at = p_at
  WHERE u.id = p_user AND u.is_activated = false
  RETURNING u.username, u.phone INTO username, phone;
  IF FOUND THEN
    activated := true;
    n_users := n_users || p_user;
    n_kinds := n_kinds || 'account_activated'::text;
    n_titles := n_titles || 'Account activated'::text;
    n_bodies := n_bodies || CASE WHEN p_via = 'payment'
      THEN 'Your payment was confirmed and your account is active. Share your referral code to start earning.'
      ELSE 'Your account is active. Share your referral code to start earning.' END;
  ELSIF p_via = 'admin' THEN
    RETURN;
  ELSE
    SELECT u.username, u.phone INTO username, phone FROM users u WHERE u.id = p_user;
  END IF;
  IF p_note_kind IS NOT NULL THEN
    n_users := n_users || p_user;
    n_kinds := n_kinds || p_note_kind;
    n_titles := n_titles || p_note_title;
    n_bodies := n_bodies || p_note_body;
  END IF;

  <<reward>>
  BEGIN
    IF username IS NULL OR s.referral_reward_paise <= 0 OR (p_via = 'admin' AND NOT s.reward_waived_activations) THEN
      EXIT reward;
    END IF;
    UPDATE referrals rf SET rewarded_at = p_at, reward_paise = s.referral_reward_paise
    WHERE rf.referred_id = p_user AND rf.rewarded_at IS NULL
      AND EXISTS (SELECT 1 FROM users r WHERE r.id = rf.referrer_id AND r.status = 'active')
    RETURNING rf.id, rf.referrer_id INTO referral_id, referrer_id;
    IF NOT FOUND THEN
      EXIT reward;
    END IF;
    reward_paise := s.referral_reward_paise;

    -- The referrer's row before their wallet: the order a spin takes too.
    UPDATE users SET
      successful_referrals = successful_referrals + 1,
      total_earnings_paise = total_earnings_paise + reward_paise,
      spins_granted = spins_granted + CASE WHEN referrals_toward_spin + 1 >= s.referrals_per_spin THEN 1 ELSE 0 END,
      referrals_toward_spin = CASE WHEN referrals_toward_spin + 1 >= s.referrals_per_spin THEN 0 ELSE referrals_toward_spin + 1 END,
      updated_at = p_at
    WHERE id = referrer_id
    RETURNING successful_referrals, referrals_toward_spin INTO v_successful, v_toward;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'referrer % vanished', referrer_id;
    END IF;

    reward_held := rh_rewards_held(referrer_id, s.risk_hold_signals);
    IF referrer_id = p_actor THEN
      reward_held := true;
      v_own := true;
      INSERT INTO risk_flags AS f (id, user_id, code, evidence_key, related_user_ids, subject_type, subject_id, evidence, status, created_at)
      VALUES (rh_new_id(), referrer_id, 'own_referral_approved', 'own_referral', ARRAY[p_user], 'user', p_user, '{}'::jsonb, 'open', p_at)
      ON CONFLICT (user_id, code, evidence_key) WHERE status = 'open' DO UPDATE
        SET related_user_ids = (SELECT array_agg(DISTINCT u ORDER BY u) FROM unnest(f.related_user_ids || excluded.related_user_ids) u);
    END IF;
    -- One entry: the reward, any tax withheld at source on it (rh_credit_with_tax), the rest to the referrer.
    SELECT * INTO v_credit FROM rh_credit_with_tax('referral_reward', referral_id, referrer_id, 'Referral reward', p_at,
      rh_platform('referral_rewards'), CASE WHEN reward_held THEN rh_held_account(referrer_id, p_at) ELSE referrer_id END,
      reward_paise, 'referral', s);
    tax_paise := v_credit.tax_paise;
    n_users := n_users || referrer_id;
    IF v_own THEN
      n_kinds := n_kinds || 'referral_reward_held'::text;
      n_titles := n_titles || 'Referral reward on hold'::text;
      n_bodies := n_bodies || ('₹' || rh_rupees(reward_paise) || ' for ' || username || ' joining is on hold until another admin confirms it, because you approved it yourself');
    ELSIF reward_held THEN
      n_kinds := n_kinds || 'referral_reward_held'::text;
      n_titles := n_titles || 'Referral reward on hold'::text;
      n_bodies := n_bodies || ('₹' || rh_rupees(reward_paise) || ' for ' || username || ' joining is on hold while we review your account');
    ELSE
      n_kinds := n_kinds || 'referral_reward'::text;
      n_titles := n_titles || 'Referral reward credited'::text;
      n_bodies := n_bodies || ('₹' || rh_rupees(reward_paise) || ' for ' || username || ' joining');
    END IF;

    FOR i IN 1 .. coalesce(array_length(v_credit.note_kinds, 1), 0) LOOP
      n_users := n_users || referrer_id;
      n_kinds := n_kinds || v_credit.note_kinds[i];
      n_titles := n_titles || v_credit.note_titles[i];
      n_bodies := n_bodies || v_credit.note_bodies[i];
    END LOOP;

    -- Progress is back at 0 exactly when this referral completed a spin (referrals_per_spin >= 1).
    IF v_toward = 0 THEN
      spin_granted := true;
      UPDATE referrals SET grants_spin = true WHERE id = referral_id;
      n_users := n_users || referrer_id;
      n_kinds := n_kinds || 'spin_granted'::text;
      n_titles := n_titles || 'Free spin unlocked'::text;
      n_bodies := n_bodies || (v_successful || ' successful referrals earned you a free spin. Spin the wheel to win a prize!');
    END IF;
  END;

  PERFORM rh_notify_all(n_users, n_kinds, n_titles, n_bodies, p_at);
END;
$$;
