-- Reverses an approved activation payment (a Super Admin found it false): the fee goes back to where
-- it came from, the referral reward is clawed back from the held account first, then the wallet, and
-- what neither covers is recorded as debt; the payer is suspended. Tax withheld at source on the
-- reward is reversed with it in the same entry (a negative tax_withholdings row in the quarter of the
-- reversal), so only what reached the referrer is taken back (or, when its tax took more than the
-- reward, the difference is returned), and the reward leaves the referrer's tax year. Outcomes: ok,
-- not_found, not_approved, self_dealing.
-- Called by server/reversals/reversals.service.ts (POST /api/admin/manual-payments/:id/reverse).
CREATE OR REPLACE FUNCTION rh_reverse_payment(p_payment uuid, p_actor uuid, p_ip text, p_reason text, p_at timestamptz)
RETURNS TABLE (outcome text, payment jsonb, username text, phone text, user_activated boolean, clawed_back_paise bigint, debt_paise bigint)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  p record;
  rf record;
  v_owner uuid;
  v_referrer record;
  v_wallet bigint;
  v_take bigint;
  v_held_id uuid;
  v_held bigint := 0;
  v_take_held bigint := 0;
  v_short bigint;
  v_debt_id uuid;
  v_spin_withdrawn boolean := false;
  v_per_spin int;
  v_accounts uuid[];
  v_amounts bigint[];
  v_referred_name text;
  v_reward_entry uuid;
  v_entry uuid;
  wh record;
  v_tax bigint := 0;
  v_back bigint;
  v_fy int;
  v_quarter int;
  n_users uuid[] := '{}';
  n_kinds text[] := '{}';
  n_titles text[] := '{}';
  n_bodies text[] := '{}';
BEGIN
  UPDATE manual_payments m
  SET status = 'reversed', reversed_at = p_at, reversed_by_id = p_actor, reversal_reason = p_reason
  WHERE m.id = p_payment AND m.status = 'approved' AND m.user_id <> p_actor
  RETURNING to_jsonb(m) AS row, m.id, m.user_id, m.amount_paise, m.utr_number, m.method INTO p;
  IF NOT FOUND THEN
    SELECT m.user_id INTO v_owner FROM manual_payments m WHERE m.id = p_payment;
    outcome := CASE WHEN NOT FOUND THEN 'not_found' WHEN v_owner = p_actor THEN 'self_dealing' ELSE 'not_approved' END;
    RETURN NEXT;
    RETURN;
  END IF;
  clawed_back_paise := 0;
  debt_paise := 0;

  PERFORM rh_post_entry('activation_fee_reversal', p.id, p.user_id, 'Activation fee reversed (UTR ' || p.utr_number || ')', p_at,
    ARRAY[rh_platform('activation_fees'), rh_platform(CASE WHEN p.method = 'gateway' THEN 'gateway_collections' ELSE 'upi_collections' END)],
    ARRAY[-p.amount_paise, p.amount_paise],
    (SELECT e.id FROM ledger_entries e WHERE e.kind = 'activation_fee' AND e.ref_id = p.id));

  UPDATE users u SET status = 'suspended', updated_at = p_at WHERE u.id = p.user_id
  RETURNING u.username, u.phone, u.is_activated INTO username, phone, user_activated;
  v_referred_name := username;
  UPDATE sessions SET revoked_at = p_at WHERE user_id = p.user_id AND revoked_at IS NULL;
  n_users := n_users || p.user_id;
  n_kinds := n_kinds || 'payment_reversed'::text;
  n_titles := n_titles || 'Payment reversed'::text;
  n_bodies := n_bodies || ('Your payment of ₹' || rh_rupees(p.amount_paise) || ' (UTR ' || p.utr_number
    || ') was reversed because it could not be confirmed, and your account is suspended.'
    || coalesce(' Reason: ' || nullif(p_reason, ''), '') || ' Contact support to appeal.');

  UPDATE referrals r SET reversed_at = p_at
  WHERE r.referred_id = p.user_id AND r.rewarded_at IS NOT NULL AND r.reversed_at IS NULL
  RETURNING r.id, r.referrer_id, r.reward_paise, r.grants_spin, r.rewarded_at INTO rf;
  IF FOUND THEN
    -- The referrer's row before their wallet, the order approvals and spins take.
    SELECT u.spins_granted, u.spins_used INTO v_referrer FROM users u WHERE u.id = rf.referrer_id FOR UPDATE;
    SELECT st.referrals_per_spin INTO v_per_spin FROM app_settings st WHERE st.id = 1;
    v_spin_withdrawn := rf.grants_spin AND v_referrer.spins_granted > v_referrer.spins_used;
    -- A withdrawn spin gives back the progress its other referrals made toward it (at most one
    -- short of the next spin); a referral that granted no spin stops counting toward the next one.
    UPDATE users SET
      successful_referrals = successful_referrals - 1,
      total_earnings_paise = total_earnings_paise - rf.reward_paise,
      spins_granted = spins_granted - CASE WHEN v_spin_withdrawn THEN 1 ELSE 0 END,
      referrals_toward_spin = CASE
        WHEN v_spin_withdrawn THEN least(referrals_toward_spin + v_per_spin - 1, v_per_spin - 1)
        WHEN NOT rf.grants_spin AND referrals_toward_spin > 0 THEN referrals_toward_spin - 1
        ELSE referrals_toward_spin END,
      updated_at = p_at
    WHERE id = rf.referrer_id;
    IF v_spin_withdrawn THEN
      UPDATE referrals SET grants_spin = false WHERE id = rf.id;
    END IF;

    -- The reward leaves the referrer's tax year (the year it was credited in), with what its withholding taxed.
    SELECT e.id INTO v_reward_entry FROM ledger_entries e WHERE e.kind = 'referral_reward' AND e.ref_id = rf.id;
    SELECT w.* INTO wh FROM tax_withholdings w WHERE w.entry_id = v_reward_entry AND w.reverses_id IS NULL;
    IF FOUND THEN
      v_tax := wh.tax_paise;
    END IF;
    SELECT t.fy INTO v_fy FROM rh_tax_period(rf.rewarded_at) t;
    UPDATE tax_years SET referral_credited_paise = greatest(referral_credited_paise - rf.reward_paise, 0),
      referral_taxed_paise = greatest(referral_taxed_paise - coalesce(wh.amount_paise, 0), 0), updated_at = p_at
    WHERE user_id = rf.referrer_id AND fy = v_fy;
    -- What reached the referrer: the reward less its tax (below zero when the tax took more than it).
    v_back := rf.reward_paise - v_tax;

    -- A reward that went to the held account is taken back from there first; then from the wallet.
    SELECT l.account_id INTO v_held_id
    FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id JOIN ledger_accounts h ON h.id = l.account_id AND h.kind = 'held'
    WHERE e.kind = 'referral_reward' AND e.ref_id = rf.id;
    -- Both accounts locked in id order, the order rh_post_entry changes them in.
    PERFORM 1 FROM ledger_accounts a WHERE a.id IN (rf.referrer_id, v_held_id) ORDER BY a.id FOR UPDATE;
    SELECT a.balance_paise INTO v_wallet FROM ledger_accounts a WHERE a.id = rf.referrer_id AND a.kind = 'wallet';
    IF v_held_id IS NOT NULL THEN
      SELECT a.balance_paise INTO v_held FROM ledger_accounts a WHERE a.id = v_held_id;
      v_take_held := least(v_held, greatest(v_back, 0));
    END IF;
    v_take := least(coalesce(v_wallet, 0), greatest(v_back, 0) - v_take_held);
    v_short := greatest(v_back, 0) - v_take_held - v_take;
    v_accounts := ARRAY[rh_platform('referral_rewards')];
    v_amounts := ARRAY[rf.reward_paise];
    IF v_tax > 0 THEN
      v_accounts := v_accounts || rh_platform('tds_payable');
      v_amounts := v_amounts || -v_tax;
    END IF;
    IF v_back < 0 THEN
      v_accounts := v_accounts || rf.referrer_id;
      v_amounts := v_amounts || -v_back;
    END IF;
    IF v_take_held > 0 THEN
      v_accounts := v_accounts || v_held_id;
      v_amounts := v_amounts || -v_take_held;
    END IF;
    IF v_take > 0 THEN
      v_accounts := v_accounts || rf.referrer_id;
      v_amounts := v_amounts || -v_take;
    END IF;
    IF v_short > 0 THEN
      INSERT INTO ledger_accounts (id, code, kind, user_id, created_at, updated_at)
      VALUES (rh_new_id(), 'debt:' || rf.referrer_id, 'debt', rf.referrer_id, p_at, p_at)
      ON CONFLICT (code) DO NOTHING;
      SELECT a.id INTO v_debt_id FROM ledger_accounts a WHERE a.code = 'debt:' || rf.referrer_id;
      v_accounts := v_accounts || v_debt_id;
      v_amounts := v_amounts || -v_short;
    END IF;
    v_entry := rh_post_entry('referral_reward_reversal', rf.id, rf.referrer_id, 'Referral reward reversed', p_at, v_accounts, v_amounts,
      v_reward_entry);
    IF v_tax > 0 THEN
      SELECT t.fy, t.quarter INTO v_fy, v_quarter FROM rh_tax_period(p_at) t;
      INSERT INTO tax_withholdings (id, entry_id, user_id, kind, fy, quarter, section, rate_bp, amount_paise, tax_paise, gross_paise, pan_sealed, reverses_id, created_at)
      VALUES (rh_new_id(), v_entry, rf.referrer_id, wh.kind, v_fy, v_quarter, wh.section, wh.rate_bp, -wh.amount_paise, -wh.tax_paise, -wh.gross_paise,
        wh.pan_sealed, wh.id, p_at);
    END IF;
    PERFORM rh_bump_counters(ARRAY['earnings_paise'], ARRAY[-rf.reward_paise]);
    clawed_back_paise := greatest(v_back, 0);
    debt_paise := v_short;

    n_users := n_users || rf.referrer_id;
    n_kinds := n_kinds || 'referral_reward_reversed'::text;
    n_titles := n_titles || 'Referral reward reversed'::text;
    n_bodies := n_bodies || ('Your referral reward of ₹' || rh_rupees(rf.reward_paise) || ' for ' || v_referred_name
      || ' was reversed because their payment was reversed.'
      || CASE WHEN v_short > 0 THEN ' ₹' || rh_rupees(v_short) || ' your wallet could not cover will be recovered from your next earnings.' ELSE '' END
      || CASE WHEN v_spin_withdrawn THEN ' The free spin it unlocked was withdrawn.' ELSE '' END);
    IF v_tax > 0 THEN
      n_users := n_users || rf.referrer_id;
      n_kinds := n_kinds || 'tax_reversed'::text;
      n_titles := n_titles || 'Tax withheld reversed'::text;
      n_bodies := n_bodies || CASE WHEN v_back >= 0
        THEN 'The ₹' || rh_rupees(v_tax) || ' income tax withheld at source with your referral reward for ' || v_referred_name
          || ' (section ' || wh.section || ') was reversed too: ₹' || rh_rupees(v_back) || ' was taken back, not ₹' || rh_rupees(rf.reward_paise) || '.'
        ELSE 'The ₹' || rh_rupees(v_tax) || ' income tax withheld at source with your referral reward for ' || v_referred_name
          || ' (section ' || wh.section || ') was reversed too: ₹' || rh_rupees(-v_back) || ' is back in your wallet.' END;
    END IF;
  END IF;

  PERFORM rh_notify_all(n_users, n_kinds, n_titles, n_bodies, p_at);
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_actor, 'payment.reversed', 'manual_payment', p.id::text, p_ip,
    jsonb_build_object('userId', p.user_id, 'amount', rh_rupees(p.amount_paise), 'utrNumber', p.utr_number, 'reason', p_reason,
      'payerSuspended', true,
      'referralReward', CASE WHEN rf.id IS NULL THEN NULL ELSE jsonb_build_object(
        'referrerId', rf.referrer_id, 'amount', rh_rupees(rf.reward_paise), 'clawedBackFromHeld', rh_rupees(v_take_held), 'clawedBackFromWallet', rh_rupees(v_take),
        'recordedAsDebt', rh_rupees(v_short), 'spinWithdrawn', v_spin_withdrawn)
        || CASE WHEN v_tax > 0 THEN jsonb_build_object('taxReversed', rh_rupees(v_tax), 'returned', rh_rupees(greatest(-v_back, 0))) ELSE '{}'::jsonb END END),
    p_at);
  outcome := 'ok';
  payment := p.row;
  RETURN NEXT;
END;
$$;
