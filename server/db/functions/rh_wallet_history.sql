-- One page of a wallet's history, newest first, as the contract's JSON (built in the database so
-- Node sends it as it is); a page starts before the entry p_before. A line whose entry withheld tax
-- at source (or reversed it) carries `tax`: the gross, the tax, its section and rate.
-- Called by server/ledger/transactions.service.ts (GET /api/transactions).
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
      'balanceAfter', rh_rupees(l.balance_after_paise),
      'tax', CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object(
        'gross', rh_rupees(abs(t.gross_paise)), 'amount', rh_rupees(abs(t.tax_paise)), 'section', t.section, 'rate', rh_percent(t.rate_bp),
        'taxedOn', rh_rupees(abs(t.amount_paise)), 'reversed', t.reverses_id IS NOT NULL) END
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
  LEFT JOIN users ru ON ru.id = rf.referred_id
  LEFT JOIN tax_withholdings t ON t.entry_id = e.id AND e.kind IN ('referral_reward', 'referral_reward_reversal', 'spin_prize');
  RETURN v_json;
END;
$$;
