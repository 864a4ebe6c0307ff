-- docs/product/credit.md: the ledger is append-only. A mistake is put right by a reversal or an
-- adjustment, never by changing or removing an entry; the database refuses it whatever the code does.
-- Run by the triggers credit_ledger_no_change and credit_ledger_no_truncate.
CREATE OR REPLACE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
