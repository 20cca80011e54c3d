-- Issue 11: the money functions of migration 0006 with the same rules in fewer statements. Every
-- statement a PL/pgSQL function runs (a query, an INSERT, an EXISTS) pays the executor's start and
-- end, and that, not the rows, was most of an approval's cost: it ran 26 of them. Here the checks
-- are plain expressions, an entry's lines are one INSERT, an operation's notifications one INSERT,
-- the settings ride on the first UPDATE and the answer's columns on the UPDATEs that touch them; an
-- approval runs 13. Decision 016 has the why of functions at all.

-- Notifications for several people in one INSERT (arrays of the same length; a null user is skipped).
CREATE OR REPLACE FUNCTION rh_notify_all(p_users uuid[], p_kinds text[], p_titles text[], p_bodies text[], p_at timestamptz) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF coalesce(array_length(p_users, 1), 0) = 0 THEN RETURN; END IF;
  INSERT INTO notifications (id, user_id, kind, title, body, created_at)
  SELECT rh_new_id(), n.u, n.k, n.t, n.b, p_at FROM unnest(p_users, p_kinds, p_titles, p_bodies) AS n(u, k, t, b) WHERE n.u IS NOT NULL;
END;
$$;
--> statement-breakpoint

-- Posts one balanced journal entry, as in 0006: wallets change in id order under the guard that
-- keeps them at zero or above (RH001), each wallet line takes its wallet's next number and the
-- balance right after it, platform accounts keep no cached balance, and a second entry with the
-- same (kind, ref) violates ledger_entries_kind_ref_key. A wallet missing for an account made
-- before wallets were opened at sign-up is opened by its first credit.
CREATE OR REPLACE FUNCTION rh_post_entry(p_kind text, p_ref uuid, p_user uuid, p_description text, p_at timestamptz, p_accounts uuid[], p_amounts bigint[])
RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_entry uuid := rh_new_id();
  v_n int := coalesce(array_length(p_accounts, 1), 0);
  v_sum bigint := 0;
  v_seq int[];
  v_balance bigint[];
  v_done boolean[];
  v_next int;
  v_b bigint;
  v_s int;
  i int;
BEGIN
  IF v_n < 2 OR v_n <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'a ledger entry needs at least two lines, one amount each';
  END IF;
  FOR i IN 1 .. v_n LOOP
    IF p_amounts[i] IS NULL OR p_amounts[i] = 0 THEN
      RAISE EXCEPTION 'a ledger line cannot be zero';
    END IF;
    v_sum := v_sum + p_amounts[i];
  END LOOP;
  IF v_sum <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance', p_kind;
  END IF;

  INSERT INTO ledger_entries (id, kind, ref_id, user_id, description, created_at)
  VALUES (v_entry, p_kind, p_ref, p_user, p_description, p_at);

  v_seq := array_fill(NULL::int, ARRAY[v_n]);
  v_balance := array_fill(NULL::bigint, ARRAY[v_n]);
  v_done := array_fill(false, ARRAY[v_n]);
  -- Every account but the platform accounts (the fixed ids 00000000-0000-7000-8000-..., of time
  -- zero, which no id made since has) is a wallet. The smallest wallet not yet changed goes next.
  LOOP
    v_next := NULL;
    FOR i IN 1 .. v_n LOOP
      IF NOT v_done[i] AND p_accounts[i]::text NOT LIKE '00000000-0000-7000-8000-%'
         AND (v_next IS NULL OR p_accounts[i] < p_accounts[v_next]) THEN
        v_next := i;
      END IF;
    END LOOP;
    EXIT WHEN v_next IS NULL;
    v_done[v_next] := true;
    UPDATE ledger_accounts
    SET balance_paise = balance_paise + p_amounts[v_next], line_count = line_count + 1, updated_at = p_at
    WHERE id = p_accounts[v_next] AND balance_paise + p_amounts[v_next] >= 0
    RETURNING balance_paise, line_count INTO v_b, v_s;
    IF NOT FOUND THEN
      IF p_amounts[v_next] < 0 OR EXISTS (SELECT 1 FROM ledger_accounts WHERE id = p_accounts[v_next]) THEN
        RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'RH001';
      END IF;
      INSERT INTO ledger_accounts (id, code, kind, user_id, balance_paise, line_count, created_at, updated_at)
      VALUES (p_accounts[v_next], 'wallet:' || p_accounts[v_next], 'wallet', p_accounts[v_next], p_amounts[v_next], 1, p_at, p_at);
      v_b := p_amounts[v_next];
      v_s := 1;
    END IF;
    v_seq[v_next] := v_s;
    v_balance[v_next] := v_b;
  END LOOP;

  INSERT INTO ledger_lines (id, entry_id, account_id, amount_paise, seq, balance_after_paise, created_at)
  SELECT rh_new_id(), v_entry, l.account_id, l.amount, l.seq, l.balance_after, p_at
  FROM unnest(p_accounts, p_amounts, v_seq, v_balance) AS l(account_id, amount, seq, balance_after);
  RETURN v_entry;
END;
$$;
--> statement-breakpoint

-- Activates an account and pays the referrer's reward once, as rh_activate_user in 0006 but with
-- the settings given and the activated person's extra notification (the approved payment) written
-- with the others. Answers the person's username and phone too, for the caller's answer.
CREATE OR REPLACE FUNCTION rh_activate(p_user uuid, p_at timestamptz, p_via text, s app_settings,
  p_note_kind text, p_note_title text, p_note_body text,
  OUT activated boolean, OUT referral_id uuid, OUT referrer_id uuid, OUT reward_paise bigint, OUT spin_granted boolean,
  OUT username text, OUT phone text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_successful int;
  v_toward int;
  n_users uuid[] := '{}';
  n_kinds text[] := '{}';
  n_titles text[] := '{}';
  n_bodies text[] := '{}';
BEGIN
  activated := false;
  spin_granted := false;

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

    PERFORM rh_post_entry('referral_reward', referral_id, referrer_id, 'Referral reward', p_at,
      ARRAY[rh_platform('referral_rewards'), referrer_id], ARRAY[-reward_paise, reward_paise]);
    n_users := n_users || referrer_id;
    n_kinds := n_kinds || 'referral_reward'::text;
    n_titles := n_titles || 'Referral reward credited'::text;
    n_bodies := n_bodies || ('₹' || rh_rupees(reward_paise) || ' for ' || username || ' joining');

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
--> statement-breakpoint

-- Replaced by rh_activate (rewards) and rh_notify_all / inline inserts (notifications, audit).
DROP FUNCTION IF EXISTS rh_activate_user(uuid, timestamptz, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS rh_notify(uuid, text, text, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION IF EXISTS rh_audit(uuid, text, text, text, text, jsonb, timestamptz);
--> statement-breakpoint

-- Approves or rejects a pending payment proof, as in 0006.
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
      'Your payment of ₹' || rh_rupees(p.amount_paise) || ' (UTR ' || p.utr_number || ') was approved.');
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
          ELSE jsonb_build_object('referrerId', a.referrer_id, 'amount', rh_rupees(a.reward_paise)) END),
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
--> statement-breakpoint

-- Records a withdrawal request and reserves its amount at once, as in 0006.
CREATE OR REPLACE FUNCTION rh_request_withdrawal(p_id uuid, p_user uuid, p_amount bigint, p_method text, p_bank_details text,
  p_holder text, p_account_number text, p_ifsc text, p_upi text, p_screenshot_key text, p_screenshot_mime text, p_at timestamptz,
  p_description text, p_title text, p_body text)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_row jsonb;
BEGIN
  INSERT INTO withdrawals (id, user_id, amount_paise, method, bank_details, account_holder_name, account_number, ifsc_code, upi_id,
    screenshot_key, screenshot_mime, status, created_at)
  VALUES (p_id, p_user, p_amount, p_method, p_bank_details, p_holder, p_account_number, p_ifsc, p_upi,
    p_screenshot_key, p_screenshot_mime, 'pending', p_at)
  RETURNING to_jsonb(withdrawals) INTO v_row;
  PERFORM rh_post_entry('withdrawal_reserve', p_id, p_user, p_description, p_at,
    ARRAY[p_user, rh_platform('payouts_pending')], ARRAY[-p_amount, p_amount]);
  PERFORM rh_bump_counters(ARRAY['pending_withdrawals'], ARRAY[1]::bigint[]);
  PERFORM rh_notify_all(ARRAY[p_user], ARRAY['withdrawal_requested'], ARRAY[p_title], ARRAY[p_body], p_at);
  RETURN v_row;
END;
$$;
--> statement-breakpoint

-- Pays out or refunds a pending withdrawal, as in 0006.
CREATE OR REPLACE FUNCTION rh_decide_withdrawal(p_id uuid, p_admin uuid, p_ip text, p_status text, p_notes text, p_payout_ref text, p_at timestamptz)
RETURNS TABLE (outcome text, withdrawal jsonb, username text, phone text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  w record;
  v_owner uuid;
  v_target text;
BEGIN
  UPDATE withdrawals x
  SET status = p_status, admin_notes = coalesce(p_notes, x.admin_notes),
      payout_reference = CASE WHEN p_status = 'approved' THEN p_payout_ref END,
      processed_at = p_at, processed_by_id = p_admin
  FROM users u
  WHERE x.id = p_id AND x.status = 'pending' AND x.user_id <> p_admin AND u.id = x.user_id
  RETURNING to_jsonb(x) AS row, x.id, x.user_id, x.amount_paise, x.method, x.upi_id, x.account_number, x.payout_reference,
    u.username, u.phone INTO w;
  IF NOT FOUND THEN
    SELECT x.user_id INTO v_owner FROM withdrawals x WHERE x.id = p_id;
    outcome := CASE WHEN NOT FOUND THEN 'not_found' WHEN v_owner = p_admin THEN 'self_dealing' ELSE 'already_processed' END;
    RETURN NEXT;
    RETURN;
  END IF;

  PERFORM rh_bump_counters(ARRAY['pending_withdrawals'], ARRAY[-1]::bigint[]);
  v_target := CASE WHEN w.method = 'upi' THEN 'UPI ' || coalesce(w.upi_id, '') ELSE 'bank account ending ' || right(coalesce(w.account_number, ''), 4) END;
  IF p_status = 'approved' THEN
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
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_admin, CASE WHEN p_status = 'approved' THEN 'withdrawal.approved' ELSE 'withdrawal.rejected' END, 'withdrawal', w.id::text, p_ip,
    jsonb_build_object('amount', rh_rupees(w.amount_paise), 'userId', w.user_id, 'notes', p_notes, 'payoutReference', w.payout_reference, 'method', w.method),
    p_at);

  outcome := 'ok';
  withdrawal := w.row;
  username := w.username;
  phone := w.phone;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint

-- A page of a wallet's history as the JSON the API answers (GET /api/transactions), built where
-- the rows are: newest first, from the line before `p_before` (an entry id) on, each line in words
-- a person understands with the wallet's balance right after it. The activation fee never touches
-- the wallet, so it is not here (it belongs to the payments). Read off the (account, seq) index:
-- a page costs the same however long the history.
CREATE OR REPLACE FUNCTION rh_wallet_history(p_wallet uuid, p_before uuid, p_limit int) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_from int := 2147483647;
  v_json text;
BEGIN
  IF p_before IS NOT NULL THEN
    SELECT b.seq INTO v_from FROM ledger_lines b WHERE b.entry_id = p_before AND b.account_id = p_wallet AND b.seq IS NOT NULL;
    IF NOT FOUND THEN
      RETURN '[]';
    END IF;
  END IF;
  SELECT coalesce(json_agg(json_build_object(
      'id', e.id,
      'type', CASE e.kind
        WHEN 'referral_reward' THEN 'referral_bonus'
        WHEN 'spin_prize' THEN 'spin_reward'
        WHEN 'withdrawal_reserve' THEN 'withdrawal'
        WHEN 'withdrawal_refund' THEN 'refund'
        ELSE CASE WHEN l.amount_paise > 0 THEN 'deposit' ELSE 'withdrawal' END END,
      'amount', rh_rupees(abs(l.amount_paise)),
      'direction', CASE WHEN l.amount_paise > 0 THEN 'credit' ELSE 'debit' END,
      'description', CASE e.kind
        WHEN 'referral_reward' THEN coalesce('Referral bonus: ' || ru.username || ' activated their account', 'Referral bonus')
        WHEN 'spin_prize' THEN 'Spin wheel prize'
        WHEN 'withdrawal_reserve' THEN 'Withdrawal' || coalesce(' to ' || CASE WHEN w.method = 'upi' THEN 'UPI ' || coalesce(w.upi_id, '')
          ELSE 'bank account ending ' || right(coalesce(w.account_number, ''), 4) END, '')
        WHEN 'withdrawal_refund' THEN 'Refund of a rejected withdrawal' || coalesce(' to ' || CASE WHEN w.method = 'upi' THEN 'UPI ' || coalesce(w.upi_id, '')
          ELSE 'bank account ending ' || right(coalesce(w.account_number, ''), 4) END, '')
        ELSE e.description END,
      'status', CASE WHEN e.kind = 'withdrawal_reserve' THEN CASE w.status WHEN 'approved' THEN 'completed' WHEN 'rejected' THEN 'rejected' ELSE 'pending' END
        ELSE 'completed' END,
      'createdAt', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'balanceAfter', rh_rupees(l.balance_after_paise)
    ) ORDER BY l.seq DESC), '[]')::text
  INTO v_json
  FROM (
    SELECT x.entry_id, x.amount_paise, x.seq, x.balance_after_paise FROM ledger_lines x
    WHERE x.account_id = p_wallet AND x.seq IS NOT NULL AND x.seq < v_from
    ORDER BY x.seq DESC LIMIT p_limit
  ) l
  JOIN ledger_entries e ON e.id = l.entry_id
  LEFT JOIN withdrawals w ON w.id = e.ref_id AND e.kind IN ('withdrawal_reserve', 'withdrawal_refund')
  LEFT JOIN referrals rf ON rf.id = e.ref_id AND e.kind = 'referral_reward'
  LEFT JOIN users ru ON ru.id = rf.referred_id;
  RETURN v_json;
END;
$$;
--> statement-breakpoint

-- Spends a free spin on the segment the server drew (server/spins: crypto.randomInt over the
-- wheel's weights): the conditional update takes one spin (two spins racing for the last one
-- cannot both pass it) and adds the prize to the person's earnings, the spin is recorded and the
-- prize credited. outcome 'no_spins' when none is left.
CREATE OR REPLACE FUNCTION rh_use_spin(p_user uuid, p_spin uuid, p_segment int, p_prize bigint, p_at timestamptz,
  p_description text, p_title text, p_body text)
RETURNS TABLE (outcome text, spins_remaining int, balance_paise bigint)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  UPDATE users SET spins_used = spins_used + 1, total_earnings_paise = total_earnings_paise + p_prize, updated_at = p_at
  WHERE id = p_user AND spins_used < spins_granted
  RETURNING spins_granted - spins_used INTO spins_remaining;
  IF NOT FOUND THEN
    outcome := 'no_spins';
    RETURN NEXT;
    RETURN;
  END IF;
  INSERT INTO spins (id, user_id, prize_paise, segment_index, created_at) VALUES (p_spin, p_user, p_prize, p_segment, p_at);
  IF p_prize > 0 THEN
    PERFORM rh_post_entry('spin_prize', p_spin, p_user, p_description, p_at,
      ARRAY[rh_platform('spin_prizes'), p_user], ARRAY[-p_prize, p_prize]);
    PERFORM rh_bump_counters(ARRAY['earnings_paise'], ARRAY[p_prize]);
    PERFORM rh_notify_all(ARRAY[p_user], ARRAY['spin_prize'], ARRAY[p_title], ARRAY[p_body], p_at);
  END IF;
  SELECT a.balance_paise INTO balance_paise FROM ledger_accounts a WHERE a.id = p_user;
  outcome := 'ok';
  balance_paise := coalesce(balance_paise, 0);
  RETURN NEXT;
END;
$$;
--> statement-breakpoint

-- An admin activates an account without a payment (server/admin activateUserByAdmin): no money
-- came in, so the ledger records the fee as waived (fee_waivers -> activation_fees) and the
-- referrer is paid only when the setting "reward waived activations" is on. outcome 'not_found'
-- or 'already_activated' when nothing changed.
CREATE OR REPLACE FUNCTION rh_activate_directly(p_user uuid, p_actor uuid, p_ip text, p_reason text, p_at timestamptz)
RETURNS TABLE (outcome text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s app_settings%ROWTYPE;
  a record;
BEGIN
  SELECT * INTO s FROM app_settings WHERE id = 1;
  SELECT * INTO a FROM rh_activate(p_user, p_at, 'admin', s, NULL, NULL, NULL);
  IF NOT a.activated THEN
    outcome := CASE WHEN EXISTS (SELECT 1 FROM users WHERE id = p_user) THEN 'already_activated' ELSE 'not_found' END;
    RETURN NEXT;
    RETURN;
  END IF;
  PERFORM rh_bump_counters(ARRAY['activated_users', 'earnings_paise'], ARRAY[1, coalesce(a.reward_paise, 0)]::bigint[]);
  PERFORM rh_post_entry('activation_fee_waiver', p_user, p_user, 'Activation fee waived by an admin', p_at,
    ARRAY[rh_platform('fee_waivers'), rh_platform('activation_fees')], ARRAY[-s.activation_fee_paise, s.activation_fee_paise]);
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_actor, 'user.activated', 'user', p_user::text, p_ip,
    jsonb_build_object('via', 'admin', 'feeWaived', rh_rupees(s.activation_fee_paise), 'reason', p_reason,
      'referralReward', CASE WHEN a.referral_id IS NULL THEN NULL
        ELSE jsonb_build_object('referrerId', a.referrer_id, 'amount', rh_rupees(a.reward_paise)) END),
    p_at);
  outcome := 'ok';
  RETURN NEXT;
END;
$$;
