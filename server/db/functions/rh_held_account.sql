-- A user's held account (held:<user>), opened on first use: rewards credited while the user has an
-- open flag that holds wait here until an admin releases them to the wallet or forfeits them.
-- Used by rh_activate and rh_use_spin.
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
