-- Trigger function: a posted entry, its lines and the seals are never changed or deleted (SQLSTATE
-- RH003); a mistake is corrected by a reversing entry that names the one it reverses.
-- Fired by the append-only triggers of migration 0012 on the ledger tables.
CREATE OR REPLACE FUNCTION rh_refuse_ledger_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: correct it with a reversing entry', TG_TABLE_NAME USING ERRCODE = 'RH003';
END;
$$;
