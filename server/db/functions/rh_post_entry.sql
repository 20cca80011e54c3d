-- Posts one balanced journal entry: the heart of the ledger (DESIGN.md section 4). Wallet and debt
-- lines update their account in id order (two entries never wait on each other in a cycle), guarded
-- so a wallet never goes below zero (SQLSTATE RH001) and a debt account never above it; each
-- person's line takes the account's next line number and the balance right after it. A correction
-- names the entry it reverses (p_reverses). A credit to a wallet whose owner has a debt repays the
-- debt first, in an entry of its own right after it. A second entry with the same (kind, ref)
-- violates ledger_entries_kind_ref_key: posting twice is impossible.
-- Called by server/ledger/ledger.service.ts postEntry and every money function.
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
