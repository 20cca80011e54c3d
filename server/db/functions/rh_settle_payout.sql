-- Settles a withdrawal paid through a payout provider (status 'paying') from what the provider says
-- about its payout, however often and in whatever order it is told (webhooks, the create call's
-- answer, the daily sweep), so money moves once:
--   processed -> the withdrawal completes with the payout's UTR as its reference
--                (payouts_pending -> payouts_paid), and its owner is told;
--   reversed, failed, rejected, cancelled -> the amount goes back to the wallet
--                (payouts_pending -> wallet; a reversal of a payout already processed takes it back
--                from payouts_paid), the withdrawal shows as rejected with the provider's reason;
--   not_sent  -> an admin returns the money of a payout the provider refused (job 'failed' only);
--   anything else (queued, pending, processing...) -> only the job's record of the provider state,
--                which only moves forward (a step back is an older message delivered late).
-- A payout id other than the one the job holds is not this withdrawal's payout: nothing happens.
-- The job row is locked first, so two deliveries of one withdrawal's news run one after the other.
-- Outcomes: completed, refunded, updated, unchanged, unmatched, other_payout, not_failed, paid_after_refund.
-- Called by server/payouts/payouts.service.ts.
CREATE OR REPLACE FUNCTION rh_settle_payout(p_withdrawal uuid, p_payout_id text, p_status text, p_utr text, p_mode text,
  p_reason text, p_description text, p_seen_at timestamptz, p_at timestamptz, p_actor uuid DEFAULT NULL, p_ip text DEFAULT NULL)
RETURNS TABLE (outcome text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  j record;
  w record;
  v_target text;
  v_reason text;
  v_from uuid;
BEGIN
  SELECT * INTO j FROM payout_jobs WHERE withdrawal_id = p_withdrawal FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'unmatched';
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_payout_id IS NOT NULL AND j.provider_payout_id IS NOT NULL AND j.provider_payout_id <> p_payout_id THEN
    outcome := 'other_payout';
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT x.id, x.status, x.user_id, x.amount_paise, x.method, x.upi_id, x.account_number INTO w FROM withdrawals x WHERE x.id = p_withdrawal FOR UPDATE;
  v_target := CASE WHEN w.method = 'upi' THEN 'UPI ' || coalesce(w.upi_id, '') ELSE 'bank account ending ' || right(coalesce(w.account_number, ''), 4) END;

  IF p_status = 'processed' THEN
    IF w.status = 'paying' THEN
      UPDATE withdrawals SET status = 'approved', payout_reference = nullif(p_utr, ''), processed_at = p_at WHERE id = w.id;
      PERFORM rh_post_entry('withdrawal_payout', w.id, w.user_id, 'Withdrawal of ' || rh_rupees_short(w.amount_paise) || ' paid out', p_at,
        ARRAY[rh_platform('payouts_pending'), rh_platform('payouts_paid')], ARRAY[-w.amount_paise, w.amount_paise]);
      PERFORM rh_notify_all(ARRAY[w.user_id], ARRAY['withdrawal_approved'], ARRAY['Withdrawal completed'],
        ARRAY['Your withdrawal of ₹' || rh_rupees(w.amount_paise) || ' has been sent to your ' || v_target || '.'
          || coalesce(' Transfer reference: ' || nullif(p_utr, '') || '.', '')], p_at);
      INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
      VALUES (rh_new_id(), NULL, 'payout.processed', 'withdrawal', w.id::text, NULL,
        jsonb_build_object('amount', rh_rupees(w.amount_paise), 'userId', w.user_id, 'provider', j.provider, 'payoutId', coalesce(p_payout_id, j.provider_payout_id),
          'utr', p_utr, 'mode', coalesce(p_mode, j.mode)), p_at);
      outcome := 'completed';
    ELSIF w.status = 'approved' THEN
      -- A UTR the bank gave after the payout was processed (payout.updated) fills in the reference.
      UPDATE withdrawals SET payout_reference = p_utr WHERE id = w.id AND payout_reference IS NULL AND nullif(p_utr, '') IS NOT NULL;
      outcome := 'unchanged';
    ELSIF j.provider_status IN ('reversed', 'failed', 'rejected', 'cancelled') THEN
      -- The provider's own later word already closed this payout: this is older news, delivered late.
      outcome := 'unchanged';
    ELSE
      -- Paid after an admin returned its money to the wallet: the person has it twice. Never
      -- expected (a refused payout is looked up at the provider before it is returned); told to admins.
      IF NOT EXISTS (SELECT 1 FROM audit_log WHERE action = 'payout.paid_after_refund' AND target_id = w.id::text) THEN
        INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
        VALUES (rh_new_id(), NULL, 'payout.paid_after_refund', 'withdrawal', w.id::text, NULL,
          jsonb_build_object('amount', rh_rupees(w.amount_paise), 'userId', w.user_id, 'provider', j.provider, 'payoutId', p_payout_id, 'utr', p_utr), p_at);
      END IF;
      outcome := 'paid_after_refund';
    END IF;
    IF w.status IN ('paying', 'approved') THEN
      UPDATE payout_jobs SET status = 'settled', provider_payout_id = coalesce(provider_payout_id, p_payout_id), provider_status = 'processed',
          utr = coalesce(nullif(p_utr, ''), utr), mode = coalesce(p_mode, mode), status_reason = p_reason, status_description = p_description,
          provider_seen_at = greatest(provider_seen_at, p_seen_at), locked_until = NULL, last_error = NULL,
          sent_at = coalesce(sent_at, p_at), settled_at = coalesce(settled_at, p_at)
      WHERE withdrawal_id = w.id;
    END IF;

  ELSIF p_status IN ('reversed', 'failed', 'rejected', 'cancelled', 'not_sent') THEN
    IF p_status = 'not_sent' AND j.status <> 'failed' THEN
      outcome := 'not_failed';
      RETURN NEXT;
      RETURN;
    END IF;
    -- Only a reversal takes back money already paid out; a failure told after completion is stale news.
    IF w.status = 'paying' OR (w.status = 'approved' AND p_status = 'reversed') THEN
      v_from := CASE WHEN w.status = 'approved' THEN rh_platform('payouts_paid') ELSE rh_platform('payouts_pending') END;
      v_reason := coalesce(nullif(btrim(p_description), ''), CASE p_status
        WHEN 'reversed' THEN 'The bank returned the payout'
        WHEN 'failed' THEN 'The payout failed'
        WHEN 'rejected' THEN 'The payout was rejected'
        WHEN 'cancelled' THEN 'The payout was cancelled'
        ELSE 'The payout could not be made' END);
      UPDATE withdrawals SET status = 'rejected', admin_notes = v_reason, processed_at = p_at WHERE id = w.id;
      PERFORM rh_post_entry('withdrawal_refund', w.id, w.user_id, 'Refund of rejected withdrawal of ' || rh_rupees_short(w.amount_paise), p_at,
        ARRAY[v_from, w.user_id], ARRAY[-w.amount_paise, w.amount_paise]);
      PERFORM rh_notify_all(ARRAY[w.user_id], ARRAY['withdrawal_rejected'], ARRAY['Withdrawal returned'],
        ARRAY['Your withdrawal of ₹' || rh_rupees(w.amount_paise) || ' to your ' || v_target
          || ' could not be paid, and the amount is back in your wallet. Reason: ' || v_reason], p_at);
      INSERT INTO audit_log (id, actor_id, action, target_type, target_id, ip, details, created_at)
      VALUES (rh_new_id(), p_actor, 'payout.returned', 'withdrawal', w.id::text, p_ip,
        jsonb_build_object('amount', rh_rupees(w.amount_paise), 'userId', w.user_id, 'provider', j.provider, 'payoutId', coalesce(p_payout_id, j.provider_payout_id),
          'providerStatus', p_status, 'reason', v_reason, 'from', CASE WHEN w.status = 'approved' THEN 'payouts_paid' ELSE 'payouts_pending' END), p_at);
      UPDATE payout_jobs SET status = 'settled', provider_payout_id = coalesce(provider_payout_id, p_payout_id),
          provider_status = CASE WHEN p_status = 'not_sent' THEN provider_status ELSE p_status END,
          status_reason = CASE WHEN p_status = 'not_sent' THEN status_reason ELSE p_reason END, status_description = v_reason,
          provider_seen_at = greatest(provider_seen_at, p_seen_at), locked_until = NULL, settled_at = p_at
      WHERE withdrawal_id = w.id;
      outcome := 'refunded';
    ELSE
      outcome := 'unchanged';
    END IF;

  ELSE
    -- On its way (queued for the balance, pending approval at the provider, processing): no money
    -- moves. The payout exists, so a job still waiting to try again has nothing left to send.
    UPDATE payout_jobs SET status = CASE WHEN status IN ('queued', 'sending', 'failed') THEN 'sent' ELSE status END,
        provider_payout_id = coalesce(provider_payout_id, p_payout_id), provider_status = p_status, status_reason = p_reason,
        status_description = p_description, mode = coalesce(p_mode, mode), utr = coalesce(nullif(p_utr, ''), utr), provider_seen_at = greatest(provider_seen_at, p_seen_at),
        locked_until = NULL, last_error = NULL, sent_at = coalesce(sent_at, p_at)
    WHERE withdrawal_id = w.id AND status <> 'settled'
      -- News arrives out of order, and the provider's clock is not ours: a payout only moves forward
      -- (pending, queued, processing), so a step back is an older message.
      AND (CASE p_status WHEN 'pending' THEN 1 WHEN 'scheduled' THEN 1 WHEN 'queued' THEN 2 WHEN 'processing' THEN 3 ELSE 0 END)
        >= (CASE provider_status WHEN 'pending' THEN 1 WHEN 'scheduled' THEN 1 WHEN 'queued' THEN 2 WHEN 'processing' THEN 3 ELSE 0 END);
    outcome := CASE WHEN FOUND THEN 'updated' ELSE 'unchanged' END;
  END IF;
  RETURN NEXT;
END;
$$;
