-- Raises a risk signal shared by several accounts (the same screenshot, payout account or device):
-- every account it links gets an open flag naming the others, one per (code, key); a flag already
-- open gains the new accounts. An account an admin cleared of this very evidence is not flagged
-- again unless the evidence now links an account it did not before. Returns how many flags it
-- opened or widened.
-- Called by server/fraud/proof-signals.ts, server/fraud/risk-signals.ts and rh_flag_payout_shared.
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
