CREATE TABLE "device_sightings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" text,
	"ip" text,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gateway_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"kind" text NOT NULL,
	"gateway_order_id" text,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"qr_image_url" text,
	"upi_url" text,
	"expires_at" timestamp with time zone,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "gateway_checkouts_status_check" CHECK ("gateway_checkouts"."status" in ('creating', 'open', 'paid', 'failed')),
	CONSTRAINT "gateway_checkouts_kind_check" CHECK ("gateway_checkouts"."kind" in ('order', 'upi_qr'))
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"gateway_payment_id" text,
	"gateway_order_id" text,
	"amount_paise" bigint,
	"currency" text,
	"notes" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"outcome" text,
	"settled_at" timestamp with time zone,
	CONSTRAINT "gateway_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "reconciliations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"file_sha256" text NOT NULL,
	"file_name" text NOT NULL,
	"bank" text NOT NULL,
	"lines" jsonb NOT NULL,
	"line_count" integer NOT NULL,
	"first_date" text,
	"last_date" text,
	"uploaded_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_flags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"evidence_key" text NOT NULL,
	"related_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by_id" uuid,
	"clear_note" text,
	CONSTRAINT "risk_flags_status_check" CHECK ("risk_flags"."status" in ('open', 'cleared')),
	CONSTRAINT "risk_flags_code_check" CHECK ("risk_flags"."code" in ('screenshot_reused', 'screenshot_similar', 'payout_shared', 'device_shared', 'address_shared', 'signup_burst', 'dormant_referral'))
);
--> statement-breakpoint
CREATE TABLE "statement_layouts" (
	"bank" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"header" text NOT NULL,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "manual_payments" ALTER COLUMN "screenshot_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "manual_payments" ALTER COLUMN "screenshot_mime" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "risk_hold_signals" text[] DEFAULT '{screenshot_reused,screenshot_similar,device_shared,payout_shared}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "signup_flag_per_referrer_per_hour" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "method" text DEFAULT 'upi_proof' NOT NULL;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "screenshot_sha256" text;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "screenshot_fingerprint" text;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "screenshot_bands" text[];--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "gateway" text;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "gateway_payment_id" text;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "gateway_order_id" text;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "reconciliation_id" uuid;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "reconciled_line" integer;--> statement-breakpoint
ALTER TABLE "device_sightings" ADD CONSTRAINT "device_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_checkouts" ADD CONSTRAINT "gateway_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_checkouts" ADD CONSTRAINT "gateway_checkouts_payment_id_manual_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."manual_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliations" ADD CONSTRAINT "reconciliations_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flags" ADD CONSTRAINT "risk_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flags" ADD CONSTRAINT "risk_flags_cleared_by_id_users_id_fk" FOREIGN KEY ("cleared_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_layouts" ADD CONSTRAINT "statement_layouts_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_sightings_device_idx" ON "device_sightings" USING btree ("device_id","user_id") WHERE "device_sightings"."device_id" is not null;--> statement-breakpoint
CREATE INDEX "device_sightings_user_idx" ON "device_sightings" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "device_sightings_ip_idx" ON "device_sightings" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_checkouts_order_key" ON "gateway_checkouts" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
CREATE INDEX "gateway_checkouts_user_idx" ON "gateway_checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "gateway_checkouts_open_idx" ON "gateway_checkouts" USING btree ("created_at") WHERE "gateway_checkouts"."status" in ('creating', 'open');--> statement-breakpoint
CREATE INDEX "gateway_events_unsettled_idx" ON "gateway_events" USING btree ("received_at") WHERE "gateway_events"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "gateway_events_order_idx" ON "gateway_events" USING btree ("gateway","gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliations_file_key" ON "reconciliations" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "reconciliations_created_idx" ON "reconciliations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_flags_open_key" ON "risk_flags" USING btree ("user_id","code","evidence_key") WHERE "risk_flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "risk_flags_user_open_idx" ON "risk_flags" USING btree ("user_id") WHERE "risk_flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "risk_flags_created_idx" ON "risk_flags" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_payments_gateway_payment_key" ON "manual_payments" USING btree ("gateway","gateway_payment_id") WHERE "manual_payments"."gateway_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "manual_payments_screenshot_sha_idx" ON "manual_payments" USING btree ("screenshot_sha256") WHERE "manual_payments"."screenshot_sha256" is not null;--> statement-breakpoint
CREATE INDEX "manual_payments_screenshot_bands_idx" ON "manual_payments" USING gin ("screenshot_bands");--> statement-breakpoint
CREATE INDEX "withdrawals_upi_idx" ON "withdrawals" USING btree (lower("upi_id")) WHERE "withdrawals"."upi_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_account_idx" ON "withdrawals" USING btree ("account_number","ifsc_code") WHERE "withdrawals"."account_number" is not null;--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_signup_flag_positive" CHECK ("app_settings"."signup_flag_per_referrer_per_hour" > 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_held_nonneg" CHECK ("ledger_accounts"."kind" <> 'held' or "ledger_accounts"."balance_paise" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'debt', 'held', 'platform'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('activation_fee', 'activation_fee_waiver', 'activation_fee_waiver_reversal', 'activation_fee_reversal', 'referral_reward', 'referral_reward_reversal', 'debt_repayment', 'spin_prize', 'withdrawal_reserve', 'withdrawal_payout', 'withdrawal_refund', 'hold_release', 'hold_forfeit'));--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_method_check" CHECK ("manual_payments"."method" in ('upi_proof', 'gateway'));--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_method_evidence" CHECK (("manual_payments"."method" = 'upi_proof' and "manual_payments"."screenshot_key" is not null and "manual_payments"."screenshot_mime" is not null) or ("manual_payments"."method" = 'gateway' and "manual_payments"."gateway_payment_id" is not null and "manual_payments"."gateway" is not null));--> statement-breakpoint

-- Issue 15: payments confirmed by evidence (a bank statement, a payment gateway) and fraud signals
-- with holds. Decisions 026 (reconciliation and the gateway) and 027 (signals and holds).

-- Two platform accounts: money received through the gateway (a source, like UPI collections), and
-- held rewards an admin forfeited (a sink).
INSERT INTO ledger_accounts (id, code, kind, user_id, created_at, updated_at) VALUES
  ('00000000-0000-7000-8000-000000000008', 'platform:gateway_collections', 'platform', NULL, now(), now()),
  ('00000000-0000-7000-8000-000000000009', 'platform:forfeited_rewards', 'platform', NULL, now(), now())
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint

-- A user's held account (held:<user>), opened on first use: rewards credited while the user has an
-- open flag that holds wait here until an admin releases them to the wallet or forfeits them.
CREATE OR REPLACE FUNCTION rh_held_account(p_user uuid, p_at timestamptz) RETURNS uuid
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_id uuid;
BEGIN
  SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.code = 'held:' || p_user;
  IF NOT FOUND THEN
    INSERT INTO ledger_accounts (id, code, kind, user_id, created_at, updated_at)
    VALUES (rh_new_id(), 'held:' || p_user, 'held', p_user, p_at, p_at)
    ON CONFLICT (code) DO NOTHING;
    SELECT a.id INTO v_id FROM ledger_accounts a WHERE a.code = 'held:' || p_user;
  END IF;
  RETURN v_id;
END;
$$;
--> statement-breakpoint

-- Whether a reward credited to this user now is held: an open risk flag whose code the settings
-- name among the signals that hold.
CREATE OR REPLACE FUNCTION rh_rewards_held(p_user uuid, p_hold_signals text[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM risk_flags f WHERE f.user_id = p_user AND f.status = 'open' AND f.code = ANY (p_hold_signals))
$$;
--> statement-breakpoint

-- The activation of 0010, with holds: the referral reward goes to the referrer's held account while
-- the referrer has an open flag that holds (reward_held tells the caller), and the referrer is told so.
DROP FUNCTION IF EXISTS rh_activate(uuid, timestamptz, text, app_settings, text, text, text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rh_activate(p_user uuid, p_at timestamptz, p_via text, s app_settings,
  p_note_kind text, p_note_title text, p_note_body text,
  OUT activated boolean, OUT referral_id uuid, OUT referrer_id uuid, OUT reward_paise bigint, OUT spin_granted boolean,
  OUT username text, OUT phone text, OUT reward_held boolean)
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
  reward_held := false;

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
    PERFORM rh_post_entry('referral_reward', referral_id, referrer_id, 'Referral reward', p_at,
      ARRAY[rh_platform('referral_rewards'), CASE WHEN reward_held THEN rh_held_account(referrer_id, p_at) ELSE referrer_id END],
      ARRAY[-reward_paise, reward_paise]);
    n_users := n_users || referrer_id;
    IF reward_held THEN
      n_kinds := n_kinds || 'referral_reward_held'::text;
      n_titles := n_titles || 'Referral reward on hold'::text;
      n_bodies := n_bodies || ('₹' || rh_rupees(reward_paise) || ' for ' || username || ' joining is on hold while we review your account');
    ELSE
      n_kinds := n_kinds || 'referral_reward'::text;
      n_titles := n_titles || 'Referral reward credited'::text;
      n_bodies := n_bodies || ('₹' || rh_rupees(reward_paise) || ' for ' || username || ' joining');
    END IF;

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

-- The spin of 0010, with holds: the prize goes to the held account while the spinner has an open
-- flag that holds (prize_held), with its own notification.
DROP FUNCTION IF EXISTS rh_use_spin(uuid, uuid, int, bigint, timestamptz, text, text, text);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rh_use_spin(p_user uuid, p_spin uuid, p_segment int, p_prize bigint, p_at timestamptz,
  p_description text, p_title text, p_body text)
RETURNS TABLE (outcome text, spins_remaining int, balance_paise bigint, prize_held boolean)
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
  prize_held := false;
  INSERT INTO spins (id, user_id, prize_paise, segment_index, created_at) VALUES (p_spin, p_user, p_prize, p_segment, p_at);
  IF p_prize > 0 THEN
    prize_held := rh_rewards_held(p_user, (SELECT st.risk_hold_signals FROM app_settings st WHERE st.id = 1));
    PERFORM rh_post_entry('spin_prize', p_spin, p_user, p_description, p_at,
      ARRAY[rh_platform('spin_prizes'), CASE WHEN prize_held THEN rh_held_account(p_user, p_at) ELSE p_user END], ARRAY[-p_prize, p_prize]);
    PERFORM rh_bump_counters(ARRAY['earnings_paise'], ARRAY[p_prize]);
    IF prize_held THEN
      PERFORM rh_notify_all(ARRAY[p_user], ARRAY['spin_prize_held'], ARRAY['Spin prize on hold'],
        ARRAY['₹' || rh_rupees(p_prize) || ' from your spin is on hold while we review your account'], p_at);
    ELSE
      PERFORM rh_notify_all(ARRAY[p_user], ARRAY['spin_prize'], ARRAY[p_title], ARRAY[p_body], p_at);
    END IF;
  END IF;
  SELECT a.balance_paise INTO balance_paise FROM ledger_accounts a WHERE a.id = p_user;
  outcome := 'ok';
  balance_paise := coalesce(balance_paise, 0);
  RETURN NEXT;
END;
$$;
--> statement-breakpoint

-- Releases everything a user's held account holds to their wallet (a debt they owe is repaid
-- first, as with any credit) and clears their open flags: an admin reviewed them and found nothing
-- wrong. Outcomes: ok, not_found, self_dealing.
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
--> statement-breakpoint

-- Forfeits everything a user's held account holds (to forfeited_rewards): an admin found the
-- rewards were earned by fraud. The user's earnings shrink by it; their flags stay open, so what
-- they are credited next is held too. Outcomes: ok, nothing_held, not_found, self_dealing.
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
--> statement-breakpoint

-- A payment the gateway confirmed (server/gateway, from a verified webhook or the sweep): recorded
-- as an approved activation payment (method gateway, the bank's RRN as its UTR when the gateway
-- gives one), the fee posted from gateway_collections, the account activated and the referrer
-- rewarded as for an approved proof; a proof the user left waiting is closed as not needed. Once
-- per gateway payment id; only the amount the checkout asked for activates. Outcomes: activated,
-- duplicate, amount_mismatch, already_active, not_found.
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
      || CASE WHEN v_closed IS NOT NULL THEN ' The payment proof you also sent was not needed and is closed; if you paid twice, contact support for a refund.' ELSE '' END);
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
--> statement-breakpoint

-- The reversal of 0012, for every payment method and with holds: a gateway payment's fee goes back
-- to gateway_collections, and a reward that went to the held account is taken back from there
-- first, then from the wallet, and what neither covers is recorded as debt.
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
  RETURNING r.id, r.referrer_id, r.reward_paise, r.grants_spin INTO rf;
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

    -- A reward that went to the held account is taken back from there first; then from the wallet.
    SELECT l.account_id INTO v_held_id
    FROM ledger_entries e JOIN ledger_lines l ON l.entry_id = e.id JOIN ledger_accounts h ON h.id = l.account_id AND h.kind = 'held'
    WHERE e.kind = 'referral_reward' AND e.ref_id = rf.id;
    -- Both accounts locked in id order, the order rh_post_entry changes them in.
    PERFORM 1 FROM ledger_accounts a WHERE a.id IN (rf.referrer_id, v_held_id) ORDER BY a.id FOR UPDATE;
    SELECT a.balance_paise INTO v_wallet FROM ledger_accounts a WHERE a.id = rf.referrer_id AND a.kind = 'wallet';
    IF v_held_id IS NOT NULL THEN
      SELECT a.balance_paise INTO v_held FROM ledger_accounts a WHERE a.id = v_held_id;
      v_take_held := least(v_held, rf.reward_paise);
    END IF;
    v_take := least(coalesce(v_wallet, 0), rf.reward_paise - v_take_held);
    v_short := rf.reward_paise - v_take_held - v_take;
    v_accounts := ARRAY[rh_platform('referral_rewards')];
    v_amounts := ARRAY[rf.reward_paise];
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
    PERFORM rh_post_entry('referral_reward_reversal', rf.id, rf.referrer_id, 'Referral reward reversed', p_at, v_accounts, v_amounts,
      (SELECT e.id FROM ledger_entries e WHERE e.kind = 'referral_reward' AND e.ref_id = rf.id));
    PERFORM rh_bump_counters(ARRAY['earnings_paise'], ARRAY[-rf.reward_paise]);
    clawed_back_paise := rf.reward_paise;
    debt_paise := v_short;

    n_users := n_users || rf.referrer_id;
    n_kinds := n_kinds || 'referral_reward_reversed'::text;
    n_titles := n_titles || 'Referral reward reversed'::text;
    n_bodies := n_bodies || ('Your referral reward of ₹' || rh_rupees(rf.reward_paise) || ' for ' || v_referred_name
      || ' was reversed because their payment was reversed.'
      || CASE WHEN v_short > 0 THEN ' ₹' || rh_rupees(v_short) || ' your wallet could not cover will be recovered from your next earnings.' ELSE '' END
      || CASE WHEN v_spin_withdrawn THEN ' The free spin it unlocked was withdrawn.' ELSE '' END);
  END IF;

  PERFORM rh_notify_all(n_users, n_kinds, n_titles, n_bodies, p_at);
  INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
  VALUES (rh_new_id(), p_actor, 'payment.reversed', 'manual_payment', p.id::text, p_ip,
    jsonb_build_object('userId', p.user_id, 'amount', rh_rupees(p.amount_paise), 'utrNumber', p.utr_number, 'reason', p_reason,
      'payerSuspended', true,
      'referralReward', CASE WHEN rf.id IS NULL THEN NULL ELSE jsonb_build_object(
        'referrerId', rf.referrer_id, 'amount', rh_rupees(rf.reward_paise), 'clawedBackFromHeld', rh_rupees(v_take_held), 'clawedBackFromWallet', rh_rupees(v_take),
        'recordedAsDebt', rh_rupees(v_short), 'spinWithdrawn', v_spin_withdrawn) END),
    p_at);
  outcome := 'ok';
  payment := p.row;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint

-- The platform accounts of 0006 and the two above.
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
    WHEN 'gateway_collections' THEN '00000000-0000-7000-8000-000000000008'
    WHEN 'forfeited_rewards' THEN '00000000-0000-7000-8000-000000000009'
  END)::uuid
$$;
--> statement-breakpoint

-- The wallet lines of 0012 and the release of held rewards.
CREATE OR REPLACE FUNCTION rh_wallet_line_type(kind text, amount bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'referral_reward' THEN 'referral_bonus'
    WHEN 'referral_reward_reversal' THEN 'reversal'
    WHEN 'debt_repayment' THEN 'recovery'
    WHEN 'spin_prize' THEN 'spin_reward'
    WHEN 'withdrawal_reserve' THEN 'withdrawal'
    WHEN 'withdrawal_refund' THEN 'refund'
    WHEN 'hold_release' THEN 'release'
    ELSE CASE WHEN amount > 0 THEN 'deposit' ELSE 'withdrawal' END END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rh_wallet_line_description(kind text, description text, w_method text, w_upi text, w_account text, referred_name text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'referral_reward' THEN coalesce('Referral bonus: ' || referred_name || ' activated their account', 'Referral bonus')
    WHEN 'referral_reward_reversal' THEN coalesce('Referral bonus reversed: ' || referred_name || '''s payment was reversed', 'Referral bonus reversed')
    WHEN 'debt_repayment' THEN 'Recovered towards a reversed referral bonus'
    WHEN 'spin_prize' THEN 'Spin wheel prize'
    WHEN 'hold_release' THEN 'Rewards released after review'
    WHEN 'withdrawal_reserve' THEN 'Withdrawal' || coalesce(' to ' || CASE WHEN w_method = 'upi' THEN 'UPI ' || coalesce(w_upi, '')
      ELSE 'bank account ending ' || right(coalesce(w_account, ''), 4) END, '')
    WHEN 'withdrawal_refund' THEN 'Refund of a rejected withdrawal' || coalesce(' to ' || CASE WHEN w_method = 'upi' THEN 'UPI ' || coalesce(w_upi, '')
      ELSE 'bank account ending ' || right(coalesce(w_account, ''), 4) END, '')
    ELSE description END
$$;
--> statement-breakpoint

-- Raises a risk signal shared by several accounts (the same screenshot, payout account or device):
-- every account it links gets an open flag naming the others, one per (code, key); a flag already
-- open gains the new accounts. An account an admin cleared of this very evidence is not flagged
-- again unless the evidence now links an account it did not before. Returns how many flags it
-- opened or widened.
CREATE OR REPLACE FUNCTION rh_flag_shared(p_users uuid[], p_code text, p_key text, p_subject_type text, p_subject_id uuid,
  p_evidence jsonb, p_at timestamptz)
RETURNS int
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_user uuid;
  v_others uuid[];
  v_changed int := 0;
  v_n int;
BEGIN
  FOREACH v_user IN ARRAY (SELECT array_agg(DISTINCT u ORDER BY u) FROM unnest(p_users) u) LOOP
    v_others := coalesce((SELECT array_agg(DISTINCT u ORDER BY u) FROM unnest(p_users) u WHERE u <> v_user), '{}');
    CONTINUE WHEN v_others = '{}'::uuid[] AND p_code NOT IN ('signup_burst');
    CONTINUE WHEN EXISTS (
      SELECT 1 FROM risk_flags f WHERE f.user_id = v_user AND f.code = p_code AND f.evidence_key = p_key AND f.status = 'cleared'
        AND f.related_user_ids @> v_others);
    INSERT INTO risk_flags AS f (id, user_id, code, evidence_key, related_user_ids, subject_type, subject_id, evidence, status, created_at)
    VALUES (rh_new_id(), v_user, p_code, p_key, v_others, p_subject_type, p_subject_id, p_evidence, 'open', p_at)
    ON CONFLICT (user_id, code, evidence_key) WHERE status = 'open' DO UPDATE
      SET related_user_ids = coalesce((SELECT array_agg(DISTINCT u ORDER BY u) FROM unnest(f.related_user_ids || excluded.related_user_ids) u), '{}'),
          evidence = f.evidence || excluded.evidence
      WHERE NOT (f.related_user_ids @> excluded.related_user_ids) OR NOT (f.evidence @> excluded.evidence);
    GET DIAGNOSTICS v_n = ROW_COUNT;
    v_changed := v_changed + v_n;
  END LOOP;
  RETURN v_changed;
END;
$$;
--> statement-breakpoint

-- The withdrawal request of 0010, which also looks for the payout target on other accounts: the
-- same UPI ID (any case) or the same bank account (number and IFSC) on another user's withdrawal
-- flags every account sharing it (payout_shared). Still one call, one round trip.
CREATE OR REPLACE FUNCTION rh_request_withdrawal(p_id uuid, p_user uuid, p_amount bigint, p_method text, p_bank_details text,
  p_holder text, p_account_number text, p_ifsc text, p_upi text, p_screenshot_key text, p_screenshot_mime text, p_at timestamptz,
  p_description text, p_title text, p_body text)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_row jsonb;
  v_sharing uuid[];
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

  IF p_upi IS NOT NULL THEN
    SELECT array_agg(DISTINCT w.user_id) INTO v_sharing FROM withdrawals w
    WHERE lower(w.upi_id) = lower(p_upi) AND w.upi_id IS NOT NULL AND w.user_id <> p_user;
    IF v_sharing IS NOT NULL THEN
      PERFORM rh_flag_shared(v_sharing || p_user, 'payout_shared', 'upi:' || lower(p_upi), 'withdrawal', p_id,
        jsonb_build_object('value', 'UPI ' || lower(p_upi)), p_at);
    END IF;
  END IF;
  IF p_account_number IS NOT NULL THEN
    SELECT array_agg(DISTINCT w.user_id) INTO v_sharing FROM withdrawals w
    WHERE w.account_number = p_account_number AND w.ifsc_code = p_ifsc AND w.user_id <> p_user;
    IF v_sharing IS NOT NULL THEN
      PERFORM rh_flag_shared(v_sharing || p_user, 'payout_shared', 'bank:' || p_ifsc || ':' || p_account_number, 'withdrawal', p_id,
        jsonb_build_object('value', 'bank account ending ' || right(p_account_number, 4) || ' (' || p_ifsc || ')'), p_at);
    END IF;
  END IF;
  RETURN v_row;
END;
$$;
