-- Whether a reward credited to this user now is held: an open risk flag whose code the settings
-- name among the signals that hold.
-- Used by rh_activate and rh_use_spin.
CREATE OR REPLACE FUNCTION rh_rewards_held(p_user uuid, p_hold_signals text[]) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM risk_flags f WHERE f.user_id = p_user AND f.status = 'open' AND f.code = ANY (p_hold_signals))
$$;
