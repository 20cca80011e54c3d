-- Issue 14: money you can audit. Reversals with clawbacks and debts, an append-only ledger sealed
-- into a hash chain, the two-person rule, admins with roles and invitations. Decision 024.
CREATE TABLE "activation_approvals" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_admin_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admin_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by_id" uuid,
	CONSTRAINT "admin_invitations_role_check" CHECK ("admin_invitations"."role" in ('super_admin', 'reviewer'))
);
--> statement-breakpoint
CREATE TABLE "ledger_blocks" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"prev_digest" text NOT NULL,
	"digest" text NOT NULL,
	"entry_count" integer NOT NULL,
	"last_entry_at" timestamp with time zone NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entry_seals" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"block_seq" bigint NOT NULL,
	"position" integer NOT NULL,
	"entry_hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_wallet_user";--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "manual_payments" DROP CONSTRAINT "manual_payments_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
DROP INDEX "ledger_accounts_user_key";--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "second_approval_above_paise" bigint;--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "second_approval_for_activation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reverses_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "reversed_by_id" uuid;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_role" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_by_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activation_approvals" ADD CONSTRAINT "activation_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activation_approvals" ADD CONSTRAINT "activation_approvals_first_admin_id_users_id_fk" FOREIGN KEY ("first_admin_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_invitations" ADD CONSTRAINT "admin_invitations_used_by_id_users_id_fk" FOREIGN KEY ("used_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invitations_token_key" ON "admin_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_invitations_created_idx" ON "admin_invitations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entry_seals_block_key" ON "ledger_entry_seals" USING btree ("block_seq","position");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_reversed_by_id_users_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_first_approved_by_id_users_id_fk" FOREIGN KEY ("first_approved_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_key" ON "ledger_accounts" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses_key" ON "ledger_entries" USING btree ("reverses_entry_id") WHERE "ledger_entries"."reverses_entry_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_second_approval_positive" CHECK ("app_settings"."second_approval_above_paise" is null or "app_settings"."second_approval_above_paise" > 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_debt_nonpos" CHECK ("ledger_accounts"."kind" <> 'debt' or "ledger_accounts"."balance_paise" <= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('wallet', 'debt', 'platform'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_wallet_user" CHECK (("ledger_accounts"."kind" <> 'platform') = ("ledger_accounts"."user_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('activation_fee', 'activation_fee_waiver', 'activation_fee_waiver_reversal', 'activation_fee_reversal', 'referral_reward', 'referral_reward_reversal', 'debt_repayment', 'spin_prize', 'withdrawal_reserve', 'withdrawal_payout', 'withdrawal_refund'));--> statement-breakpoint
ALTER TABLE "manual_payments" ADD CONSTRAINT "manual_payments_status_check" CHECK ("manual_payments"."status" in ('pending', 'approved', 'rejected', 'reversed'));--> statement-breakpoint
-- Every admin so far had every power: each is a Super Admin.
UPDATE "users" SET "admin_role" = 'super_admin' WHERE "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_admin_role" CHECK (("users"."is_admin") = ("users"."admin_role" is not null) and ("users"."admin_role" is null or "users"."admin_role" in ('super_admin', 'reviewer')));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('pending', 'awaiting_second_approval', 'approved', 'rejected'));--> statement-breakpoint

-- Entries are about to become permanent: the ones written before migration 0010 stop naming people
-- (the history reads names and payout targets from their current rows, which an erasure may
-- pseudonymise). The last change any entry will see.
UPDATE "ledger_entries" SET "description" = 'Referral reward' WHERE "kind" = 'referral_reward' AND "description" <> 'Referral reward';
--> statement-breakpoint
UPDATE "ledger_entries" SET "description" = regexp_replace("description", ' to .* requested$', ' requested')
WHERE "kind" = 'withdrawal_reserve' AND "description" ~ ' to .* requested$';
--> statement-breakpoint

-- Append-only: a posted entry, its lines and the seals are never changed or deleted; a mistake is
-- corrected by a reversing entry that names the one it reverses (SQLSTATE RH003).
CREATE OR REPLACE FUNCTION rh_refuse_ledger_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: correct it with a reversing entry', TG_TABLE_NAME USING ERRCODE = 'RH003';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries FOR EACH ROW EXECUTE FUNCTION rh_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries FOR EACH STATEMENT EXECUTE FUNCTION rh_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines FOR EACH ROW EXECUTE FUNCTION rh_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON ledger_lines FOR EACH STATEMENT EXECUTE FUNCTION rh_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_blocks_append_only BEFORE UPDATE OR DELETE ON ledger_blocks FOR EACH ROW EXECUTE FUNCTION rh_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_blocks_no_truncate BEFORE TRUNCATE ON ledger_blocks FOR EACH STATEMENT EXECUTE FUNCTION rh_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entry_seals_append_only BEFORE UPDATE OR DELETE ON ledger_entry_seals FOR EACH ROW EXECUTE FUNCTION rh_refuse_ledger_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entry_seals_no_truncate BEFORE TRUNCATE ON ledger_entry_seals FOR EACH STATEMENT EXECUTE FUNCTION rh_refuse_ledger_change();
--> statement-breakpoint

-- Posting, as in 0010, now for every account a person has: a wallet (zero or above) and a debt
-- account (zero or below: a clawback their wallet could not cover). Both keep a cached balance
-- and numbered lines. A correction names the entry it reverses (p_reverses). A credit to a wallet
-- whose owner has a debt repays the debt first, in an entry of its own right after it.
DROP FUNCTION IF EXISTS rh_post_entry(text, uuid, uuid, text, timestamptz, uuid[], bigint[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rh_post_entry(p_kind text, p_ref uuid, p_user uuid, p_description text, p_at timestamptz,
  p_accounts uuid[], p_amounts bigint[], p_reverses uuid DEFAULT NULL)
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
  v_kind text;
  v_owner uuid;
  v_debt_id uuid;
  v_debt bigint;
  v_repay_owner uuid;
  v_repay_debt_id uuid;
  v_repay bigint := 0;
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

  INSERT INTO ledger_entries (id, kind, ref_id, user_id, description, reverses_entry_id, created_at)
  VALUES (v_entry, p_kind, p_ref, p_user, p_description, p_reverses, p_at);

  v_seq := array_fill(NULL::int, ARRAY[v_n]);
  v_balance := array_fill(NULL::bigint, ARRAY[v_n]);
  v_done := array_fill(false, ARRAY[v_n]);
  -- Every account but the platform accounts (the fixed ids 00000000-0000-7000-8000-..., of time
  -- zero, which no id made since has) belongs to a person. The smallest not yet changed goes next,
  -- so two entries never wait on each other in a cycle.
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
    UPDATE ledger_accounts a
    SET balance_paise = a.balance_paise + p_amounts[v_next], line_count = a.line_count + 1, updated_at = p_at
    WHERE a.id = p_accounts[v_next]
      AND CASE WHEN a.kind = 'debt' THEN a.balance_paise + p_amounts[v_next] <= 0 ELSE a.balance_paise + p_amounts[v_next] >= 0 END
    RETURNING a.balance_paise, a.line_count, a.kind, a.user_id,
      (SELECT d.id FROM ledger_accounts d WHERE d.user_id = a.user_id AND d.kind = 'debt'),
      (SELECT d.balance_paise FROM ledger_accounts d WHERE d.user_id = a.user_id AND d.kind = 'debt')
    INTO v_b, v_s, v_kind, v_owner, v_debt_id, v_debt;
    IF NOT FOUND THEN
      SELECT a.kind INTO v_kind FROM ledger_accounts a WHERE a.id = p_accounts[v_next];
      IF FOUND THEN
        IF v_kind = 'wallet' THEN
          RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'RH001';
        END IF;
        RAISE EXCEPTION 'ledger entry % would take % account % past zero', p_kind, v_kind, p_accounts[v_next];
      END IF;
      IF p_amounts[v_next] < 0 THEN
        RAISE EXCEPTION 'INSUFFICIENT_BALANCE' USING ERRCODE = 'RH001';
      END IF;
      -- A wallet missing for an account made before wallets were opened at sign-up: its first credit opens it.
      INSERT INTO ledger_accounts (id, code, kind, user_id, balance_paise, line_count, created_at, updated_at)
      VALUES (p_accounts[v_next], 'wallet:' || p_accounts[v_next], 'wallet', p_accounts[v_next], p_amounts[v_next], 1, p_at, p_at);
      v_b := p_amounts[v_next];
      v_s := 1;
      v_kind := 'wallet';
      v_debt := NULL;
    END IF;
    v_seq[v_next] := v_s;
    v_balance[v_next] := v_b;
    IF v_kind = 'wallet' AND p_amounts[v_next] > 0 AND v_debt < 0 THEN
      v_repay_owner := v_owner;
      v_repay_debt_id := v_debt_id;
      v_repay := least(p_amounts[v_next], -v_debt);
    END IF;
  END LOOP;

  INSERT INTO ledger_lines (id, entry_id, account_id, amount_paise, seq, balance_after_paise, created_at)
  SELECT rh_new_id(), v_entry, l.account_id, l.amount, l.seq, l.balance_after, p_at
  FROM unnest(p_accounts, p_amounts, v_seq, v_balance) AS l(account_id, amount, seq, balance_after);

  IF v_repay > 0 THEN
    PERFORM rh_post_entry('debt_repayment', v_entry, v_repay_owner, 'Repayment of a reversed referral reward', p_at,
      ARRAY[v_repay_owner, v_repay_debt_id], ARRAY[-v_repay, v_repay]);
  END IF;
  RETURN v_entry;
END;
$$;
--> statement-breakpoint

-- Reverses an approved activation payment (server/reversals): the proof was fake or the money
-- never arrived. The payment becomes 'reversed'; the fee comes off the books by an entry naming
-- the fee's entry; the payer is suspended and signed out; the referral reward that activation
-- paid is clawed back from the referrer's wallet, and what the wallet cannot cover is recorded on
-- their debt account (repaid first from their next credits); the spin that referral granted is
-- withdrawn if it is unused, and otherwise the referral no longer counts toward the next spin.
-- Outcomes: ok, not_found, not_approved, self_dealing.
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
  RETURNING to_jsonb(m) AS row, m.id, m.user_id, m.amount_paise, m.utr_number INTO p;
  IF NOT FOUND THEN
    SELECT m.user_id INTO v_owner FROM manual_payments m WHERE m.id = p_payment;
    outcome := CASE WHEN NOT FOUND THEN 'not_found' WHEN v_owner = p_actor THEN 'self_dealing' ELSE 'not_approved' END;
    RETURN NEXT;
    RETURN;
  END IF;
  clawed_back_paise := 0;
  debt_paise := 0;

  PERFORM rh_post_entry('activation_fee_reversal', p.id, p.user_id, 'Activation fee reversed (UTR ' || p.utr_number || ')', p_at,
    ARRAY[rh_platform('activation_fees'), rh_platform('upi_collections')], ARRAY[-p.amount_paise, p.amount_paise],
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

    SELECT a.balance_paise INTO v_wallet FROM ledger_accounts a WHERE a.id = rf.referrer_id AND a.kind = 'wallet' FOR UPDATE;
    v_take := least(coalesce(v_wallet, 0), rf.reward_paise);
    v_short := rf.reward_paise - v_take;
    v_accounts := ARRAY[rh_platform('referral_rewards')];
    v_amounts := ARRAY[rf.reward_paise];
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
        'referrerId', rf.referrer_id, 'amount', rh_rupees(rf.reward_paise), 'clawedBackFromWallet', rh_rupees(v_take),
        'recordedAsDebt', rh_rupees(v_short), 'spinWithdrawn', v_spin_withdrawn) END),
    p_at);
  outcome := 'ok';
  payment := p.row;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint

-- Pays out or refunds a withdrawal, as in 0010, with the two-person rule: while two or more admins
-- are active and the setting is on, approving a withdrawal above the threshold marks it
-- 'awaiting_second_approval' (no money moves; its owner still sees it pending) and a different
-- admin's approval completes it. Either admin may reject it. Outcomes: ok, awaiting_second,
-- not_found, self_dealing, already_processed, same_admin.
CREATE OR REPLACE FUNCTION rh_decide_withdrawal(p_id uuid, p_admin uuid, p_ip text, p_status text, p_notes text, p_payout_ref text, p_at timestamptz)
RETURNS TABLE (outcome text, withdrawal jsonb, username text, phone text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  cur record;
  w record;
  v_target text;
  v_threshold bigint;
BEGIN
  SELECT x.status, x.user_id, x.amount_paise, x.first_approved_by_id INTO cur FROM withdrawals x WHERE x.id = p_id;
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

  IF p_status = 'approved' AND cur.status = 'pending' THEN
    SELECT s.second_approval_above_paise INTO v_threshold FROM app_settings s WHERE s.id = 1;
    IF v_threshold IS NOT NULL AND cur.amount_paise > v_threshold
       AND (SELECT count(*) FROM users WHERE is_admin AND status = 'active') >= 2 THEN
      UPDATE withdrawals x
      SET status = 'awaiting_second_approval', first_approved_by_id = p_admin, first_approved_at = p_at, admin_notes = coalesce(p_notes, x.admin_notes)
      FROM users u
      WHERE x.id = p_id AND x.status = 'pending' AND u.id = x.user_id
      RETURNING to_jsonb(x) AS row, x.id, x.user_id, x.amount_paise, u.username, u.phone INTO w;
      IF NOT FOUND THEN
        outcome := 'already_processed';
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
  SET status = p_status, admin_notes = coalesce(p_notes, x.admin_notes),
      payout_reference = CASE WHEN p_status = 'approved' THEN p_payout_ref END,
      processed_at = p_at, processed_by_id = p_admin
  FROM users u
  WHERE x.id = p_id AND x.status = cur.status AND x.user_id <> p_admin AND u.id = x.user_id
    AND (p_status = 'rejected' OR x.first_approved_by_id IS DISTINCT FROM p_admin)
  RETURNING to_jsonb(x) AS row, x.id, x.user_id, x.amount_paise, x.method, x.upi_id, x.account_number, x.payout_reference,
    x.first_approved_by_id, u.username, u.phone INTO w;
  IF NOT FOUND THEN
    outcome := 'already_processed';
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
    jsonb_build_object('amount', rh_rupees(w.amount_paise), 'userId', w.user_id, 'notes', p_notes, 'payoutReference', w.payout_reference, 'method', w.method,
      'firstApprovedBy', w.first_approved_by_id),
    p_at);

  outcome := 'ok';
  withdrawal := w.row;
  username := w.username;
  phone := w.phone;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint

-- A wallet line in words a person understands (the history page and the statement): what it
-- was, the withdrawal or referral it belongs to (joined by the caller), and the state of a
-- withdrawal it reserved. SQL functions, so the planner inlines them into each row's expression.
CREATE OR REPLACE FUNCTION rh_wallet_line_type(kind text, amount bigint) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE kind
    WHEN 'referral_reward' THEN 'referral_bonus'
    WHEN 'referral_reward_reversal' THEN 'reversal'
    WHEN 'debt_repayment' THEN 'recovery'
    WHEN 'spin_prize' THEN 'spin_reward'
    WHEN 'withdrawal_reserve' THEN 'withdrawal'
    WHEN 'withdrawal_refund' THEN 'refund'
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
    WHEN 'withdrawal_reserve' THEN 'Withdrawal' || coalesce(' to ' || CASE WHEN w_method = 'upi' THEN 'UPI ' || coalesce(w_upi, '')
      ELSE 'bank account ending ' || right(coalesce(w_account, ''), 4) END, '')
    WHEN 'withdrawal_refund' THEN 'Refund of a rejected withdrawal' || coalesce(' to ' || CASE WHEN w_method = 'upi' THEN 'UPI ' || coalesce(w_upi, '')
      ELSE 'bank account ending ' || right(coalesce(w_account, ''), 4) END, '')
    ELSE description END
$$;
--> statement-breakpoint

-- The wallet history of 0010 with the corrections a wallet can now show: a clawed-back referral
-- reward ('reversal') and a recovery toward a debt ('recovery').
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
      'type', rh_wallet_line_type(e.kind, l.amount_paise),
      'amount', rh_rupees(abs(l.amount_paise)),
      'direction', CASE WHEN l.amount_paise > 0 THEN 'credit' ELSE 'debit' END,
      'description', rh_wallet_line_description(e.kind, e.description, w.method, w.upi_id, w.account_number, ru.username),
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
  LEFT JOIN referrals rf ON rf.id = e.ref_id AND e.kind IN ('referral_reward', 'referral_reward_reversal')
  LEFT JOIN users ru ON ru.id = rf.referred_id;
  RETURN v_json;
END;
$$;
--> statement-breakpoint

-- The direct activation of 0010, naming the first of two admins when the two-person rule applied.
DROP FUNCTION IF EXISTS rh_activate_directly(uuid, uuid, text, text, timestamptz);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rh_activate_directly(p_user uuid, p_actor uuid, p_ip text, p_reason text, p_at timestamptz, p_first_admin uuid DEFAULT NULL)
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
