-- Issue 11: each money operation is one call into the database instead of about twenty round
-- trips. The rules are the ones the TypeScript services applied (each guarded update, each ledger
-- entry, each notification and audit row), now in one function per operation; decision 016.
-- Errors a caller acts on: SQLSTATE RH001 = a wallet would go below zero (INSUFFICIENT_BALANCE).

-- A time-ordered UUID (version 7) made in the database, like server/db/ids.ts makes them.
CREATE OR REPLACE FUNCTION rh_new_id() RETURNS uuid
LANGUAGE sql VOLATILE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;
--> statement-breakpoint

-- 40000 -> '400.00', as contract/money.ts formatPaise.
CREATE OR REPLACE FUNCTION rh_rupees(paise bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN paise < 0 THEN '-' ELSE '' END || (abs(paise) / 100)::text || '.' || lpad((abs(paise) % 100)::text, 2, '0')
$$;
--> statement-breakpoint

-- 40000 -> '₹400', 40050 -> '₹400.50', as contract/wallet.ts formatRupeesShort.
CREATE OR REPLACE FUNCTION rh_rupees_short(paise bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT '₹' || CASE WHEN paise % 100 = 0 THEN (paise / 100)::text ELSE rh_rupees(paise) END
$$;
--> statement-breakpoint

-- A platform account's id by its name: the fixed ids of server/ledger/ledger.service.ts
-- PLATFORM_ACCOUNTS (a constant expression, folded into each plan that uses it).
CREATE OR REPLACE FUNCTION rh_platform(name text) RETURNS uuid
LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE name
    WHEN 'upi_collections' THEN '00000000-0000-7000-8000-000000000001'
    WHEN 'activation_fees' THEN '00000000-0000-7000-8000-000000000002'
    WHEN 'referral_rewards' THEN '00000000-0000-7000-8000-000000000003'
    WHEN 'spin_prizes' THEN '00000000-0000-7000-8000-000000000004'
    WHEN 'payouts_pending' THEN '00000000-0000-7000-8000-000000000005'
    WHEN 'payouts_paid' THEN '00000000-0000-7000-8000-000000000006'
    WHEN 'fee_waivers' THEN '00000000-0000-7000-8000-000000000007'
  END)::uuid
$$;
--> statement-breakpoint

-- The helpers below are PL/pgSQL, not SQL functions: PostgreSQL 15 plans a SQL function's INSERT
-- again on every call, while PL/pgSQL keeps each statement's plan for the connection.

-- Adds to the Overview's running totals (server/stats/stat-counters.ts), on a random shard.
CREATE OR REPLACE FUNCTION rh_bump_counters(names text[], deltas bigint[]) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO stat_counters (name, shard, value)
  SELECT n, floor(random() * 16)::int, d FROM unnest(names, deltas) AS c(n, d) WHERE d <> 0
  ON CONFLICT (name, shard) DO UPDATE SET value = stat_counters.value + excluded.value;
END;
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION rh_notify(p_user uuid, p_kind text, p_title text, p_body text, p_at timestamptz) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO notifications (id, user_id, kind, title, body, created_at) VALUES (rh_new_id(), p_user, p_kind, p_title, p_body, p_at);
END;
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION rh_audit(p_actor uuid, p_action text, p_target_type text, p_target_id text, p_ip text, p_details jsonb, p_at timestamptz) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_actor, p_action, p_target_type, p_target_id, p_ip, p_details, p_at);
END;
$$;
--> statement-breakpoint

-- Posts one balanced journal entry (server/ledger/ledger.service.ts postEntry). Wallet lines update
-- their wallet in id order (so two entries never wait on each other in a cycle), guarded so a
-- wallet never goes below zero (RH001), and take the wallet's next line number and the balance
-- right after them. Platform accounts keep no cached balance. A second entry with the same
-- (kind, ref) violates ledger_entries_kind_ref_key: posting twice is impossible.
CREATE OR REPLACE FUNCTION rh_post_entry(p_kind text, p_ref uuid, p_user uuid, p_description text, p_at timestamptz, p_accounts uuid[], p_amounts bigint[])
RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_entry uuid := rh_new_id();
  v_lines int := coalesce(array_length(p_accounts, 1), 0);
  v_balance bigint;
  v_seq int;
  r record;
BEGIN
  IF v_lines < 2 OR v_lines <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'a ledger entry needs at least two lines, one amount each';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) a WHERE a = 0) THEN
    RAISE EXCEPTION 'a ledger line cannot be zero';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) a) <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance', p_kind;
  END IF;

  INSERT INTO ledger_entries (id, kind, ref_id, user_id, description, created_at)
  VALUES (v_entry, p_kind, p_ref, p_user, p_description, p_at);

  -- Every account but the platform accounts (the fixed ids 00000000-0000-7000-8000-..., of time
  -- zero, which no id made since has) is a wallet.
  FOR r IN
    SELECT l.account_id, l.amount, l.account_id::text NOT LIKE '00000000-0000-7000-8000-%' AS is_wallet
    FROM unnest(p_accounts, p_amounts) WITH ORDINALITY AS l(account_id, amount, ord)
    ORDER BY l.account_id, l.ord
  LOOP
    IF r.is_wallet THEN
      UPDATE ledger_accounts
      SET balance_paise = balance_paise + r.amount, line_count = line_count + 1, updated_at = p_at
      WHERE id = r.account_id AND balance_paise + r.amount >= 0
      RETURNING balance_paise, line_count INTO v_balance, v_seq;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'RH001';
      END IF;
      INSERT INTO ledger_lines (id, entry_id, account_id, amount_paise, seq, balance_after_paise, created_at)
      VALUES (rh_new_id(), v_entry, r.account_id, r.amount, v_seq, v_balance, p_at);
    ELSE
      INSERT INTO ledger_lines (id, entry_id, account_id, amount_paise, created_at)
      VALUES (rh_new_id(), v_entry, r.account_id, r.amount, p_at);
    END IF;
  END LOOP;
  RETURN v_entry;
END;
$$;
--> statement-breakpoint

-- Activates an account and pays the referrer's reward once (server/activation/activate-user.ts):
-- is_activated flips false -> true (nothing when already true: for 'admin' that is the end), the
-- referral is claimed with a conditional update (rewarded_at is null, referrer active), the
-- referrer's progress toward a spin moves in one statement on their row (locked before their
-- wallet, the order a spin takes too), the reward is posted, and the notifications written.
-- A fee arriving for an account activated directly still pays the reward that activation did not.
CREATE OR REPLACE FUNCTION rh_activate_user(p_user uuid, p_at timestamptz, p_via text,
  OUT activated boolean, OUT referral_id uuid, OUT referrer_id uuid, OUT reward_paise bigint, OUT spin_granted boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  s app_settings%ROWTYPE;
  v_username text;
  v_successful int;
  v_toward int;
BEGIN
  activated := false;
  spin_granted := false;
  SELECT * INTO s FROM app_settings WHERE id = 1;

  UPDATE users SET is_activated = true, activated_at = p_at, updated_at = p_at
  WHERE id = p_user AND is_activated = false
  RETURNING username INTO v_username;
  IF FOUND THEN
    activated := true;
    PERFORM rh_notify(p_user, 'account_activated', 'Account activated',
      CASE WHEN p_via = 'payment'
        THEN 'Your payment was confirmed and your account is active. Share your referral code to start earning.'
        ELSE 'Your account is active. Share your referral code to start earning.' END,
      p_at);
  ELSIF p_via = 'admin' THEN
    RETURN;
  END IF;

  IF s.referral_reward_paise <= 0 OR (p_via = 'admin' AND NOT s.reward_waived_activations) THEN
    RETURN;
  END IF;
  IF v_username IS NULL THEN
    SELECT username INTO v_username FROM users WHERE id = p_user;
    IF NOT FOUND THEN RETURN; END IF;
  END IF;

  UPDATE referrals rf SET rewarded_at = p_at, reward_paise = s.referral_reward_paise
  WHERE rf.referred_id = p_user AND rf.rewarded_at IS NULL
    AND EXISTS (SELECT 1 FROM users r WHERE r.id = rf.referrer_id AND r.status = 'active')
  RETURNING rf.id, rf.referrer_id INTO referral_id, referrer_id;
  IF NOT FOUND THEN RETURN; END IF;
  reward_paise := s.referral_reward_paise;

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

  -- Wallets are opened at sign-up; this covers an account made before that rule.
  INSERT INTO ledger_accounts (id, code, kind, user_id, created_at, updated_at)
  VALUES (referrer_id, 'wallet:' || referrer_id, 'wallet', referrer_id, p_at, p_at)
  ON CONFLICT DO NOTHING;
  PERFORM rh_post_entry('referral_reward', referral_id, referrer_id, 'Referral reward for ' || v_username, p_at,
    ARRAY[rh_platform('referral_rewards'), referrer_id], ARRAY[-reward_paise, reward_paise]);
  PERFORM rh_notify(referrer_id, 'referral_reward', 'Referral reward credited',
    '₹' || rh_rupees(reward_paise) || ' for ' || v_username || ' joining', p_at);

  -- Progress is back at 0 exactly when this referral completed a spin (referrals_per_spin >= 1).
  IF v_toward = 0 THEN
    spin_granted := true;
    UPDATE referrals SET grants_spin = true WHERE id = referral_id;
    PERFORM rh_notify(referrer_id, 'spin_granted', 'Free spin unlocked',
      v_successful || ' successful referrals earned you a free spin. Spin the wheel to win a prize!', p_at);
  END IF;
END;
$$;
--> statement-breakpoint

-- Approves or rejects a pending payment proof (server/admin/admin.service.ts decidePayment). The
-- conditional update decides races: one decision wins; outcome says why nothing changed otherwise
-- ('not_found', 'self_dealing': an admin's own proof, 'already_processed').
CREATE OR REPLACE FUNCTION rh_decide_payment(p_payment uuid, p_actor uuid, p_ip text, p_status text, p_notes text, p_at timestamptz)
RETURNS TABLE (outcome text, payment jsonb, username text, phone text, user_activated boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  p manual_payments%ROWTYPE;
  a record;
  v_waived bigint;
  v_owner uuid;
BEGIN
  UPDATE manual_payments m
  SET status = p_status, admin_notes = coalesce(p_notes, m.admin_notes), processed_at = p_at, processed_by_id = p_actor
  WHERE m.id = p_payment AND m.status = 'pending' AND m.user_id <> p_actor
  RETURNING m.* INTO p;
  IF NOT FOUND THEN
    SELECT m.user_id INTO v_owner FROM manual_payments m WHERE m.id = p_payment;
    outcome := CASE WHEN NOT FOUND THEN 'not_found' WHEN v_owner = p_actor THEN 'self_dealing' ELSE 'already_processed' END;
    RETURN NEXT;
    RETURN;
  END IF;

  IF p_status = 'approved' THEN
    PERFORM rh_post_entry('activation_fee', p.id, p.user_id, 'Activation fee (UTR ' || p.utr_number || ')', p_at,
      ARRAY[rh_platform('upi_collections'), rh_platform('activation_fees')], ARRAY[-p.amount_paise, p.amount_paise]);
    -- The fee arrived after all for an account activated without it: the waiver is reversed.
    SELECT l.amount_paise INTO v_waived
    FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id
    WHERE e.kind = 'activation_fee_waiver' AND e.ref_id = p.user_id AND l.account_id = rh_platform('activation_fees')
    LIMIT 1;
    IF FOUND THEN
      PERFORM rh_post_entry('activation_fee_waiver_reversal', p.user_id, p.user_id, 'Activation fee waiver reversed: the fee was paid', p_at,
        ARRAY[rh_platform('activation_fees'), rh_platform('fee_waivers')], ARRAY[-v_waived, v_waived]);
    END IF;
    SELECT * INTO a FROM rh_activate_user(p.user_id, p_at, 'payment');
    PERFORM rh_bump_counters(ARRAY['pending_payments', 'activated_users', 'earnings_paise'],
      ARRAY[-1, CASE WHEN a.activated THEN 1 ELSE 0 END, coalesce(a.reward_paise, 0)]::bigint[]);
    PERFORM rh_notify(p.user_id, 'payment_approved', 'Payment approved',
      'Your payment of ₹' || rh_rupees(p.amount_paise) || ' (UTR ' || p.utr_number || ') was approved.', p_at);
    PERFORM rh_audit(p_actor, 'payment.approved', 'manual_payment', p.id::text, p_ip,
      jsonb_build_object('userId', p.user_id, 'amount', rh_rupees(p.amount_paise), 'utrNumber', p.utr_number,
        'activated', a.activated,
        'referralReward', CASE WHEN a.referral_id IS NULL THEN NULL
          ELSE jsonb_build_object('referrerId', a.referrer_id, 'amount', rh_rupees(a.reward_paise)) END),
      p_at);
  ELSE
    PERFORM rh_bump_counters(ARRAY['pending_payments'], ARRAY[-1]::bigint[]);
    PERFORM rh_notify(p.user_id, 'payment_rejected', 'Payment rejected',
      'Your payment proof (UTR ' || p.utr_number || ') was rejected.'
        || coalesce(' Reason: ' || nullif(p.admin_notes, ''), '') || ' You can submit a new proof.', p_at);
    PERFORM rh_audit(p_actor, 'payment.rejected', 'manual_payment', p.id::text, p_ip,
      jsonb_build_object('userId', p.user_id, 'amount', rh_rupees(p.amount_paise), 'utrNumber', p.utr_number, 'notes', p.admin_notes),
      p_at);
  END IF;

  outcome := 'ok';
  payment := to_jsonb(p);
  SELECT u.username, u.phone, u.is_activated INTO username, phone, user_activated FROM users u WHERE u.id = p.user_id;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint

-- Records a withdrawal request and reserves its amount (wallet -> payouts_pending) at once: the
-- guarded wallet update is the balance check (RH001). The texts come from the caller, who has them.
CREATE OR REPLACE FUNCTION rh_request_withdrawal(p_id uuid, p_user uuid, p_amount bigint, p_method text, p_bank_details text,
  p_holder text, p_account_number text, p_ifsc text, p_upi text, p_screenshot_key text, p_screenshot_mime text, p_at timestamptz,
  p_description text, p_title text, p_body text)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  w withdrawals%ROWTYPE;
BEGIN
  INSERT INTO withdrawals (id, user_id, amount_paise, method, bank_details, account_holder_name, account_number, ifsc_code, upi_id,
    screenshot_key, screenshot_mime, status, created_at)
  VALUES (p_id, p_user, p_amount, p_method, p_bank_details, p_holder, p_account_number, p_ifsc, p_upi,
    p_screenshot_key, p_screenshot_mime, 'pending', p_at)
  RETURNING * INTO w;
  PERFORM rh_post_entry('withdrawal_reserve', p_id, p_user, p_description, p_at,
    ARRAY[p_user, rh_platform('payouts_pending')], ARRAY[-p_amount, p_amount]);
  PERFORM rh_bump_counters(ARRAY['pending_withdrawals'], ARRAY[1]::bigint[]);
  PERFORM rh_notify(p_user, 'withdrawal_requested', p_title, p_body, p_at);
  RETURN to_jsonb(w);
END;
$$;
--> statement-breakpoint

-- Pays out or refunds a pending withdrawal (server/withdrawals/withdrawals.service.ts
-- decideWithdrawal); outcome as for payments.
CREATE OR REPLACE FUNCTION rh_decide_withdrawal(p_id uuid, p_admin uuid, p_ip text, p_status text, p_notes text, p_payout_ref text, p_at timestamptz)
RETURNS TABLE (outcome text, withdrawal jsonb, username text, phone text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  w withdrawals%ROWTYPE;
  v_owner uuid;
  v_target text;
BEGIN
  UPDATE withdrawals x
  SET status = p_status, admin_notes = coalesce(p_notes, x.admin_notes),
      payout_reference = CASE WHEN p_status = 'approved' THEN p_payout_ref END,
      processed_at = p_at, processed_by_id = p_admin
  WHERE x.id = p_id AND x.status = 'pending' AND x.user_id <> p_admin
  RETURNING x.* INTO w;
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
    PERFORM rh_notify(w.user_id, 'withdrawal_approved', 'Withdrawal completed',
      'Your withdrawal of ₹' || rh_rupees(w.amount_paise) || ' has been sent to your ' || v_target || '.'
        || coalesce(' Transfer reference: ' || nullif(w.payout_reference, '') || '.', ''), p_at);
  ELSE
    PERFORM rh_post_entry('withdrawal_refund', w.id, w.user_id, 'Refund of rejected withdrawal of ' || rh_rupees_short(w.amount_paise), p_at,
      ARRAY[rh_platform('payouts_pending'), w.user_id], ARRAY[-w.amount_paise, w.amount_paise]);
    PERFORM rh_notify(w.user_id, 'withdrawal_rejected', 'Withdrawal rejected',
      'Your withdrawal of ₹' || rh_rupees(w.amount_paise) || ' was rejected and the amount is back in your wallet.'
        || coalesce(' Note: ' || nullif(p_notes, ''), ''), p_at);
  END IF;
  PERFORM rh_audit(p_admin, CASE WHEN p_status = 'approved' THEN 'withdrawal.approved' ELSE 'withdrawal.rejected' END, 'withdrawal', w.id::text, p_ip,
    jsonb_build_object('amount', rh_rupees(w.amount_paise), 'userId', w.user_id, 'notes', p_notes, 'payoutReference', w.payout_reference, 'method', w.method),
    p_at);

  outcome := 'ok';
  withdrawal := to_jsonb(w);
  SELECT u.username, u.phone INTO username, phone FROM users u WHERE u.id = w.user_id;
  RETURN NEXT;
END;
$$;
