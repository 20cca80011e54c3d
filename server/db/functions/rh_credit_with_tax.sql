-- Credits a referral reward or a spin prize with income tax withheld at source when the settings
-- say so (DESIGN.md section 15, decision 035), as ONE journal entry: the gross from the source
-- account, the tax to tds_payable, the rest to the target (the wallet, or the held account).
-- Referral rewards always count towards the person's financial year (tax_years, locked by the
-- upsert, so parallel credits for one person take turns): once the year's rewards exceed the
-- yearly threshold, the year's amount not yet taxed is taxed at this credit, and every later reward
-- after it. A prize above its threshold is taxed whole. Without a PAN the higher of the section's
-- rate and the no-PAN rate applies (s.206AA). Tax is rounded to the paisa, half up. When the tax is
-- more than this credit (the year's earlier rewards taxed at once), the rest comes from the wallet,
-- and what the wallet lacks is owed (the debt account, repaid first from the next credits). Each
-- withholding is a tax_withholdings row naming the entry, with the PAN it was withheld against.
-- Returns the texts to tell the person (a withholding; a request for their PAN, once a year, when
-- their rewards near the threshold without one), for the caller's notifications.
-- Called by rh_activate (referral rewards) and rh_use_spin (prizes).
CREATE OR REPLACE FUNCTION rh_credit_with_tax(p_entry_kind text, p_ref uuid, p_user uuid, p_description text, p_at timestamptz,
  p_source uuid, p_target uuid, p_gross bigint, p_tax_kind text, s app_settings,
  OUT entry_id uuid, OUT tax_paise bigint, OUT section text, OUT rate_bp int, OUT taxable_paise bigint,
  OUT from_wallet_paise bigint, OUT owed_paise bigint,
  OUT note_kinds text[], OUT note_titles text[], OUT note_bodies text[])
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_fy int;
  v_quarter int;
  v_credited bigint;
  v_taxed bigint;
  v_asked timestamptz;
  v_pan text;
  v_no_pan boolean;
  v_net bigint;
  v_wallet bigint;
  v_debt_id uuid;
  v_accounts uuid[];
  v_amounts bigint[];
BEGIN
  tax_paise := 0;
  taxable_paise := 0;
  from_wallet_paise := 0;
  owed_paise := 0;
  note_kinds := '{}';
  note_titles := '{}';
  note_bodies := '{}';
  SELECT t.fy, t.quarter INTO v_fy, v_quarter FROM rh_tax_period(p_at) t;
  IF s.tds_enabled THEN
    SELECT pn.sealed INTO v_pan FROM user_pans pn WHERE pn.user_id = p_user;
  END IF;
  v_no_pan := v_pan IS NULL;

  IF p_tax_kind = 'referral' THEN
    INSERT INTO tax_years AS y (user_id, fy, referral_credited_paise, updated_at) VALUES (p_user, v_fy, p_gross, p_at)
    ON CONFLICT (user_id, fy) DO UPDATE SET referral_credited_paise = y.referral_credited_paise + excluded.referral_credited_paise, updated_at = p_at
    RETURNING y.referral_credited_paise, y.referral_taxed_paise, y.pan_asked_at INTO v_credited, v_taxed, v_asked;
    IF s.tds_enabled AND v_credited > s.tds_referral_yearly_threshold_paise THEN
      taxable_paise := greatest(v_credited - v_taxed, 0);
      section := s.tds_referral_section;
      rate_bp := s.tds_referral_rate_bp;
    END IF;
  ELSIF s.tds_enabled AND p_gross > s.tds_prize_threshold_paise THEN
    taxable_paise := p_gross;
    section := s.tds_prize_section;
    rate_bp := s.tds_prize_rate_bp;
  END IF;

  IF taxable_paise > 0 THEN
    IF v_no_pan THEN
      rate_bp := greatest(rate_bp, s.tds_no_pan_rate_bp);
    END IF;
    tax_paise := (taxable_paise * rate_bp + 5000) / 10000;
    IF tax_paise = 0 THEN
      taxable_paise := 0;
    ELSIF p_tax_kind = 'referral' THEN
      UPDATE tax_years SET referral_taxed_paise = referral_taxed_paise + taxable_paise WHERE user_id = p_user AND fy = v_fy;
    END IF;
  END IF;

  v_accounts := ARRAY[p_source];
  v_amounts := ARRAY[-p_gross];
  IF tax_paise > 0 THEN
    v_accounts := v_accounts || rh_platform('tds_payable');
    v_amounts := v_amounts || tax_paise;
  END IF;
  v_net := p_gross - tax_paise;
  IF v_net > 0 THEN
    v_accounts := v_accounts || p_target;
    v_amounts := v_amounts || v_net;
  ELSIF v_net < 0 THEN
    -- The year's earlier rewards taxed at this credit: the rest from the wallet, then owed.
    SELECT a.balance_paise INTO v_wallet FROM ledger_accounts a WHERE a.id = p_user AND a.kind = 'wallet' FOR UPDATE;
    from_wallet_paise := least(coalesce(v_wallet, 0), -v_net);
    owed_paise := -v_net - from_wallet_paise;
    IF from_wallet_paise > 0 THEN
      v_accounts := v_accounts || p_user;
      v_amounts := v_amounts || -from_wallet_paise;
    END IF;
    IF owed_paise > 0 THEN
      INSERT INTO ledger_accounts (id, code, kind, user_id, created_at, updated_at)
      VALUES (rh_new_id(), 'debt:' || p_user, 'debt', p_user, p_at, p_at)
      ON CONFLICT (code) DO NOTHING;
      SELECT a.id INTO v_debt_id FROM ledger_accounts a WHERE a.code = 'debt:' || p_user;
      v_accounts := v_accounts || v_debt_id;
      v_amounts := v_amounts || -owed_paise;
    END IF;
  END IF;
  entry_id := rh_post_entry(p_entry_kind, p_ref, p_user, p_description, p_at, v_accounts, v_amounts);

  IF tax_paise > 0 THEN
    INSERT INTO tax_withholdings (id, entry_id, user_id, kind, fy, quarter, section, rate_bp, amount_paise, tax_paise, gross_paise, pan_sealed, created_at)
    VALUES (rh_new_id(), entry_id, p_user, p_tax_kind, v_fy, v_quarter, section, rate_bp, taxable_paise, tax_paise, p_gross, v_pan, p_at);
    note_kinds := note_kinds || 'tax_withheld'::text;
    note_titles := note_titles || 'Tax withheld at source'::text;
    note_bodies := note_bodies || CASE
      WHEN from_wallet_paise = 0 AND owed_paise = 0 THEN
        '₹' || rh_rupees(tax_paise) || ' income tax was withheld at source from ₹' || rh_rupees(p_gross)
        || ' (section ' || section || ', ' || rh_percent(rate_bp) || '% of ₹' || rh_rupees(taxable_paise) || ').'
      WHEN owed_paise = 0 THEN
        '₹' || rh_rupees(tax_paise) || ' income tax was withheld at source (section ' || section || ', ' || rh_percent(rate_bp)
        || '% of ₹' || rh_rupees(taxable_paise) || ', your rewards this year not taxed before): ₹' || rh_rupees(p_gross)
        || ' from this credit and ₹' || rh_rupees(from_wallet_paise) || ' from your wallet.'
      WHEN from_wallet_paise = 0 THEN
        '₹' || rh_rupees(tax_paise) || ' income tax was withheld at source (section ' || section || ', ' || rh_percent(rate_bp)
        || '% of ₹' || rh_rupees(taxable_paise) || ', your rewards this year not taxed before): ₹' || rh_rupees(p_gross)
        || ' from this credit and ₹' || rh_rupees(owed_paise) || ' to be recovered from your next earnings.'
      ELSE
        '₹' || rh_rupees(tax_paise) || ' income tax was withheld at source (section ' || section || ', ' || rh_percent(rate_bp)
        || '% of ₹' || rh_rupees(taxable_paise) || ', your rewards this year not taxed before): ₹' || rh_rupees(p_gross)
        || ' from this credit, ₹' || rh_rupees(from_wallet_paise) || ' from your wallet and ₹' || rh_rupees(owed_paise)
        || ' to be recovered from your next earnings.'
    END;
  END IF;

  -- Once a year, a person without a PAN whose rewards near the threshold (three quarters of it) is asked for it.
  IF p_tax_kind = 'referral' AND s.tds_enabled AND v_no_pan AND v_asked IS NULL
     AND v_credited * 4 >= s.tds_referral_yearly_threshold_paise * 3 THEN
    UPDATE tax_years SET pan_asked_at = p_at WHERE user_id = p_user AND fy = v_fy;
    note_kinds := note_kinds || 'pan_requested'::text;
    note_titles := note_titles || ('Add your PAN: without it ' || rh_percent(greatest(s.tds_referral_rate_bp, s.tds_no_pan_rate_bp)) || '% is withheld');
    note_bodies := note_bodies || ('Your referral rewards this financial year are ₹' || rh_rupees(v_credited) || '. Above ₹'
      || rh_rupees(s.tds_referral_yearly_threshold_paise) || ' in a year, income tax is withheld at source: '
      || rh_percent(s.tds_referral_rate_bp) || '% with your PAN, ' || rh_percent(greatest(s.tds_referral_rate_bp, s.tds_no_pan_rate_bp))
      || '% without it. Add your PAN on your Profile.');
  END IF;
END;
$$;
